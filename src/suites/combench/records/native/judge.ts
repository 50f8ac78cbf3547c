import { type PyValue, parsePythonLiteral } from "../../../../core/python-literal/index.ts";

/** What a native port of a record's Python verifier decides about one payload. */
export interface NativeVerdict {
  pass: boolean;
  /** "True" on success, else the verifier's one-line diagnostic. */
  reason: string;
}

export type NativeVerifier = (payload: string) => NativeVerdict;

/** A failed condition, as the Python verifiers' `Reject`. */
export class Rejection extends Error {}

export function need(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Rejection(message);
}

/** The characters Python's `str.strip()` removes (JS `trim` differs: it strips U+FEFF, keeps U+001C–U+001F and U+0085). */
function isPySpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    (c >= 0x1c && c <= 0x20) ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Python's `str.strip()`, by hand from both ends (a `\s+$` regex retries at every position: quadratic). */
function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPySpace(text.charCodeAt(start))) start++;
  while (end > start && isPySpace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

/**
 * Runs a port the way the Python verifiers run: strip, reject empty text, `ast.literal_eval`, then the
 * record's checks. Anything the checks throw other than a Rejection is a failure too.
 */
export function judge(payload: string, check: (value: PyValue) => void): NativeVerdict {
  const text = pyStrip(payload);
  if (text === "") return { pass: false, reason: "Empty payload" };
  let value: PyValue;
  try {
    value = parsePythonLiteral(text);
  } catch (e) {
    return { pass: false, reason: `Parse error: ${e instanceof Error ? e.message : String(e)}` };
  }
  try {
    check(value);
  } catch (e) {
    if (e instanceof Rejection) return { pass: false, reason: e.message };
    return { pass: false, reason: `verifier error: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { pass: true, reason: "True" };
}
