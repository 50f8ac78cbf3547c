import { z } from "zod";
import { generatedInstance } from "../../../core/instances.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import { cappedList } from "../common/answer-caps.ts";
import { LARGEST_DIGITS } from "./largest.ts";
import { ORIENTATIONS } from "./rules.ts";

export const TASK_ID = "scbench/printable-prime";

/** Length of the original's reference answer 888,999,996,969,699,696,669,666,333,377,777,711,111,171. */
export const KNOWN_BEST_DIGITS = 42;
/** An answer may have at most this many digits, so the primality check stays fast. */
export const ANSWER_DIGIT_CAP = 1000;

export const printablePrimeParams = z
  .object({
    /** Digits for full credit: the score is min(1, digits / targetDigits). No printable prime is longer than LARGEST_DIGITS. */
    targetDigits: z.int().min(1).max(LARGEST_DIGITS).default(KNOWN_BEST_DIGITS),
    /** When set, longer answers break the rules. */
    maxDigits: z.int().min(1).max(ANSWER_DIGIT_CAP).nullable().default(null),
    /** Stacks not taller than this lose 10% of the score. */
    minHeightMm: z.number().min(0).max(1000).default(70),
  })
  .refine((p) => p.maxDigits === null || p.targetDigits <= p.maxDigits, {
    message: "targetDigits must not exceed maxDigits",
    path: ["targetDigits"],
  });
export type PrintablePrimeParams = z.infer<typeof printablePrimeParams>;

/** The rules are the instance: the data repeats the parameters. */
export const printablePrimeData = z.object({
  targetDigits: z.int().min(1),
  maxDigits: z.int().min(1).nullable(),
  minHeightMm: z.number().min(0),
});
export type PrintablePrimeData = z.infer<typeof printablePrimeData>;

export const stackItem = z.object({
  digit: z.int(),
  orientation: z.enum(ORIENTATIONS),
});
export type StackItem = z.infer<typeof stackItem>;

/** Unknown keys are ignored. */
export const printablePrimeAnswer = z.object({
  numberSequence: cappedList(stackItem, ANSWER_DIGIT_CAP, "digits"),
  reasoning: z.string().nullish(),
});
export type PrintablePrimeAnswer = z.infer<typeof printablePrimeAnswer>;

export function generatePrintablePrime(params: PrintablePrimeParams, rng: Rng): Instance<PrintablePrimeData> {
  const data: PrintablePrimeData = {
    targetDigits: params.targetDigits,
    maxDigits: params.maxDigits,
    minHeightMm: params.minHeightMm,
  };
  return generatedInstance(TASK_ID, params, rng, data);
}
