import { clip } from "../../core/clip.ts";
import { isPySpace, pyStrip } from "../../core/python-literal/whitespace.ts";
import { finalLabelEnds } from "../../core/replies.ts";
import { ParseFailure } from "../../core/verdict.ts";

/** In SPaRC-Gym order: action k is DIRECTIONS[k]. */
export const DIRECTIONS = ["right", "up", "left", "down"] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Longer replies are refused unread; the scan is linear, so this only bounds the work. */
export const MAX_ACTION_REPLY = 8_000_000;

const THINK_END = "</think>";

const WORD = /^[\p{L}\p{N}_]$/u;

/** Python's `\w` on one code point (letters, numbers, underscore); undefined is a text edge. */
function isWord(c: number | undefined): boolean {
  if (c === undefined) return false;
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  return WORD.test(String.fromCodePoint(c));
}

/** The code point ending just before index `i`, surrogate pairs joined. */
function codePointBefore(s: string, i: number): number | undefined {
  if (i <= 0) return undefined;
  const low = s.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = s.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return s.codePointAt(i - 2);
  }
  return low;
}

/**
 * Python's re.IGNORECASE on ASCII: the other case. (The CLI's `Final:` label also matches 'İ' and
 * 'ı' for the i, see finalLabelEnds; in a direction word they make the CLI crash, so they are no match.)
 */
function sameLetter(code: number, lower: string): boolean {
  const l = lower.charCodeAt(0);
  return code === l || (l >= 97 && l <= 122 && code === l - 32);
}

/** Whether `word` (lower case) is spelled at `at`, ignoring case. */
function spelledAt(s: string, at: number, word: string): boolean {
  if (at < 0 || at + word.length > s.length) return false;
  for (let k = 0; k < word.length; k++) {
    if (!sameLetter(s.charCodeAt(at + k), word[k] as string)) return false;
  }
  return true;
}

/** The direction word starting at `at` and ending at a word boundary. */
function wordAt(s: string, at: number): Direction | undefined {
  return DIRECTIONS.find((d) => spelledAt(s, at, d) && !isWord(s.codePointAt(at + d.length)));
}

/** The action digit at `at` followed by a word boundary. */
function digitAt(s: string, at: number): Direction | undefined {
  const c = s.charCodeAt(at);
  if (c < 48 || c > 51 || isWord(s.codePointAt(at + 1))) return undefined;
  return DIRECTIONS[c - 48];
}

/**
 * The SPaRC CLI's gym action reader (`_parse_action`, applied to the reply after its last
 * `</think>`): the first `Final: <0-3>` anywhere, else the first `Final: <right|up|left|down>`,
 * else a digit 0-3 ending the reply, else a direction word ending it. Case-insensitive, with
 * Python's word boundaries; one linear pass, and it never throws. The labels are found by the
 * shared `Final:` protocol reader (core/replies.ts) in the CLI's way of ignoring case.
 */
export function readGymAction(text: string): Direction | ParseFailure {
  if (text.length > MAX_ACTION_REPLY) {
    return new ParseFailure(
      `the reply is ${text.length} characters long; actions are read from at most ${MAX_ACTION_REPLY}`,
    );
  }
  const think = text.lastIndexOf(THINK_END);
  const reply = pyStrip(think < 0 ? text : text.slice(think + THINK_END.length));
  let byWord: Direction | undefined;
  for (const end of finalLabelEnds(reply, { pythonCase: true })) {
    let j = end;
    while (j < reply.length && isPySpace(reply.charCodeAt(j))) j++;
    const digit = digitAt(reply, j);
    if (digit !== undefined) return digit;
    byWord ??= wordAt(reply, j);
  }
  if (byWord !== undefined) return byWord;
  const last = digitAt(reply, reply.length - 1);
  if (last !== undefined && !isWord(codePointBefore(reply, reply.length - 1))) return last;
  for (const d of DIRECTIONS) {
    const at = reply.length - d.length;
    if (spelledAt(reply, at, d) && !isWord(codePointBefore(reply, at))) return d;
  }
  const tail =
    reply === "" ? "the reply is empty" : `the reply ends ${JSON.stringify(clip(reply.slice(-40), 40))}`;
  return new ParseFailure(
    `no "Final: <action>" with a digit 0-3 or right, up, left, down, and no such action ends the reply (${tail})`,
  );
}
