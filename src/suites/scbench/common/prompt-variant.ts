import { InputError } from "../../../core/errors.ts";
import type { PromptOptions } from "../../../core/task.ts";
import { checkNoShots } from "./prompt-options.ts";

/**
 * The SCBench prompt variants: "default" carries what the original's prompt said and no more;
 * "explained" is Plumb's earlier wording, which also spells out the rules the answer is checked by.
 */
export const PROMPT_VARIANTS = ["default", "explained"] as const;
export type PromptVariant = (typeof PROMPT_VARIANTS)[number];

/** The variant asked for, after the same checks as checkPromptOptions (no worked examples). */
export function promptVariant(opts: PromptOptions): PromptVariant {
  const variant = opts.variant ?? "default";
  if (!(PROMPT_VARIANTS as readonly string[]).includes(variant)) {
    throw new InputError(`unknown prompt variant "${variant}" (${PROMPT_VARIANTS.join(", ")})`, {
      field: "variant",
    });
  }
  checkNoShots(opts);
  return variant as PromptVariant;
}
