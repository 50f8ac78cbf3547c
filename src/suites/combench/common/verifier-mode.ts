import { type Env, modeFromEnv } from "./env-mode.ts";

export const VERIFIER_MODES = ["auto", "python", "native"] as const;
export type VerifierMode = (typeof VERIFIER_MODES)[number];

export const VERIFIER_MODE_VARIABLE = "PLUMB_COMBENCH_VERIFIER";

/**
 * How construction payloads are checked, from PLUMB_COMBENCH_VERIFIER: "auto" (the default) uses the
 * TypeScript port where the record has one and the sandboxed Python verifier otherwise; "python" always
 * runs the record's verifier; "native" never starts Python (records without a port stay unchecked).
 */
export function verifierMode(env: Env = process.env): VerifierMode {
  return modeFromEnv(VERIFIER_MODE_VARIABLE, VERIFIER_MODES, "a verifier mode", env);
}
