import { canonicalJson } from "./canonical.ts";
import type { AnyTask, Environment, Instance, StepResult } from "./task.ts";
import { errorVerdict, isParseFailure, ParseFailure, parseFailureVerdict, type Verdict } from "./verdict.ts";

/** Model text longer than this (UTF-8 bytes) is not read: a parse failure. `--max-response-bytes` sets it. */
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

export interface GradeOptions {
  /** Also try the task's lenient reading, used when it finds a different answer (SPaRC's --lenient). */
  lenient?: boolean;
  maxResponseBytes?: number;
}

export interface Graded {
  /** The answer that was verified, or null when none could be read. */
  answer: unknown;
  verdict: Verdict;
  /** True when only the lenient reading found this answer. */
  lenient: boolean;
}

/** Why a text is over the response cap, or undefined when it is within it. */
export function oversized(text: string, maxBytes = DEFAULT_MAX_RESPONSE_BYTES): ParseFailure | undefined {
  if (text.length <= maxBytes / 3) return undefined; // at most 3 UTF-8 bytes per UTF-16 unit
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes <= maxBytes) return undefined;
  return new ParseFailure(
    `the response is ${bytes.toLocaleString("en")} bytes, over the ${maxBytes.toLocaleString("en")}-byte cap (--max-response-bytes)`,
  );
}

/**
 * Model text → parse → verify, the path every grade takes (the CLI's grade, the runner). Text over the
 * cap is a parse failure without being read; a task whose parser or verifier throws gives an `error`
 * verdict for this answer instead of a crash.
 */
export async function gradeResponse(
  task: AnyTask,
  inst: Instance,
  text: string,
  opts: GradeOptions = {},
): Promise<Graded> {
  const tooBig = oversized(text, opts.maxResponseBytes);
  if (tooBig) return { answer: null, verdict: parseFailureVerdict(tooBig), lenient: false };
  let answer: unknown;
  let lenient = false;
  try {
    answer = task.parse(text, inst);
    if (opts.lenient) {
      const loose = task.parse(text, inst, { lenient: true });
      if (
        !isParseFailure(loose) &&
        (isParseFailure(answer) || canonicalJson(loose) !== canonicalJson(answer))
      ) {
        answer = loose;
        lenient = true;
      }
    }
  } catch (e) {
    return { answer: null, verdict: errorVerdict("reading the answer", e), lenient: false };
  }
  if (isParseFailure(answer)) return { answer: null, verdict: parseFailureVerdict(answer), lenient };
  return { answer, verdict: await verifyAnswer(task, inst, answer), lenient };
}

/** The task's verdict on an answer; a verifier that throws gives an `error` verdict. */
export async function verifyAnswer(task: AnyTask, inst: Instance, answer: unknown): Promise<Verdict> {
  try {
    return await task.verify(inst, answer);
  } catch (e) {
    return errorVerdict("verification", e);
  }
}

/**
 * Model text read by `read` (an environment's action, a judge's grade), capped like a response; a
 * reader that throws gives a parse failure naming `what` instead of an exception.
 */
export function readSafely<T>(
  text: string,
  read: (text: string) => T | ParseFailure,
  what: string,
  maxBytes?: number,
): T | ParseFailure {
  const tooBig = oversized(text, maxBytes);
  if (tooBig) return tooBig;
  try {
    return read(text);
  } catch (e) {
    return new ParseFailure(`${what} could not be read (a bug in Plumb): ${(e as Error).message}`);
  }
}

/** An environment's action in a reply (see readSafely). */
export function readAction(env: Environment, text: string, maxBytes?: number): unknown {
  return readSafely(text, (t) => env.parseAction(t), "the action", maxBytes);
}

/** One environment step; an environment that throws ends the episode as an error, never the run. */
export function stepSafely(env: Environment, action: unknown): StepResult | { crashed: Verdict } {
  try {
    return env.step(action);
  } catch (e) {
    return { crashed: errorVerdict("the environment's step", e) };
  }
}
