import type { Sql } from "./sql.ts";

/** A write waiting for the next commit. */
export interface PendingWrite {
  /** The run it writes, when writes to a run must be refused once its lease is lost. */
  run?: string;
  /** Runs inside the batch's transaction, in a savepoint of its own. */
  write(): void;
  /** Told once the batch's commit is durable (no argument) or failed, or this write alone was refused. */
  settle(failure?: { error: unknown }): void;
  /** False when nobody waits on `settle` (a cache entry): a failure is then kept for `takeUnreported`. */
  heard: boolean;
}

/** Writes committed in one transaction at most: bounds the time one commit holds the event loop. */
const MAX_BATCH = 256;
/**
 * The time between the end of a commit and the start of the next: at least MIN_GAP_MS, and
 * GAP_PER_COMMIT times as long as the last commit took. A commit blocks the event loop while the
 * WAL is written and fsync'd (1–10 ms here, with the disk's load); without a gap, samples arriving
 * at 2,000/s were committed 3 at a time and commits took half the main thread or more. With it,
 * commits hold the main thread a quarter of the time at most (until batches fill up), whatever the disk.
 */
const MIN_GAP_MS = 5;
const GAP_PER_COMMIT = 3;

/**
 * Group commit: writes queue up and are committed together in one transaction (in SQLite, one
 * fsync under synchronous=FULL), spaced out as told above, or at once when the batch is full;
 * each is settled only once that commit is durable. A write that fails on its own (a constraint,
 * a value the database cannot take) is refused alone: the batch is rolled back and written again
 * with a savepoint per write, and that write rolled back to its savepoint; any other failure
 * (a full disk, an I/O error, a lock held too long) fails the whole batch, whose writes are all
 * refused with that error. The queue is emptied at each commit: nothing outlives it.
 */
export class GroupCommit {
  private queue: PendingWrite[] = [];
  private scheduled: NodeJS.Timeout | null = null;
  /** When the next commit may start (performance.now()). */
  private nextCommit = 0;
  private unreported: { error: unknown } | null = null;
  private readonly batch: (writes: PendingWrite[], failed: Map<PendingWrite, unknown>) => void;

  constructor(
    sql: Sql,
    /** Why writes to this run must be refused, read inside the batch's transaction; undefined to write them. */
    refusal: (run: string) => Error | undefined,
  ) {
    const attempt = (writes: PendingWrite[], failed: Map<PendingWrite, unknown>, isolated: boolean) =>
      sql.transaction(() => {
        const refused = new Map<string, Error | undefined>();
        for (const w of writes) {
          if (w.run !== undefined) {
            if (!refused.has(w.run)) refused.set(w.run, refusal(w.run));
            const error = refused.get(w.run);
            if (error) {
              failed.set(w, error);
              continue;
            }
          }
          if (!isolated) {
            w.write();
            continue;
          }
          try {
            sql.transaction(() => w.write());
          } catch (e) {
            if (!sql.confinedToOneWrite(e)) throw e;
            failed.set(w, e);
          }
        }
      });
    // Savepoints cost a round trip each on PostgreSQL: a batch is first written without them, and
    // written again with one per write only when a write failed on its own.
    this.batch = (writes, failed) => {
      try {
        attempt(writes, failed, false);
      } catch (e) {
        if (!sql.confinedToOneWrite(e)) throw e;
        failed.clear();
        attempt(writes, failed, true);
      }
    };
  }

  enqueue(write: PendingWrite): void {
    this.queue.push(write);
    if (this.queue.length >= MAX_BATCH) this.commit();
    else if (this.scheduled === null) {
      this.scheduled = setTimeout(() => this.commit(), Math.max(0, this.nextCommit - performance.now()));
    }
  }

  /** Commits what is queued, now, and settles it. Never throws: failures go to the writes' `settle`. */
  commit(): void {
    if (this.scheduled !== null) clearTimeout(this.scheduled);
    this.scheduled = null;
    const writes = this.queue;
    if (writes.length === 0) return;
    this.queue = [];
    const failed = new Map<PendingWrite, unknown>();
    const started = performance.now();
    try {
      this.batch(writes, failed);
    } catch (error) {
      this.gapAfter(started);
      if (!writes.some((w) => w.heard)) this.unreported ??= { error };
      for (const w of writes) w.settle({ error });
      return;
    }
    this.gapAfter(started);
    for (const w of writes) {
      const failure = failed.has(w) ? { error: failed.get(w) } : undefined;
      if (failure && !w.heard) this.unreported ??= failure;
      w.settle(failure);
    }
  }

  private gapAfter(started: number): void {
    const ended = performance.now();
    this.nextCommit = ended + Math.max(MIN_GAP_MS, GAP_PER_COMMIT * (ended - started));
  }

  /** The first failure nobody was told of since the last call, if any (and forgets it). */
  takeUnreported(): { error: unknown } | null {
    const u = this.unreported;
    this.unreported = null;
    return u;
  }
}
