import { InputError } from "../../../core/errors.ts";

export const VERIFIER_MODES = ["auto", "python", "native"] as const;
export type VerifierMode = (typeof VERIFIER_MODES)[number];

export const VERIFIER_MODE_VARIABLE = "PLUMB_COMBENCH_VERIFIER";

/**
 * How construction payloads are checked, from PLUMB_COMBENCH_VERIFIER: "auto" (the default) uses the
 * TypeScript port where the record has one and the sandboxed Python verifier otherwise; "python" always
 * runs the record's verifier; "native" never starts Python (records without a port stay unchecked).
 */
export function verifierMode(env: Readonly<Record<string, string | undefined>> = process.env): VerifierMode {
  const raw = env[VERIFIER_MODE_VARIABLE]?.trim() || "auto";
  const mode = VERIFIER_MODES.find((m) => m === raw.toLowerCase());
  if (!mode) {
    throw new InputError(`"${raw}" is not a verifier mode (${VERIFIER_MODES.join(", ")})`, {
      field: VERIFIER_MODE_VARIABLE,
    });
  }
  return mode;
}
