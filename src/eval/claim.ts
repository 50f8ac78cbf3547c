import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { InputError } from "../core/errors.ts";
import type { LeaseOwner, Store } from "../store/store.ts";
import { provenanceChange, type RunSpec, specChanges } from "./spec.ts";

/** How long a lease lasts without a heartbeat; a run killed on another machine resumes after it. */
export const LEASE_TTL_MS = 30_000;
const HEARTBEAT_MS = 10_000;
const WAIT_POLL_MS = 1_000;

export interface ClaimOptions {
  /** Discard a stored run of that name (its samples; the response cache stays) and start it afresh. */
  newRun?: boolean;
  /** When another process holds the run, wait for it instead of refusing. */
  wait?: boolean;
  /** Told once when waiting starts. */
  onWait?: (holder: LeaseOwner) => void;
  onNote?: (note: string) => void;
}

export interface Claim {
  resumed: boolean;
  /** Stops the heartbeat and gives the run up (status is left to the caller). */
  release(): void;
  /** False once another process took the run over (the lease lapsed unnoticed). */
  held(): boolean;
}

/**
 * Opens the run for writing: creates it with its spec, or resumes it when its stored spec is the
 * same, refusing (with what changed) when it is not; then holds its lease, renewed by a
 * heartbeat, so no second process writes it at the same time.
 */
export async function claimRun(
  store: Store,
  name: string,
  spec: RunSpec,
  opts: ClaimOptions = {},
): Promise<Claim> {
  const owner: LeaseOwner = { id: randomUUID(), pid: process.pid, host: hostname() };
  const { run: existing, resumed } = store.openRun(name, spec);
  let waited = false;
  for (;;) {
    const got = store.acquireLease(name, owner, LEASE_TTL_MS);
    if (got.ok) break;
    if (!opts.wait) {
      const h = got.holder;
      throw new InputError(
        `run "${name}" is being written by process ${h.pid} on ${h.host} (its lease runs until ${new Date(got.expiresAt).toISOString()}); ` +
          "pass --wait to wait for it, or choose another --run name",
      );
    }
    if (!waited) opts.onWait?.(got.holder);
    waited = true;
    await new Promise((r) => setTimeout(r, WAIT_POLL_MS));
  }
  try {
    if (resumed && opts.newRun) store.resetRun(name, spec);
    else if (resumed) {
      const changes = specChanges(existing.config, spec);
      if (changes.length > 0) {
        throw new InputError(
          `run "${name}" was made with other options, so resuming it would mix two experiments:\n` +
            changes.map((c) => `  ${c}`).join("\n") +
            "\nresume it with its own options, choose another --run name, or pass --new-run to discard its samples and start it again",
        );
      }
      const note = provenanceChange(existing.config, spec);
      if (note) opts.onNote?.(note);
    }
  } catch (e) {
    store.releaseLease(name, owner.id);
    throw e;
  }
  let held = true;
  const timer = setInterval(() => {
    if (held) held = store.renewLease(name, owner.id, LEASE_TTL_MS);
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    resumed: resumed && !opts.newRun,
    release() {
      clearInterval(timer);
      if (held) store.releaseLease(name, owner.id);
      held = false;
    },
    held: () => held,
  };
}
