import type Database from "better-sqlite3";
import { InputError } from "../core/errors.ts";

/**
 * Schema migrations, applied in order; the database's PRAGMA user_version is how many have run.
 * Never edit a released entry: append a new one.
 * JSON-valued fields are JSON text (NULL only for `undefined`); usage is kept as four token
 * columns, which reports filter and sum on, and rebuilt from them.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE runs (
    name TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    config TEXT,
    status TEXT NOT NULL CHECK (status IN ('running', 'done', 'stopped'))
  );
  CREATE TABLE samples (
    run TEXT NOT NULL REFERENCES runs (name) ON DELETE CASCADE,
    key TEXT NOT NULL,
    task TEXT NOT NULL,
    suite TEXT NOT NULL,
    tags TEXT NOT NULL,
    level TEXT,
    instance TEXT NOT NULL,
    model TEXT NOT NULL,
    epoch INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('ok', 'error')),
    prompt TEXT,
    text TEXT,
    reasoning TEXT,
    answer TEXT,
    verdict TEXT,
    score REAL,
    passed INTEGER CHECK (passed IN (0, 1)),
    failure_kind TEXT,
    input_tokens INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    reasoning_tokens INTEGER NOT NULL,
    cached_tokens INTEGER NOT NULL,
    cost_usd REAL,
    latency_ms REAL NOT NULL,
    attempts TEXT NOT NULL,
    error TEXT,
    cached INTEGER NOT NULL CHECK (cached IN (0, 1)),
    steps INTEGER,
    optimal_steps INTEGER,
    started_at TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    PRIMARY KEY (run, key)
  );
  -- Leads with run, so it also serves plain per-run lookups, and gives samples() its order.
  CREATE INDEX samples_run ON samples (run, task, instance, model, epoch);
  CREATE INDEX samples_run_status ON samples (run, status);
  CREATE TABLE steps (
    run TEXT NOT NULL,
    sample_key TEXT NOT NULL,
    idx INTEGER NOT NULL,
    observation TEXT NOT NULL,
    reply TEXT NOT NULL,
    action TEXT,
    reward REAL NOT NULL,
    error TEXT,
    input_tokens INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    reasoning_tokens INTEGER NOT NULL,
    cached_tokens INTEGER NOT NULL,
    PRIMARY KEY (run, sample_key, idx),
    FOREIGN KEY (run, sample_key) REFERENCES samples (run, key) ON DELETE CASCADE
  );
  CREATE TABLE cache (
    key TEXT PRIMARY KEY,
    response TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  `,
  `ALTER TABLE samples ADD COLUMN judge TEXT;`,
  `
  ALTER TABLE samples ADD COLUMN finish_reason TEXT;
  ALTER TABLE samples ADD COLUMN instance_hash TEXT;
  ALTER TABLE samples ADD COLUMN calls INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE samples ADD COLUMN spent_usd REAL;
  -- Samples stored before calls and spending were kept: estimated from what was stored, one call
  -- per reply (each episode turn, each judge reply) unless the answer came from the cache.
  UPDATE samples SET
    calls = CASE WHEN cached = 1 THEN 0
      ELSE COALESCE(steps, status = 'ok') + COALESCE(json_array_length(judge, '$.replies'), 0) END,
    spent_usd = CASE WHEN cached = 1 THEN 0
      ELSE cost_usd + CASE WHEN json_type(judge) = 'object' THEN json_extract(judge, '$.costUsd') ELSE 0 END END;
  -- The lease: which process writes the run (JSON LeaseOwner) and until when (ms since the epoch).
  ALTER TABLE runs ADD COLUMN lease_owner TEXT;
  ALTER TABLE runs ADD COLUMN lease_expires INTEGER;
  -- Each instance a run asked about, once, by content hash (JSON Instance in data).
  CREATE TABLE instances (
    run TEXT NOT NULL REFERENCES runs (name) ON DELETE CASCADE,
    hash TEXT NOT NULL,
    task TEXT NOT NULL,
    id TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (run, hash)
  );
  `,
  `
  -- The tools setting: each tool call and its result (JSON ToolCall[]), and the units of tool use by
  -- name (JSON), which prices may charge for.
  ALTER TABLE samples ADD COLUMN tool_calls TEXT;
  ALTER TABLE samples ADD COLUMN tool_use TEXT;
  -- Failure-mode labels a judge gave samples (plumb analyse failures), one per sample, label set and judge.
  CREATE TABLE labels (
    run TEXT NOT NULL REFERENCES runs (name) ON DELETE CASCADE,
    sample_key TEXT NOT NULL,
    taxonomy TEXT NOT NULL,
    judge TEXT NOT NULL,
    label TEXT,
    confidence REAL,
    reason TEXT,
    record TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (run, sample_key, taxonomy, judge)
  );
  -- A judge's choice among the k samples of one (model, task, instance) (plumb analyse selection).
  CREATE TABLE picks (
    run TEXT NOT NULL REFERENCES runs (name) ON DELETE CASCADE,
    model TEXT NOT NULL,
    task TEXT NOT NULL,
    instance TEXT NOT NULL,
    k INTEGER NOT NULL,
    judge TEXT NOT NULL,
    picked TEXT,
    record TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (run, model, task, instance, k, judge)
  );
  `,
  `
  -- A run shared by several processes (plumb run on several machines, one PostgreSQL store): the
  -- samples it asks, in plan order (seq), each claimed by one process at a time (owner: JSON
  -- LeaseOwner) until expires (ms since the epoch) unless renewed, and done once saved.
  CREATE TABLE claims (
    run TEXT NOT NULL REFERENCES runs (name) ON DELETE CASCADE,
    key TEXT NOT NULL,
    seq INTEGER NOT NULL,
    done INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
    owner TEXT,
    expires INTEGER,
    PRIMARY KEY (run, key)
  );
  CREATE INDEX claims_open ON claims (run, done, seq);
  `,
];

/** Brings the schema up to date, refusing files that are not Plumb stores or are newer than this code. */
export function migrate(db: Database.Database, path: string): void {
  // An up-to-date store is only read, so read-only commands need no write lock.
  if (db.pragma("user_version", { simple: true }) === MIGRATIONS.length) return;
  // IMMEDIATE takes the write lock before reading the version, so two processes opening a new
  // store at once cannot both run the same migration.
  db.transaction(() => {
    const version = db.pragma("user_version", { simple: true }) as number;
    if (version > MIGRATIONS.length) {
      throw new InputError(
        `was written by a newer version of Plumb (store schema ${version}; this version reads up to ${MIGRATIONS.length})`,
        { source: path },
      );
    }
    if (version === 0 && db.prepare("SELECT 1 FROM sqlite_master LIMIT 1").get() !== undefined) {
      throw new InputError("is a SQLite database but not a Plumb store", { source: path });
    }
    for (let v = version; v < MIGRATIONS.length; v++) {
      db.exec(MIGRATIONS[v] ?? "");
      db.pragma(`user_version = ${v + 1}`);
    }
  }).immediate();
}
