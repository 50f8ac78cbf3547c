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
  /** On a shared store: this process's share of the run's samples, claimed as it goes. */
  samples?: SampleClaims;
}

/** A shared run's samples, claimed by the processes working on it (store claims, renewed by the heartbeat). */
export interface SampleClaims {
  /** Puts the plan's samples still to ask in the run's claims (keys other processes put there stay as they are). */
  plan(keys: readonly { key: string; seq: number; retry: boolean }[]): void;
  /** Claims up to `limit` samples no live process holds, first in plan order. */
  take(limit: number): string[];
  /** Samples not yet saved, and how many of them no live process holds. */
  left(): { open: number; free: number };
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
  if (store.shared) return joinRun(store, name, spec, owner, opts);
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
    else if (resumed) sameSpec(name, existing.config, spec, opts);
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
  };
}

/** Refuses to resume a run made with other options; notes a change of Plumb's version. */
function sameSpec(name: string, stored: unknown, spec: RunSpec, opts: ClaimOptions): void {
  const changes = specChanges(stored, spec);
  if (changes.length > 0) {
    throw new InputError(
      `run "${name}" was made with other options, so resuming it would mix two experiments:\n` +
        changes.map((c) => `  ${c}`).join("\n") +
        "\nresume it with its own options, choose another --run name, or pass --new-run to discard its samples and start it again",
    );
  }
  const note = provenanceChange(stored, spec);
  if (note) opts.onNote?.(note);
}

/**
 * Joins a run on a shared store (PostgreSQL), which several processes, on several machines, may
 * work on at once: none holds the run; each claims samples as it goes (SampleClaims), and the
 * heartbeat renews its claims, so a process that dies gives its samples to the others once they
 * lapse. The run's lease only tells that someone is at work on it.
 */
function joinRun(store: Store, name: string, spec: RunSpec, owner: LeaseOwner, opts: ClaimOptions): Claim {
  const { run: existing, resumed } = store.openRun(name, spec);
  if (resumed && opts.newRun) {
    const { open, free } = store.claimsLeft(name);
    if (open > free) {
      throw new InputError(
        `run "${name}" is being worked on by other processes (they hold ${open - free} of its samples); ` +
          "--new-run would discard their work: stop them first, or choose another --run name",
      );
    }
    store.resetRun(name, spec);
  } else if (resumed) sameSpec(name, existing.config, spec, opts);
  const beat = () => {
    store.shareLease(name, owner, LEASE_TTL_MS);
    store.renewClaims(name, owner, LEASE_TTL_MS);
  };
  beat();
  const timer = setInterval(() => {
    try {
      beat();
    } catch {
      // The store is unreachable for now: the claims lapse unless a later beat renews them, and a
      // save that cannot reach it fails the run.
    }
  }, HEARTBEAT_MS);
  timer.unref();
  let released = false;
  return {
    resumed: resumed && !opts.newRun,
    release() {
      clearInterval(timer);
      if (released) return;
      released = true;
      store.releaseClaims(name, owner);
      store.releaseLease(name, owner.id);
    },
    samples: sampleClaims(store, name, owner),
  };
}

/** The run's samples as `owner` claims them on a shared store (its heartbeat must renew them). */
export function sampleClaims(store: Store, name: string, owner: LeaseOwner): SampleClaims {
  return {
    plan: (keys) => store.planClaims(name, keys),
    take: (limit) => store.claimSamples(name, owner, limit, LEASE_TTL_MS),
    left: () => store.claimsLeft(name),
  };
}
