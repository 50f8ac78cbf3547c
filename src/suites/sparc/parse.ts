import { ParseFailure } from "../../core/verdict.ts";
import type { Puzzle } from "./puzzle.ts";
import type { Point } from "./record.ts";

export type ExtractMode = "strict" | "lenient";

export interface Extraction {
  path: Point[] | null;
  mode: ExtractMode;
  /** true when only the lenient rules found it */
  lenientOnly: boolean;
  message?: string;
}

const MARKER = "####";
// The official CLI's pattern. Python's \d would also take non-ASCII digits; we read ASCII only.
const STRICT_PAIR = /\((\d+),\s*(\d+)\)/g;
const LOOSE_PAIR = /\(\s*(\d+)\s*,\s*(\d+)\s*\)|\[\s*(\d+)\s*,\s*(\d+)\s*\]/g;
const LOOSE_OR_BARE_PAIR =
  /\(\s*(\d+)\s*,\s*(\d+)\s*\)|\[\s*(\d+)\s*,\s*(\d+)\s*\]|(?<![\d.])(\d+)\s*,\s*(\d+)(?![\d.])/g;
const ANCHOR_LINE = /^.*\b(?:path|solution)s?\b.*$/gim;
const THINK_OPEN = /<think>/gi;
const THINK_CLOSE = /<\/think>/gi;

/**
 * The most points a path is read with: ten times the positions of the grid. A line visits each
 * position at most once, so anything longer than the grid is judged invalid (`path.length`); reading
 * on past that lets a rambling answer be judged on the CLI's path criteria as the CLI judges it
 * (which stops only at E), while the text's length cannot make the path unboundedly long.
 */
export const maxPathPoints = (puzzle: Puzzle): number => 10 * puzzle.cols * puzzle.rows;

/** Where `re` next matches at or after `from`, or -1. */
function indexOf(text: string, re: RegExp, from: number): number {
  re.lastIndex = from;
  return re.exec(text)?.index ?? -1;
}

function afterLastMarker(text: string): number {
  const i = text.lastIndexOf(MARKER);
  return i < 0 ? -1 : i + MARKER.length;
}

/**
 * Points from the matches of `re` in `text` from `from` on, each taken from the first pair of
 * groups that matched; it stops at the end point (included) or after `limit` points.
 */
function pairs(text: string, from: number, re: RegExp, end: Point, limit: number): Point[] | null {
  const path: Point[] = [];
  re.lastIndex = from;
  for (let m = re.exec(text); m !== null && path.length < limit; m = re.exec(text)) {
    const nums = m.slice(1).filter((g) => g !== undefined);
    const p = { x: Number(nums[0]), y: Number(nums[1]) };
    path.push(p);
    if (p.x === end.x && p.y === end.y) break;
  }
  return path.length > 0 ? path : null;
}

function strict(text: string, end: Point, limit: number): Point[] | null {
  return pairs(text, Math.max(0, afterLastMarker(text)), STRICT_PAIR, end, limit);
}

/**
 * Drops reasoning blocks: closed <think>…</think> pairs, everything before a stray </think>
 * (templates often put the opening tag in the prompt), and an unclosed <think> to the end.
 */
export function stripThink(text: string): string {
  let out = "";
  let at = 0;
  for (let open = indexOf(text, THINK_OPEN, 0); open >= 0; open = indexOf(text, THINK_OPEN, at)) {
    const close = indexOf(text, THINK_CLOSE, open + "<think>".length);
    if (close < 0) break;
    out += text.slice(at, open);
    at = close + "</think>".length;
  }
  out += text.slice(at);
  let stray = -1;
  for (let c = indexOf(out, THINK_CLOSE, 0); c >= 0; c = indexOf(out, THINK_CLOSE, c + 1)) stray = c;
  if (stray >= 0) out = out.slice(stray + "</think>".length);
  const open = indexOf(out, THINK_OPEN, 0);
  return open < 0 ? out : out.slice(0, open);
}

/** Start of the last match of `re` (a pattern that never matches empty) in `text`, or -1. */
function lastMatch(text: string, re: RegExp): number {
  let last = -1;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    last = m.index;
  }
  return last;
}

/**
 * Bracket, spaced and bare pairs after the last ####, else after the last line naming a path or
 * solution that some pair follows; without a marker, spaced and bracket pairs anywhere (like
 * strict's whole-text fallback). A constant number of scans of the text.
 */
function loose(text: string, end: Point, limit: number): Point[] | null {
  const tail = afterLastMarker(text);
  const lastPair = lastMatch(text, LOOSE_OR_BARE_PAIR);
  if (lastPair < 0) return null;
  if (tail >= 0 && lastPair >= tail) return pairs(text, tail, LOOSE_OR_BARE_PAIR, end, limit);
  let anchor = -1;
  ANCHOR_LINE.lastIndex = 0;
  for (let m = ANCHOR_LINE.exec(text); m !== null && m.index <= lastPair; m = ANCHOR_LINE.exec(text)) {
    anchor = m.index;
  }
  if (anchor >= 0) return pairs(text, anchor, LOOSE_OR_BARE_PAIR, end, limit);
  return tail < 0 ? pairs(text, 0, LOOSE_PAIR, end, limit) : null;
}

const samePath = (a: Point[] | null, b: Point[] | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.length === b.length &&
    a.every((p, i) => p.x === b[i]?.x && p.y === b[i]?.y));

/**
 * Reads a path of (x, y) positions from a model's answer. "strict" is the official SPaRC CLI's
 * rule; "lenient" also forgives think blocks and other ways of writing pairs. Linear in the
 * text's length; at most `maxPathPoints(puzzle)` points are read.
 */
export function extractPath(text: string, puzzle: Puzzle, mode: ExtractMode = "strict"): Extraction {
  const end = puzzle.end;
  const limit = maxPathPoints(puzzle);
  const official = strict(text, end, limit);
  if (mode === "strict") {
    if (official) return { path: official, mode, lenientOnly: false };
    const where = text.includes(MARKER) ? "after the last ####" : "(no #### marker in the answer)";
    return { path: null, mode, lenientOnly: false, message: `no (x, y) coordinates found ${where}` };
  }
  const cleaned = stripThink(text);
  // Strict on the raw text comes last so lenient never reads less than strict does.
  const path = strict(cleaned, end, limit) ?? loose(cleaned, end, limit) ?? official;
  if (!path) {
    return {
      path: null,
      mode,
      lenientOnly: false,
      message:
        "no coordinate pairs found after ####, after a line naming the path or solution, or in the text",
    };
  }
  return { path, mode, lenientOnly: !samePath(path, official) };
}

export function parseAnswer(
  text: string,
  puzzle: Puzzle,
  mode: ExtractMode = "strict",
): Point[] | ParseFailure {
  const { path, message } = extractPath(text, puzzle, mode);
  return path ?? new ParseFailure(message ?? "no path found");
}
