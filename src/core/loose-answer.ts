import type { ZodType } from "zod";
import { clip } from "./clip.ts";
import { checkAnswer, fencedBlocks, parseJsonAnswer } from "./json-answer.ts";
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
  const json = parseJsonAnswer(text, schema);
  if (!(json instanceof ParseFailure)) return json;
  for (const candidate of literalCandidates(text)) {
    let literal: PyValue;
    try {
      literal = parsePythonLiteral(candidate);
    } catch {
      continue;
    }
    try {
      return checkAnswer(pyToJson(literal), schema);
    } catch (e) {
      return new ParseFailure(clip((e as Error).message, 300));
    }
  }
  return json.message === "no JSON answer found in the reply"
    ? new ParseFailure("no JSON or Python literal answer found in the reply")
    : json;
}

/** At most three texts, each a slice of the reply, so reading them all stays linear. */
function literalCandidates(text: string): string[] {
  const out: string[] = [];
  const whole = text.trim();
  if (whole !== "") out.push(whole);
  const fence = fencedBlocks(text, FENCES).at(-1)?.trim();
  if (fence && fence !== whole) out.push(fence);
  const group = lastBracketGroup(text);
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
