import { InputError } from "../../../core/errors.ts";

/**
 * How answers are read. "anchor" (the default) reads them as the original code
 * (`Simplified-Reasoning/ComBench`, src/eval/extractor.py) does; "plumb" is Plumb's own heading parser.
 */
export const PARSING_MODES = ["anchor", "plumb"] as const;
export type ParsingMode = (typeof PARSING_MODES)[number];

export const PARSING_MODE_VARIABLE = "PLUMB_COMBENCH_PARSING";

export function parsingMode(env: Readonly<Record<string, string | undefined>> = process.env): ParsingMode {
  const raw = env[PARSING_MODE_VARIABLE]?.trim() || "anchor";
  const mode = PARSING_MODES.find((m) => m === raw.toLowerCase());
  if (!mode) {
    throw new InputError(`"${raw}" is not a parsing mode (${PARSING_MODES.join(", ")})`, {
      field: PARSING_MODE_VARIABLE,
    });
  }
  return mode;
}
