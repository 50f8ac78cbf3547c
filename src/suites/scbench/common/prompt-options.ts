import { InputError } from "../../../core/errors.ts";
import type { PromptOptions } from "../../../core/task.ts";

/** SCBench prompts have one wording and no worked examples. */
export function checkPromptOptions(opts: PromptOptions): void {
  const variant = opts.variant ?? "default";
  if (variant !== "default") {
    throw new InputError(`unknown prompt variant "${variant}" (only "default")`, { field: "variant" });
  }
  checkNoShots(opts);
}

/** SCBench prompts have no worked examples. */
export function checkNoShots(opts: PromptOptions): void {
  const shots = opts.shots ?? 0;
  if (shots !== 0)
    throw new InputError(`this task has no worked examples: shots must be 0, got ${shots}`, {
      field: "shots",
    });
}

/** The sentence that states the output-token cap, when one is set. */
export function tokenCapLines(opts: PromptOptions): string[] {
  return opts.maxOutputTokens === undefined
    ? []
    : [
        `Your whole reply, reasoning and answer together, may use at most ${opts.maxOutputTokens} output tokens.`,
      ];
}
