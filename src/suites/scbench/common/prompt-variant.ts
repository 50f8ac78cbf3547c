import { checkShots, checkVariant } from "../../../core/prompt-options.ts";
import type { PromptOptions } from "../../../core/task.ts";

/**
 * The SCBench prompt variants: "default" carries what the original's prompt said and no more;
 * "explained" is Plumb's earlier wording, which also spells out the rules the answer is checked by.
 */
export const PROMPT_VARIANTS = ["default", "explained"] as const;
export type PromptVariant = (typeof PROMPT_VARIANTS)[number];

/** The variant asked for; SCBench prompts have no worked examples. */
export function promptVariant(opts: PromptOptions): PromptVariant {
  const variant = checkVariant(opts, PROMPT_VARIANTS);
  checkShots(opts);
  return variant;
}
