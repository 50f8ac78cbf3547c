import { type Env, modeFromEnv } from "./env-mode.ts";

/**
 * How answers are read. "anchor" (the default) reads them as the original code
 * (`Simplified-Reasoning/ComBench`, src/eval/extractor.py) does; "plumb" is Plumb's own heading parser.
 */
export const PARSING_MODES = ["anchor", "plumb"] as const;
export type ParsingMode = (typeof PARSING_MODES)[number];

export const PARSING_MODE_VARIABLE = "PLUMB_COMBENCH_PARSING";

export function parsingMode(env: Env = process.env): ParsingMode {
  return modeFromEnv(PARSING_MODE_VARIABLE, PARSING_MODES, "a parsing mode", env);
}
