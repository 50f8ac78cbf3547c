import { InputError } from "./errors.ts";
import type { PromptOptions } from "./task.ts";

/** The prompt variant asked for (`"default"` when none is), refused unless it is one of the task's. */
export function checkVariant<Variant extends string>(
  opts: PromptOptions,
  variants: readonly Variant[],
): Variant {
  const variant = opts.variant ?? "default";
  if (!(variants as readonly string[]).includes(variant)) {
    throw new InputError(`unknown prompt variant "${variant}" (variants: ${variants.join(", ")})`, {
      field: "variant",
    });
  }
  return variant as Variant;
}

/**
 * The number of worked examples asked for (`fallback` when none is): a whole number up to the
 * `max` the task has, which is 0 for a task with no worked examples.
 */
export function checkShots(opts: PromptOptions, max = 0, fallback = 0): number {
  const shots = opts.shots ?? fallback;
  if (max === 0 && shots !== 0) {
    throw new InputError(`this task has no worked examples: shots must be 0, got ${shots}`, {
      field: "shots",
    });
  }
  if (!Number.isInteger(shots) || shots < 0 || shots > max) {
    throw new InputError(`shots must be a whole number from 0 to ${max}, got ${shots}`, { field: "shots" });
  }
  return shots;
}

/** The one sentence every prompt uses to state the model's output-token cap. */
export function tokenCapSentence(maxOutputTokens: number): string {
  return `Your whole reply, reasoning and answer together, may use at most ${maxOutputTokens} output tokens.`;
}

/** The token-cap sentence as a list of lines: empty when no cap is set. */
export function tokenCapLines(opts: PromptOptions): string[] {
  return opts.maxOutputTokens === undefined ? [] : [tokenCapSentence(opts.maxOutputTokens)];
}
