import { unisolatedCodeAllowed } from "../../../core/untrusted.ts";
import type { Check } from "../../../core/verdict.ts";
import {
  type Sandbox,
  type SandboxLimits,
  type SandboxResult,
  sharedSandbox,
} from "../../../sandbox/index.ts";
import { nativePortFor } from "./native-port.ts";
import { type PreparedPayload, preparePayload } from "./payload.ts";
import type { TaskRecord } from "./record.ts";
import { VERIFIER_MODE_VARIABLE, verifierMode } from "./verifier-mode.ts";

export const VERIFIED = "construction.verified";
/** Named apart from VERIFIED: the verifier could not run, so there is no construction result to gate with. */
export const UNCHECKED = "construction.unchecked";

export interface VerifierRun extends SandboxResult {
  /** How the payload reached the verifier (see `preparePayload`). */
  payload: PreparedPayload["how"];
}

/**
 * A record's verifier on a payload, as appendix D.1 runs it (the payload on stdin; pass ⇔ it prints True),
 * with the payload made inert first so that it never runs inside the verifier's interpreter, and the
 * verifier in a fresh jail. A refused payload fails without running the verifier.
 */
export async function runConstructionVerifier(
  code: string,
  payload: string,
  options: { sandbox?: Sandbox; unisolated?: boolean; limits?: Partial<SandboxLimits> } = {},
): Promise<VerifierRun> {
  const sandbox = options.sandbox ?? sharedSandbox();
  const unisolated = options.unisolated ?? unisolatedCodeAllowed();
  const prepared = await preparePayload(code, payload, sandbox, { unisolated, limits: options.limits });
  if (prepared.how === "unavailable" || prepared.how === "refused") {
    const refused = prepared.how === "refused";
    return {
      payload: prepared.how,
      status: refused ? "refused" : "unavailable",
      reason: refused ? `The verifier was not run: ${prepared.reason}.` : prepared.reason,
      stdout: "",
      stderr: "",
      exitCode: null,
      signal: null,
      ms: 0,
      isolation: refused ? prepared.isolation : undefined,
    };
  }
  const result = await sandbox.run(code, prepared.stdin, {
    strings: prepared.strings,
    unisolated,
    limits: options.limits,
  });
  return { ...result, payload: prepared.how };
}

/**
 * Checks the payload with the record's verifier: the native TypeScript port where there is one (unless
 * PLUMB_COMBENCH_VERIFIER=python), else the Python verifier in the jail. A timeout, memory overrun, blocked
 * operation, refused payload or crash is a failed construction; no python3, no isolation without
 * --unsafe-verifiers, or native mode without a port leaves it unchecked. `isolation` names where the
 * verifier ran: "native" (no untrusted code ran), "bwrap", or "none".
 */
export async function checkConstruction(
  record: TaskRecord,
  payload: string,
): Promise<{ check: Check; isolation: string | undefined }> {
  const mode = verifierMode();
  const port = mode === "python" ? undefined : nativePortFor(record);
  if (port) {
    const verdict = port(payload);
    return {
      check: { name: VERIFIED, ok: verdict.pass, detail: `native: ${verdict.reason}` },
      isolation: "native",
    };
  }
  if (mode === "native") {
    const detail = `no native port of ${record.id}'s verifier (${VERIFIER_MODE_VARIABLE}=native)`;
    return { check: { name: UNCHECKED, ok: false, detail }, isolation: undefined };
  }
  const result = await runConstructionVerifier(record.verify_code, payload);
  const isolation = result.isolation?.kind;
  if (result.status === "unavailable") {
    return { check: { name: UNCHECKED, ok: false, detail: `python: ${result.reason}` }, isolation };
  }
  const how = result.payload === "evaluated" ? " (payload evaluated first, in its own jail)" : "";
  const detail = result.status === "fail" ? result.reason : `${result.status}: ${result.reason}`;
  return {
    check: {
      name: VERIFIED,
      ok: result.status === "pass",
      detail: `python in ${isolation}${how}: ${detail}`,
    },
    isolation,
  };
}
