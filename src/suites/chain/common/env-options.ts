import { z } from "zod";
import { fromZodError } from "../../../core/errors.ts";

/**
 * The environment options of CHAIN's tasks. `vision` attaches the multi-view PNG to every
 * observation; `imageOnly` (the runner's `--variant image-only`, which also sets `vision`) keeps
 * the state out of the text, so the images are the only place it can be read.
 */
export const chainEnvOptions = z
  .object({ maxSteps: z.number().int().positive(), vision: z.boolean(), imageOnly: z.boolean() })
  .partial();
export type ChainEnvOptions = z.infer<typeof chainEnvOptions>;

/** The options given to `env`, checked; a bad one is an InputError naming the field. */
export function readEnvOptions(opts: unknown): ChainEnvOptions {
  const parsed = chainEnvOptions.safeParse(opts);
  if (!parsed.success) throw fromZodError(parsed.error, ["env"]);
  return parsed.data;
}
