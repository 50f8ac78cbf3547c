import type { ZodType } from "zod";
import { clip } from "./clip.ts";
import { ParseFailure } from "./verdict.ts";

/** Deepest nesting of arrays and objects an answer may have; no task's answer needs more than 5. */
export const MAX_ANSWER_DEPTH = 64;

/**
 * Reads a JSON answer from model text: the whole text when it is JSON (structured output), else
 * the last fenced ```json block that is JSON, else the last balanced {...} or [...] that is JSON.
 * The value must then match the task's answer schema; anything else is a parse failure naming the
 * field. Linear in the text's length: every candidate is checked by one scan before a single
 * JSON.parse, and values nested deeper than MAX_ANSWER_DEPTH are refused before they are parsed.
 */
export function parseJsonAnswer<T>(text: string, schema: ZodType<T>): T | ParseFailure {
  return readJsonText(findJson(text), schema);
}

/** The answer in a JSON text findJson chose (undefined: none was found). */
export function readJsonText<T>(json: string | undefined, schema: ZodType<T>): T | ParseFailure {
  if (json === undefined) return new ParseFailure("no JSON answer found in the reply");
  if (nestedDeeperThan(json, MAX_ANSWER_DEPTH)) {
    return new ParseFailure(`answer: nested more than ${MAX_ANSWER_DEPTH} levels deep`);
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return new ParseFailure("no JSON answer found in the reply");
  }
  dropProtoKeys(value);
  return checkAnswer(value, schema);
}

/** The value if it matches the task's answer schema, else a parse failure naming the field. */
export function checkAnswer<T>(value: unknown, schema: ZodType<T>): T | ParseFailure {
  let parsed: ReturnType<typeof schema.safeParse>;
  try {
    parsed = schema.safeParse(value);
  } catch (e) {
    return new ParseFailure(clip(`answer could not be checked: ${(e as Error).message}`, 300));
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field =
      issue?.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${clip(String(p), 40)}`)).join("") ?? "";
    return new ParseFailure(
      clip(`answer${field}: ${issue?.message ?? "does not match the answer format"}`, 300),
    );
  }
  return parsed.data;
}

/** The JSON text of the answer, chosen by the rules of parseJsonAnswer, or undefined. */
export function findJson(text: string): string | undefined {
  const whole = text.trim();
  const span = lastJsonSpan(text);
  const lead = text.length - text.trimStart().length;
  const wholeIsSpan = span !== undefined && span[0] === lead && span[1] === lead + whole.length;
  if (wholeIsSpan || (!/^[[{]/.test(whole) && isJsonText(whole))) return whole;
  const fences = fencedBlocks(text);
  for (let i = fences.length - 1; i >= 0; i--) {
    const block = fences[i]!.trim();
    if (isJsonText(block)) return block;
  }
  return span && text.slice(span[0], span[1]);
}

/**
 * Contents of fences: an opening ``` is followed by one of `languages` (or none) and whitespace
 * holding a line break; the block runs to the next ```. Blocks never overlap.
 */
export function fencedBlocks(text: string, languages: readonly string[] = ["json"]): string[] {
  const blocks: string[] = [];
  let at = text.indexOf("```");
  while (at >= 0) {
    let i = at + 3;
    const language = languages.find((l) => text.startsWith(l, i));
    if (language) i += language.length;
    let newline = false;
    for (; i < text.length && /\s/.test(text[i]!); i++) if (text[i] === "\n") newline = true;
    if (!newline) {
      at = text.indexOf("```", at + 1);
      continue;
    }
    const close = text.indexOf("```", i);
    if (close < 0) break;
    blocks.push(text.slice(i, close));
    at = text.indexOf("```", close + 3);
  }
  return blocks;
}

/** True when JSON.parse(s) would succeed, decided in linear time without throwing. */
export function isJsonText(s: string): boolean {
  let from = 0;
  let to = s.length;
  while (from < to && isSpace(s.charCodeAt(from))) from++;
  while (to > from && isSpace(s.charCodeAt(to - 1))) to--;
  const c = s.charCodeAt(from);
  if (c === LBRACKET || c === LBRACE) {
    const span = lastJsonSpan(s);
    return span !== undefined && span[0] === from && span[1] === to;
  }
  if (c === QUOTE) {
    const str = stringEnd(s, from);
    return str.ok && str.end === to;
  }
  return scalarEnd(s, from) === to;
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

// What an open bracket accepts next.
const VALUE_OR_CLOSE = 0; // just after [
const VALUE = 1; // after a comma in an array, or a colon
const COMMA_OR_CLOSE = 2; // after a value
const KEY_OR_CLOSE = 3; // just after {
const KEY = 4; // after a comma in an object
const COLON = 5; // after a key

/** Buffers of the bracket stack, kept for the next scan unless they grew past this many entries. */
const SCRATCH_KEPT = 1 << 16;
let scratch = { starts: new Int32Array(64), states: new Uint8Array(64), objects: new Uint8Array(64) };

function grown<A extends Int32Array | Uint8Array>(from: A, to: A): A {
  to.set(from);
  return to;
}

/**
 * Where the last balanced {...} or [...] that is valid JSON lies, in one forward scan. Outside
 * brackets the text is prose: quotes there open nothing. Inside, a bracket stack follows JSON's
 * grammar; an error invalidates every bracket open at that point (all of them contain it), while
 * brackets opened later start afresh, and in an invalid bracket quotes are plain text again. A
 * string that meets a raw line break or the end of the text is not JSON: its brackets are
 * invalidated and the scan resumes just after its opening quote (every quote in that stretch is
 * escaped, so none opens a string: no character is scanned more than twice). So a stray quote
 * right after a bracket can hide JSON only on its own line.
 */
function lastJsonSpan(text: string): [number, number] | undefined {
  // Indexed by height; entries above the height are stale. (No closures here: tsx wraps every
  // closure it creates in a naming call, which made each scan of a short fence costly.)
  let { starts, states, objects } = scratch;
  const open = [0, 0]; // brackets open: [ and {
  let height = 0;
  let valid = 0; // brackets below this height already hold an error
  let lastStart = -1;
  let lastEnd = -1;

  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const top = height - 1;
    if (c === LBRACKET || c === LBRACE) {
      if (top >= valid) {
        if (states[top] === VALUE || states[top] === VALUE_OR_CLOSE) states[top] = COMMA_OR_CLOSE;
        else valid = height;
      }
      const object = c === LBRACE ? 1 : 0;
      if (height === starts.length) {
        starts = grown(starts, new Int32Array(2 * height));
        states = grown(states, new Uint8Array(2 * height));
        objects = grown(objects, new Uint8Array(2 * height));
        if (2 * height <= SCRATCH_KEPT) scratch = { starts, states, objects };
      }
      starts[height] = i;
      states[height] = object ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
      objects[height] = object;
      open[object]!++;
      height++;
      i++;
      continue;
    }
    if (top < 0) {
      i++;
      continue;
    }
    if (c === RBRACKET || c === RBRACE) {
      const object = c === RBRACE ? 1 : 0;
      i++;
      if (objects[top] !== object) {
        valid = height;
        if (open[object] === 0) continue;
        // Brackets left open inside the one this closes are dropped.
        while (objects[height - 1] !== object) open[objects[--height]!]!--;
      }
      const t = height - 1;
      const st = states[t];
      if (t >= valid && (st === VALUE_OR_CLOSE || st === KEY_OR_CLOSE || st === COMMA_OR_CLOSE)) {
        lastStart = starts[t]!;
        lastEnd = i;
      }
      open[object]!--;
      height = t;
      if (valid > height) valid = height;
      continue;
    }
    if (top < valid) {
      i++;
      continue;
    }
    const st = states[top]!;
    if (isSpace(c)) {
      i++;
    } else if (c === QUOTE && (st === VALUE || st === VALUE_OR_CLOSE || st === KEY || st === KEY_OR_CLOSE)) {
      const str = stringEnd(text, i);
      if (!str.ok) valid = height;
      if (!str.closed) {
        i++;
        continue;
      }
      states[top] = st === KEY || st === KEY_OR_CLOSE ? COLON : COMMA_OR_CLOSE;
      i = str.end;
    } else if (c === 0x2c && st === COMMA_OR_CLOSE) {
      states[top] = objects[top] ? KEY : VALUE;
      i++;
    } else if (c === 0x3a && st === COLON) {
      states[top] = VALUE;
      i++;
    } else {
      const end = st === VALUE || st === VALUE_OR_CLOSE ? scalarEnd(text, i) : -1;
      if (end > i) {
        states[top] = COMMA_OR_CLOSE;
        i = end;
      } else {
        valid = height;
        i++;
      }
    }
  }
  return lastStart < 0 ? undefined : [lastStart, lastEnd];
}

/**
 * The string opening at `at`: `closed` when an unescaped quote ends it before any raw control
 * character or the end of the text, `ok` when it is also free of bad escapes.
 */
function stringEnd(text: string, at: number): { end: number; closed: boolean; ok: boolean } {
  let ok = true;
  let i = at + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return { end: i + 1, closed: true, ok };
    if (c < 0x20) break;
    if (c === BACKSLASH) {
      const e = text[i + 1];
      if (e === undefined) break;
      if (e === "u") {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) ok = false;
      } else if (!'"\\/bfnrt'.includes(e)) ok = false;
      i += 2;
    } else i++;
  }
  return { end: i, closed: false, ok: false };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

const LITERALS = ["true", "false", "null"];

/** The end of the number, true, false or null at `at`, or -1. */
function scalarEnd(text: string, at: number): number {
  for (const word of LITERALS) if (text.startsWith(word, at)) return at + word.length;
  NUMBER.lastIndex = at;
  return NUMBER.test(text) ? NUMBER.lastIndex : -1;
}

/**
 * Whether the arrays and objects of a JSON text nest deeper than `max` (schemas validate
 * recursively, so a deep value could overflow the stack).
 */
function nestedDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === LBRACKET || c === LBRACE) {
      if (++depth > max) return true;
    } else if (c === RBRACKET || c === RBRACE) depth--;
  }
  return false;
}

/**
 * Drops `__proto__` keys: JSON.parse keeps them as own properties, but any later copy by
 * assignment would turn them into a prototype.
 */
function dropProtoKeys(value: unknown): void {
  if (value === null || typeof value !== "object") return;
  if (!Array.isArray(value)) Reflect.deleteProperty(value, "__proto__");
  for (const child of Object.values(value)) dropProtoKeys(child);
}
