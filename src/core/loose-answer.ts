import type { ZodType } from "zod";
import { clip } from "./clip.ts";
import { checkAnswer, fencedBlocks, findJson, readJsonText } from "./json-answer.ts";
import { type PyValue, parsePythonLiteral, pyToJson } from "./python-literal/index.ts";
import { ParseFailure } from "./verdict.ts";

/** Fence languages a literal may sit under, longest first so `python` is not read as `py`. */
const FENCES = ["python", "json", "py"];

/**
 * Reads an answer written as JSON or as a Python literal — what prompts in the style of the
 * original benchmarks ask for: `{'segments': [[[0, 0], [1, 0.6]]]}`, lists of tuples, True/None.
 * JSON first, by parseJsonAnswer's rules; when that fails, the whole text, the last fenced block
 * and the last bracketed group are tried as Python literals (read by parsePythonLiteral: linear,
 * capped, never evaluated) and the first that reads goes through the same schema. Tuples and sets
 * become arrays, dicts objects. The failure reported is the literal's when one was read, so a
 * wrong shape is named by field rather than by whatever JSON fragment sat inside it.
 */
export function parseLooseAnswer<T>(text: string, schema: ZodType<T>): T | ParseFailure {
  // JSON inside a larger literal (`[]` in `[[], [(2, 3)]]`) is a fragment, not the answer.
  const span = findJson(text);
  const group = lastBracketGroup(text);
  if (span !== undefined && group !== undefined && group.length > span.length && group.includes(span)) {
    const literal = readLiteral(group);
    if (literal !== undefined)
      return literal instanceof ParseFailure ? literal : checkAnswer(literal.value, schema);
  }
  const json = readJsonText(span, schema);
  if (!(json instanceof ParseFailure)) return json;
  for (const candidate of literalCandidates(text, group)) {
    const literal = readLiteral(candidate);
    if (literal !== undefined)
      return literal instanceof ParseFailure ? literal : checkAnswer(literal.value, schema);
  }
  return json.message === "no JSON answer found in the reply"
    ? new ParseFailure("no JSON or Python literal answer found in the reply")
    : json;
}

/** The literal's JSON value; a failure for a literal with no JSON form; undefined for no literal. */
function readLiteral(text: string): { value: unknown } | ParseFailure | undefined {
  let literal: PyValue;
  try {
    literal = parsePythonLiteral(text);
  } catch {
    return undefined;
  }
  try {
    return { value: pyToJson(literal) };
  } catch (e) {
    return new ParseFailure(clip((e as Error).message, 300));
  }
}

/** At most three texts, each a slice of the reply, so reading them all stays linear. */
function literalCandidates(text: string, group: string | undefined): string[] {
  const out: string[] = [];
  const whole = text.trim();
  if (whole !== "") out.push(whole);
  const fence = fencedBlocks(text, FENCES).at(-1)?.trim();
  if (fence && fence !== whole) out.push(fence);
  if (group !== undefined && group !== whole && group !== fence) out.push(group);
  return out;
}

const OPEN = "([{";
const CLOSE = ")]}";

/**
 * The last top-level (...), [...] or {...} whose brackets balance, skipping brackets inside quoted
 * strings. Outside any bracket, quotes are prose (apostrophes); a string that meets a line break,
 * or a closing bracket that does not match, abandons the group. One forward pass.
 */
function lastBracketGroup(text: string): string | undefined {
  const stack: number[] = [];
  let start = -1;
  let last: [number, number] | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    const open = OPEN.indexOf(c);
    if (open >= 0) {
      if (stack.length === 0) start = i;
      stack.push(open);
      continue;
    }
    if (stack.length === 0) continue;
    const close = CLOSE.indexOf(c);
    if (close >= 0) {
      if (stack.pop() !== close) stack.length = 0;
      else if (stack.length === 0) last = [start, i + 1];
    } else if (c === "'" || c === '"') {
      const { end, closed } = stringEnd(text, i, c);
      // An unclosed string's line is skipped whole, so no character is scanned twice.
      if (!closed) stack.length = 0;
      i = end;
    }
  }
  return last && text.slice(last[0], last[1]);
}

/** Where the string opened at `at` ends: its closing quote, or the line break or end that cuts it. */
function stringEnd(text: string, at: number, quote: string): { end: number; closed: boolean } {
  let i = at + 1;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === quote) return { end: i, closed: true };
    else if (c === "\n") return { end: i, closed: false };
  }
  return { end: i, closed: false };
}
