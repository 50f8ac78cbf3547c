import { type PyValue, parsePythonLiteral } from "../../../../core/python-literal/index.ts";
import { pyStrip } from "../../../../core/python-literal/whitespace.ts";

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
