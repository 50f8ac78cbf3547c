import { hostname } from "node:os";
import { noSuchRun } from "./errors.ts";
import type { Sql } from "./sql.ts";
import type { LeaseOwner } from "./types.ts";

export type LeaseResult = { ok: true } | { ok: false; holder: LeaseOwner; expiresAt: number };

export interface LeaseColumns {
  lease_owner: string | null;
  lease_expires: number | null;
}

/** The holder stored in lease_owner; null when there is none or it cannot be read (then nothing holds the run). */
function leaseOwner(text: string | null): LeaseOwner | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { id, pid, host } = value as Record<string, unknown>;
  if (typeof id !== "string" || typeof pid !== "number" || typeof host !== "string") return null;
  return { id, pid, host };
}

/** True only when the process is certainly gone: on this host, and the system knows no such pid. */
function vanished(holder: LeaseOwner): boolean {
  if (holder.host !== hostname() || !Number.isSafeInteger(holder.pid) || holder.pid <= 0) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (e) {
    // EPERM: it exists, under another user.
    return (e as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** The lease's holder and expiry when someone holds it and has not lapsed or died; null otherwise. */
export function liveLease(row: LeaseColumns): { holder: LeaseOwner; expiresAt: number } | null {
  const holder = leaseOwner(row.lease_owner);
  if (holder === null || row.lease_expires === null || row.lease_expires <= Date.now() || vanished(holder))
    return null;
  return { holder, expiresAt: row.lease_expires };
}

/**
 * One writer per run: a process holds a run's lease, renews it before it lapses, and releases
 * it when done. A lapsed lease, or one held by a process of this host that no longer exists (a
 * run killed with kill -9), is free to take.
 */
export class Leases {
  private readonly read: string;
  /** Each runs in a transaction that locks the run's row before reading the lease, so two processes cannot both find it free. */
  readonly acquire: (run: string, owner: LeaseOwner, ttlMs: number) => LeaseResult;
  /** Extends the lease; false when it is no longer ours (another process took it, or the run is gone). */
  readonly renew: (run: string, ownerId: string, ttlMs: number) => boolean;
  readonly release: (run: string, ownerId: string) => void;

  constructor(private readonly sql: Sql) {
    this.read = "SELECT lease_owner, lease_expires FROM runs WHERE name = ?";
    const locked = this.read + sql.dialect.forUpdate;
    const take = "UPDATE runs SET lease_owner = ?, lease_expires = ? WHERE name = ?";
    const extend = "UPDATE runs SET lease_expires = ? WHERE name = ?";
    const drop = "UPDATE runs SET lease_owner = NULL, lease_expires = NULL WHERE name = ?";
    const holderNow = (run: string) => {
      const row = sql.get<LeaseColumns>(locked, [run]);
      return row && leaseOwner(row.lease_owner);
    };
    this.acquire = (run, owner, ttlMs) =>
      sql.transaction((): LeaseResult => {
        const row = sql.get<LeaseColumns>(locked, [run]);
        if (!row) throw noSuchRun(run);
        const live = liveLease(row);
        if (live && live.holder.id !== owner.id) return { ok: false, ...live };
        sql.run(take, [JSON.stringify(owner), Date.now() + ttlMs, run]);
        return { ok: true };
      });
    this.renew = (run, ownerId, ttlMs) =>
      sql.transaction((): boolean => {
        if (holderNow(run)?.id !== ownerId) return false;
        sql.run(extend, [Date.now() + ttlMs, run]);
        return true;
      });
    this.release = (run, ownerId) =>
      sql.transaction((): void => {
        if (holderNow(run)?.id === ownerId) sql.run(drop, [run]);
      });
  }

  /** The run's holder as stored, live or lapsed; null when none, undefined when there is no such run. */
  holder(run: string): LeaseOwner | null | undefined {
    const row = this.sql.get<LeaseColumns>(this.read, [run]);
    return row && leaseOwner(row.lease_owner);
  }
}
