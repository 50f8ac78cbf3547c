import type { Check } from "../../../core/verdict.ts";
import { runVerifier } from "../sandbox/index.ts";
import { nativePortFor } from "./native-port.ts";
import type { TaskRecord } from "./record.ts";
import { VERIFIER_MODE_VARIABLE, verifierMode } from "./verifier-mode.ts";

export const VERIFIED = "construction.verified";
/** Named apart from VERIFIED: the verifier could not run, so there is no construction result to gate with. */
export const UNCHECKED = "construction.unchecked";

/**
 * Runs the payload through the record's verifier, on stdin, as appendix D.1 says. Pass ⇔ it prints True.
 * A timeout, memory overrun, blocked operation or crash is a failed construction; no python3 (or native
 * mode without a port) leaves it unchecked.
 */
export async function checkConstruction(record: TaskRecord, payload: string): Promise<Check> {
  const mode = verifierMode();
  const port = mode === "python" ? undefined : nativePortFor(record);
  if (port) {
    const verdict = port(payload);
    return { name: VERIFIED, ok: verdict.pass, detail: `native: ${verdict.reason}` };
  }
  if (mode === "native") {
    return {
      name: UNCHECKED,
      ok: false,
      detail: `no native port of ${record.id}'s verifier (${VERIFIER_MODE_VARIABLE}=native)`,
    };
  }
  const result = await runVerifier(record.verify_code, payload);
  if (result.status === "unavailable")
    return { name: UNCHECKED, ok: false, detail: `python: ${result.reason}` };
  const detail = result.status === "fail" ? result.reason : `${result.status}: ${result.reason}`;
  return { name: VERIFIED, ok: result.status === "pass", detail: `python: ${detail}` };
}
