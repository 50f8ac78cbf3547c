import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { InputError } from "../core/errors.ts";
import type { ModelResponse, Usage } from "../core/model.ts";
import type { Instance } from "../core/task.ts";
import type { Verdict } from "../core/verdict.ts";
import { noSuchRun, storeError } from "./errors.ts";
import { GroupCommit } from "./group-commit.ts";
import { type LeaseColumns, type LeaseResult, Leases, liveLease } from "./lease.ts";
import { PostgresSql } from "./pg/postgres-sql.ts";
import { migratePostgres } from "./pg/schema.ts";
import { isPostgresUrl, redactUrl } from "./pg/url.ts";
import {
  fromJson,
  insertSql,
  LABEL_COLUMNS,
  type LabelRow,
  labelRecord,
  labelRow,
  PICK_COLUMNS,
  type PickRow,
  pickRecord,
  pickRow,
  SAMPLE_COLUMNS,
  type SampleRow,
  STEP_COLUMNS,
  type StepRow,
  sampleRecord,
  sampleRow,
  stepRecord,
  stepRow,
  toJson,
  type UsageColumns,
  usage,
} from "./rows.ts";
import { MIGRATIONS, migrate } from "./schema.ts";
import type { Dialect, Sql } from "./sql.ts";
import { SqliteSql } from "./sqlite.ts";
import type {
  JudgeRecord,
  LabelRecord,
  LeaseOwner,
  PickRecord,
  ReportSample,
  RunRecord,
  SampleRecord,
  StepRecord,
  StoredRunStatus,
} from "./types.ts";

export { storeError } from "./errors.ts";
export { exportSamples } from "./export.ts";
export type { LeaseResult } from "./lease.ts";
export type { LeaseOwner } from "./types.ts";

interface RunRow extends LeaseColumns {
  name: string;
  created_at: string;
  config: string | null;
  status: StoredRunStatus;
}

interface RunSummaryRow extends RunRow {
  samples: number;
  passed: number;
  errors: number;
}

interface SampleFilter {
  run: string;
  task: string | null;
  model: string | null;
  status: string | null;
  level: string | null;
  outcome: string | null;
}

/** What samples and samplesPage may be narrowed to. */
export interface SampleQuery {
  task?: string;
  model?: string;
  status?: SampleRecord["status"];
  level?: string;
  /** "passed", or a failure kind; "error" also matches failed calls (as reports count errors). */
  outcome?: string;
}

type FacetRow = Omit<SampleFacet, "tags" | "failureKind"> & { tags: string; failure_kind: string | null };

/** Distinct values a run's samples take: what the viewer filters on. */
export interface SampleFacet {
  run: string;
  task: string;
  suite: string;
  model: string;
  tags: string[];
  level: string | null;
  failureKind: string | null;
}

// An optional filter is a parameter that may be NULL: CAST tells PostgreSQL its type, which
// "@x IS NULL" alone does not.
const SAMPLE_WHERE = `run = @run
        AND (CAST(@task AS TEXT) IS NULL OR task = @task)
        AND (CAST(@model AS TEXT) IS NULL OR model = @model)
        AND (CAST(@status AS TEXT) IS NULL OR status = @status)
        AND (CAST(@level AS TEXT) IS NULL OR level = @level)
        AND (CAST(@outcome AS TEXT) IS NULL
          OR (@outcome = 'passed' AND passed = 1)
          OR (@outcome = 'error' AND (failure_kind = 'error' OR status = 'error'))
          OR (@outcome NOT IN ('passed', 'error') AND failure_kind = @outcome))`;

/** What reports do not read of a sample: what was asked and answered, and its bookkeeping. */
const NOT_REPORTED = [
  "instance_hash",
  "prompt",
  "text",
  "reasoning",
  "answer",
  "attempts",
  "error",
  "started_at",
  "finished_at",
  "tool_calls",
] as const satisfies readonly (keyof SampleRow)[];
const REPORT_COLUMNS = SAMPLE_COLUMNS.filter((c) => !(NOT_REPORTED as readonly string[]).includes(c));

type ReportRow = Omit<SampleRow, (typeof NOT_REPORTED)[number]>;

/** Where each column stands in a raw row of REPORT_COLUMNS (rows read as arrays: half the time of objects). */
const REPORT_AT = Object.fromEntries(REPORT_COLUMNS.map((c, i) => [c, i])) as Record<keyof ReportRow, number>;

function column<C extends keyof ReportRow>(values: readonly unknown[], c: C): ReportRow[C] {
  return values[REPORT_AT[c]] as ReportRow[C];
}

/** A raw row of REPORT_COLUMNS as a ReportSample; `tags` parses each distinct tag list once. */
function reportSample(v: readonly unknown[], tags: Map<string, string[]>): ReportSample {
  const tagText = column(v, "tags");
  let tagList = tags.get(tagText);
  if (tagList === undefined) {
    tagList = JSON.parse(tagText) as string[];
    tags.set(tagText, tagList);
  }
  const passed = column(v, "passed");
  return {
    run: column(v, "run"),
    key: column(v, "key"),
    task: column(v, "task"),
    suite: column(v, "suite"),
    tags: tagList,
    level: column(v, "level"),
    instance: column(v, "instance"),
    model: column(v, "model"),
    epoch: column(v, "epoch"),
    status: column(v, "status"),
    verdict: fromJson(column(v, "verdict")) as Verdict | null,
    score: column(v, "score"),
    passed: passed === null ? null : passed === 1,
    failureKind: column(v, "failure_kind"),
    finishReason: column(v, "finish_reason"),
    usage: {
      input: column(v, "input_tokens"),
      output: column(v, "output_tokens"),
      reasoning: column(v, "reasoning_tokens"),
      cached: column(v, "cached_tokens"),
    },
    costUsd: column(v, "cost_usd"),
    spentUsd: column(v, "spent_usd"),
    calls: column(v, "calls"),
    latencyMs: column(v, "latency_ms"),
    cached: column(v, "cached") === 1,
    judge: (fromJson(column(v, "judge")) as JudgeRecord | null) ?? null,
    steps: column(v, "steps"),
    optimalSteps: column(v, "optimal_steps"),
    toolUse: (fromJson(column(v, "tool_use")) as Record<string, number> | undefined) ?? null,
  };
}

function sampleFilter(run: string, f: SampleQuery): SampleFilter {
  return {
    run,
    task: f.task ?? null,
    model: f.model ?? null,
    status: f.status ?? null,
    level: f.level ?? null,
    outcome: f.outcome ?? null,
  };
}

interface TotalsRow extends UsageColumns {
  samples: number;
  ok: number;
  errors: number;
  passed: number;
  cost_usd: number;
  spent_usd: number;
  saved_usd: number;
  unpriced: number;
  latency_ms: number;
  calls: number;
}

export interface RunTotals {
  samples: number;
  ok: number;
  errors: number;
  passed: number;
  usage: Usage;
  /** What the samples' usage costs, cached or not (priced samples only; the judge's is in each sample's judge). */
  costUsd: number;
  /** What the calls actually made cost, judge calls included (priced ones only). */
  spentUsd: number;
  /** What the cache saved: usage and judge cost minus spending, over samples whose costs are all known. */
  savedUsd: number;
  /** Samples that made calls or answered whose cost is unknown (a model or judge without a price). */
  unpricedSamples: number;
  latencyMs: number;
  /** Model calls actually made: episode turns and judge calls included, cache hits not. */
  calls: number;
}

/** The store's SQL, in the dialect of its database. */
function queries(d: Dialect) {
  const upsertSet = SAMPLE_COLUMNS.filter((c) => c !== "run" && c !== "key")
    .map((c) => `${c} = excluded.${c}`)
    .join(", ");
  return {
    insertRun:
      "INSERT INTO runs (name, created_at, config, status) VALUES (?, ?, ?, 'running') ON CONFLICT (name) DO NOTHING",
    getRun: "SELECT * FROM runs WHERE name = ?",
    listRuns: `
      SELECT r.*,
        COUNT(s.key) AS samples,
        COUNT(s.key) FILTER (WHERE s.passed = 1) AS passed,
        COUNT(s.key) FILTER (WHERE s.status = 'error') AS errors
      FROM runs r LEFT JOIN samples s ON s.run = r.name
      GROUP BY r.name ORDER BY r.created_at, r.name`,
    setRunStatus: "UPDATE runs SET status = ? WHERE name = ?",
    resetRun: "UPDATE runs SET created_at = ?, config = ?, status = 'running' WHERE name = ?",
    deleteRun: "DELETE FROM runs WHERE name = ?",
    deleteSamples: "DELETE FROM samples WHERE run = ?",
    deleteInstances: "DELETE FROM instances WHERE run = ?",
    deleteClaims: "DELETE FROM claims WHERE run = ?",
    planClaim: "INSERT INTO claims (run, key, seq) VALUES (?, ?, ?) ON CONFLICT (run, key) DO NOTHING",
    // A retried key is opened again only while its sample still needs it: a process that retried
    // it since has saved a good one, which is not paid for twice.
    reopenClaim: `
      INSERT INTO claims (run, key, seq) VALUES (?, ?, ?)
      ON CONFLICT (run, key) DO UPDATE SET done = 0, owner = NULL, expires = NULL
      WHERE claims.done = 1 AND EXISTS (
        SELECT 1 FROM samples s WHERE s.run = excluded.run AND s.key = excluded.key
          AND (s.status = 'error' OR ${d.unjudged}))`,
    claim: `
      UPDATE claims SET owner = @owner, expires = ${d.nowMs} + @ttl
      WHERE run = @run AND key IN (
        SELECT key FROM claims
        WHERE run = @run AND done = 0 AND (owner IS NULL OR expires < ${d.nowMs})
        ORDER BY seq LIMIT @limit${d.skipLocked})
      RETURNING key, seq`,
    renewClaims: `UPDATE claims SET expires = ${d.nowMs} + ? WHERE run = ? AND owner = ? AND done = 0`,
    releaseClaims: "UPDATE claims SET owner = NULL, expires = NULL WHERE run = ? AND owner = ? AND done = 0",
    claimsLeft: `
      SELECT COUNT(*) AS open, COUNT(*) FILTER (WHERE owner IS NULL OR expires < ${d.nowMs}) AS free
      FROM claims WHERE run = ? AND done = 0`,
    claimDone: "UPDATE claims SET done = 1, owner = NULL, expires = NULL WHERE run = ? AND key = ?",
    claimHolders: `SELECT DISTINCT owner FROM claims WHERE run = ? AND done = 0 AND expires >= ${d.nowMs}`,
    upsertSample: `${insertSql("samples", SAMPLE_COLUMNS)} ON CONFLICT (run, key) DO UPDATE SET ${upsertSet}`,
    deleteSteps: "DELETE FROM steps WHERE run = ? AND sample_key = ?",
    insertStep: insertSql("steps", STEP_COLUMNS),
    // Unjudged: a judge was asked and gave no grade (an outage); such a sample can be judged again.
    sampleStatus: `SELECT key, status, CASE WHEN ${d.unjudged} THEN 1 ELSE 0 END AS unjudged FROM samples WHERE run = ?`,
    samples: `
      SELECT * FROM samples WHERE ${SAMPLE_WHERE}
      ORDER BY task, instance, model, epoch, key`,
    samplesPage: `
      SELECT * FROM samples WHERE ${SAMPLE_WHERE}
      ORDER BY task, instance, model, epoch, key
      LIMIT @limit OFFSET @offset`,
    sampleCount: `SELECT COUNT(*) AS n FROM samples WHERE ${SAMPLE_WHERE}`,
    sample: "SELECT * FROM samples WHERE run = ? AND key = ?",
    // Read as rows of values: building row objects is most of the time of reading a large run.
    reportSamples: `SELECT ${REPORT_COLUMNS.join(", ")} FROM samples WHERE run = ? ORDER BY task, instance, model, epoch, key`,
    facets: `
      SELECT run, task, suite, model, tags, level, failure_kind FROM samples
      WHERE CAST(@run AS TEXT) IS NULL OR run = @run
      GROUP BY run, task, suite, model, tags, level, failure_kind
      ORDER BY run, task, suite, model, tags, level IS NOT NULL, level, failure_kind IS NOT NULL, failure_kind`,
    stamp: "SELECT COUNT(*) AS samples, MAX(finished_at) AS last FROM samples WHERE run = ?",
    steps: "SELECT * FROM steps WHERE run = ? AND sample_key = ? ORDER BY idx",
    insertInstance:
      "INSERT INTO instances (run, hash, task, id, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT (run, hash) DO NOTHING",
    instances: "SELECT hash, data FROM instances WHERE run = ?",
    instance: "SELECT data FROM instances WHERE run = ? AND hash = ?",
    cacheGet: "SELECT response FROM cache WHERE key = ?",
    cachePut:
      "INSERT INTO cache (key, response, created_at) VALUES (?, ?, ?) " +
      "ON CONFLICT (key) DO UPDATE SET response = excluded.response, created_at = excluded.created_at",
    clearCache: "DELETE FROM cache WHERE CAST(@before AS TEXT) IS NULL OR created_at < @before",
    cacheSize: `SELECT COUNT(*) AS entries, ${d.total("octet_length(key) + octet_length(response) + octet_length(created_at)")} AS bytes FROM cache`,
    upsertLabel:
      `${insertSql("labels", LABEL_COLUMNS)} ON CONFLICT (run, sample_key, taxonomy, judge) DO UPDATE SET ` +
      "label = excluded.label, confidence = excluded.confidence, reason = excluded.reason, " +
      "record = excluded.record, created_at = excluded.created_at",
    labels:
      "SELECT * FROM labels WHERE run = @run AND (CAST(@taxonomy AS TEXT) IS NULL OR taxonomy = @taxonomy) ORDER BY sample_key, taxonomy, judge",
    upsertPick:
      `${insertSql("picks", PICK_COLUMNS)} ON CONFLICT (run, model, task, instance, k, judge) DO UPDATE SET ` +
      "picked = excluded.picked, record = excluded.record, created_at = excluded.created_at",
    picks: "SELECT * FROM picks WHERE run = ? ORDER BY model, task, instance, k, judge",
    // Sums are 0 over an empty run; they skip NULLs, so an unpriced sample adds nothing to the
    // money and is counted apart.
    totals: `
      SELECT
        COUNT(*) AS samples,
        COUNT(*) FILTER (WHERE status = 'ok') AS ok,
        COUNT(*) FILTER (WHERE status = 'error') AS errors,
        COUNT(*) FILTER (WHERE passed = 1) AS passed,
        ${d.total("input_tokens")} AS input_tokens,
        ${d.total("output_tokens")} AS output_tokens,
        ${d.total("reasoning_tokens")} AS reasoning_tokens,
        ${d.total("cached_tokens")} AS cached_tokens,
        ${d.total("cost_usd")} AS cost_usd,
        ${d.total("spent_usd")} AS spent_usd,
        ${d.total(d.atLeastZero("cost_usd + judge_cost - spent_usd"))} AS saved_usd,
        COUNT(*) FILTER (WHERE (status = 'ok' OR calls > 0)
          AND (cost_usd IS NULL OR spent_usd IS NULL OR judge_cost IS NULL)) AS unpriced,
        ${d.total("latency_ms")} AS latency_ms,
        COALESCE(SUM(calls), 0) AS calls
      FROM (SELECT *, ${d.judgeCost} AS judge_cost FROM samples WHERE run = ?) AS s`,
  };
}

/**
 * The evaluation run store: runs (with their spec and the lease of the one process writing each),
 * their instances, samples and episode steps, and the shared response cache.
 *
 * Samples and cache entries are written by group commit (`save`, `cachePutLater`): a save
 * resolves once the transaction holding it is durable (synchronous=FULL), and one commit (one
 * fsync) covers every sample finished within a few milliseconds. Every other method first commits
 * what is queued, so reads see every write this Store has accepted (`cacheGet` looks in the
 * queue instead, so as not to break batches).
 */
export class Store {
  private readonly q: ReturnType<typeof queries>;
  private readonly leases: Leases;
  private readonly writer: GroupCommit;
  /** run -> owner id of the leases this Store took: its saves to such a run are refused once another process holds it. */
  private readonly held = new Map<string, string>();
  /** Cache entries queued and not yet committed, as JSON. */
  private readonly queuedCache = new Map<string, string>();

  private constructor(
    readonly path: string,
    private readonly sql: Sql,
  ) {
    this.q = queries(sql.dialect);
    this.leases = new Leases(sql);
    this.writer = new GroupCommit(sql, (run) => this.lostLease(run));
  }

  /**
   * Opens the store at `path` (":memory:" is allowed). With `create` (the default) a missing
   * store is created with its folders; without, a missing one is an InputError and nothing is
   * created. SQLite failures the user can fix (a damaged file, a full disk, permissions) are
   * InputErrors naming the path. `readonly` opens an existing store on a connection that cannot
   * write (a viewer beside a running `plumb run`): every read sees what the writer has committed.
   */
  static open(path: string, opts: { create?: boolean; readonly?: boolean } = {}): Store {
    if (isPostgresUrl(path)) return Store.openPostgres(path, opts);
    const readonly = opts.readonly ?? false;
    const create = !readonly && (opts.create ?? true);
    if (path !== ":memory:") {
      if (!create && !existsSync(path)) throw new InputError(`no store at ${path}`);
      try {
        if (create) mkdirSync(dirname(path), { recursive: true });
      } catch (e) {
        throw new InputError(`cannot create its folder (${e instanceof Error ? e.message : String(e)})`, {
          source: path,
        });
      }
    }
    let db: Database.Database;
    try {
      db = new Database(path, { fileMustExist: !create, readonly });
    } catch (e) {
      throw storeError(e, path) ?? e;
    }
    try {
      if (readonly) {
        if (db.pragma("user_version", { simple: true }) !== MIGRATIONS.length)
          throw new InputError(
            "has another store schema than this version of Plumb: open it once with a command that writes (plumb run) to upgrade it",
            { source: path },
          );
        return new Store(path, new SqliteSql(db));
      }
      migrate(db, path);
      db.pragma("journal_mode = WAL");
      // Every commit reaches the disk, so even a power loss never forgets an answer already paid
      // for; group commit makes that one fsync per batch of samples, not per sample.
      db.pragma("synchronous = FULL");
      db.pragma("foreign_keys = ON");
      return new Store(path, new SqliteSql(db));
    } catch (e) {
      db.close();
      throw storeError(e, path) ?? e;
    }
  }

  /**
   * Opens the PostgreSQL store at `url` (`postgres://user:password@host:port/database`): the same
   * tables, through migrations of its own. Several processes, on several machines, may write it at
   * once, each run's samples shared out by claims. `readonly` opens a session that cannot write.
   */
  private static openPostgres(url: string, opts: { create?: boolean; readonly?: boolean }): Store {
    const source = redactUrl(url);
    const readonly = opts.readonly ?? false;
    const sql = PostgresSql.open(url, source);
    try {
      migratePostgres(sql, source, { create: !readonly && (opts.create ?? true), readonly });
      if (readonly) sql.exec("SET default_transaction_read_only = on");
      return new Store(source, sql);
    } catch (e) {
      sql.close();
      throw e;
    }
  }

  /** True when several processes may write the store at once (PostgreSQL): runs then share their samples out by claims. */
  get shared(): boolean {
    return this.sql.dialect.name === "postgres";
  }

  /** Creates the run, or returns the existing one with that name (resume); an existing run is left unchanged. */
  openRun(name: string, config: unknown): { run: RunRecord; resumed: boolean } {
    this.writer.commit();
    const created = this.sql.run(this.q.insertRun, [name, new Date().toISOString(), toJson(config)]);
    const run = this.getRun(name);
    if (!run) throw new Error(`run "${name}" vanished right after being opened`);
    return { run, resumed: created === 0 };
  }

  /** Empties the run (samples, steps, instances) and gives it a new config, keeping its name and lease. */
  resetRun(name: string, config: unknown): void {
    this.writer.commit();
    const { sql, q } = this;
    sql.transaction(() => {
      if (sql.run(q.resetRun, [new Date().toISOString(), toJson(config), name]) === 0) throw noSuchRun(name);
      sql.run(q.deleteSamples, [name]);
      sql.run(q.deleteInstances, [name]);
      sql.run(q.deleteClaims, [name]);
    });
  }

  getRun(name: string): RunRecord | undefined {
    this.writer.commit();
    const row = this.sql.get<RunRow>(this.q.getRun, [name]);
    return row && runRecord(row);
  }

  /** Every run, oldest first, with its sample, pass and error counts. */
  listRuns(): (RunRecord & { samples: number; passed: number; errors: number })[] {
    this.writer.commit();
    return this.sql
      .all<RunSummaryRow>(this.q.listRuns)
      .map((row) => ({ ...runRecord(row), samples: row.samples, passed: row.passed, errors: row.errors }));
  }

  setRunStatus(name: string, status: StoredRunStatus): void {
    this.writer.commit();
    if (this.sql.run(this.q.setRunStatus, [status, name]) === 0) throw noSuchRun(name);
  }

  /**
   * Takes the run's lease for `ttlMs` if it is free, lapsed, already `owner`'s, or held by a
   * process of this host that is gone; otherwise says who holds it and until when.
   */
  acquireLease(run: string, owner: LeaseOwner, ttlMs: number): LeaseResult {
    this.writer.commit();
    const got = this.leases.acquire(run, owner, ttlMs);
    if (got.ok) this.held.set(run, owner.id);
    return got;
  }

  /**
   * On a shared store, where several processes work on one run: takes the run's lease as
   * acquireLease does when it is free, to show that the run is at work, without making this
   * Store's saves depend on keeping it.
   */
  shareLease(run: string, owner: LeaseOwner, ttlMs: number): void {
    this.writer.commit();
    this.leases.acquire(run, owner, ttlMs);
  }

  /** Extends the lease by `ttlMs` from now; false when it was lost (this process must stop writing the run). */
  renewLease(run: string, ownerId: string, ttlMs: number): boolean {
    return this.leases.renew(run, ownerId, ttlMs);
  }

  /** Commits what is queued, then gives the lease up (if it is still `ownerId`'s). */
  releaseLease(run: string, ownerId: string): void {
    this.writer.commit();
    this.leases.release(run, ownerId);
    if (this.held.get(run) === ownerId) this.held.delete(run);
  }

  /**
   * Puts the samples a shared run still asks into its claims, at their place in the plan (`seq`).
   * Keys already there are left as they are, but a `retry` key (a failed call, a judge that gave
   * no grade) is opened again if its sample still needs it.
   */
  planClaims(run: string, keys: readonly { key: string; seq: number; retry: boolean }[]): void {
    this.writer.commit();
    const { sql, q } = this;
    sql.transaction(() => {
      for (const { key, seq, retry } of keys) sql.run(retry ? q.reopenClaim : q.planClaim, [run, key, seq]);
    });
  }

  /**
   * Claims for `owner`, for `ttlMs` by the database's clock, up to `limit` open samples of the run
   * that no live process holds, first in plan order; returns their keys in that order. Samples
   * another process is claiming at the same moment are passed over, not waited for.
   */
  claimSamples(run: string, owner: LeaseOwner, limit: number, ttlMs: number): string[] {
    this.writer.commit();
    const { sql, q } = this;
    // A holder that is certainly gone (a process of this host killed with kill -9) frees its claims
    // at once, as it frees a run's lease; one on another machine lets them lapse.
    for (const { owner: held } of sql.all<{ owner: string }>(q.claimHolders, [run])) {
      if (liveLease({ lease_owner: held, lease_expires: Number.MAX_SAFE_INTEGER }) === null)
        sql.run(q.releaseClaims, [run, held]);
    }
    const rows = sql.transaction(() =>
      sql.all<{ key: string; seq: number }>(q.claim, {
        owner: JSON.stringify(owner),
        ttl: ttlMs,
        run,
        limit,
      }),
    );
    return rows.sort((a, b) => a.seq - b.seq).map((r) => r.key);
  }

  /** Extends `owner`'s open claims on the run by `ttlMs` from now; how many it still holds. */
  renewClaims(run: string, owner: LeaseOwner, ttlMs: number): number {
    return this.sql.run(this.q.renewClaims, [ttlMs, run, JSON.stringify(owner)]);
  }

  /** Gives up `owner`'s claims on samples not yet saved, for other processes to take at once. */
  releaseClaims(run: string, owner: LeaseOwner): void {
    this.writer.commit();
    this.sql.run(this.q.releaseClaims, [run, JSON.stringify(owner)]);
  }

  /** Samples of a shared run not yet saved (`open`), and how many of them no live process holds (`free`). */
  claimsLeft(run: string): { open: number; free: number } {
    this.writer.commit();
    const row = this.sql.get<{ open: number; free: number }>(this.q.claimsLeft, [run]);
    return { open: row?.open ?? 0, free: row?.free ?? 0 };
  }

  /** Keeps each instance once per run, by content hash; instances already kept are left as they are. */
  saveInstances(run: string, items: readonly { hash: string; instance: Instance }[]): void {
    this.writer.commit();
    const { sql, q } = this;
    sql.transaction(() => {
      for (const { hash, instance } of items) {
        sql.run(q.insertInstance, [run, hash, instance.task, instance.id, JSON.stringify(instance)]);
      }
    });
  }

  /** The run's instances by content hash. */
  instances(run: string): Map<string, Instance> {
    this.writer.commit();
    return new Map(
      this.sql
        .all<{ hash: string; data: string }>(this.q.instances, [run])
        .map((row) => [row.hash, JSON.parse(row.data) as Instance]),
    );
  }

  instance(run: string, hash: string): Instance | undefined {
    this.writer.commit();
    const row = this.sql.get<{ data: string }>(this.q.instance, [run, hash]);
    return row && (JSON.parse(row.data) as Instance);
  }

  /**
   * Upserts the sample by (run, key) and replaces its steps (none when `steps` is omitted),
   * atomically: a failure leaves the previous version, if any, untouched. Resolves once its
   * commit is durable; rejects with the SqliteError when the commit failed (every save of the
   * batch then rejects), or when this Store took the run's lease and another process now holds it.
   */
  save(sample: SampleRecord, steps: readonly StepRecord[] = []): Promise<void> {
    let rows: { sample: SampleRow; steps: StepRow[] };
    try {
      const stray = steps.find((st) => st.run !== sample.run || st.sampleKey !== sample.key);
      if (stray) {
        throw new Error(
          `step ${stray.index} belongs to ${stray.run}/${stray.sampleKey}, not ${sample.run}/${sample.key}`,
        );
      }
      rows = { sample: sampleRow(sample), steps: steps.map(stepRow) };
    } catch (e) {
      return Promise.reject(e);
    }
    return new Promise((resolve, reject) => {
      this.writer.enqueue({
        run: sample.run,
        heard: true,
        write: () => this.writeSample(rows.sample, rows.steps),
        settle: (failure) => (failure ? reject(failure.error) : resolve()),
      });
    });
  }

  /** Commits everything queued now; rejects with the first failure no save was told of (a cache entry's). */
  flush(): Promise<void> {
    this.writer.commit();
    const unreported = this.writer.takeUnreported();
    return unreported ? Promise.reject(unreported.error) : Promise.resolve();
  }

  /** key -> status of every sample saved for the run, and whether its judge gave no grade (it can be judged again). */
  sampleStatus(run: string): Map<string, { status: SampleRecord["status"]; unjudged: boolean }> {
    this.writer.commit();
    return new Map(
      this.sql
        .all<{ key: string; status: SampleRecord["status"]; unjudged: number }>(this.q.sampleStatus, [run])
        .map((row) => [row.key, { status: row.status, unjudged: row.unjudged === 1 }]),
    );
  }

  /** The run's samples, ordered by task, instance, model, epoch. */
  samples(run: string, filter: SampleQuery = {}): SampleRecord[] {
    this.writer.commit();
    return this.sql.all<SampleRow>(this.q.samples, sampleFilter(run, filter)).map(sampleRecord);
  }

  /**
   * The run's samples as reports read them, in the order `samples` gives: without their prompt and
   * answer (undefined), text and reasoning (null) and attempts ([]), which a report never reads
   * and which are most of a large run's bytes.
   */
  reportSamples(run: string): ReportSample[] {
    this.writer.commit();
    const tags = new Map<string, string[]>();
    return this.sql.rows(this.q.reportSamples, [run]).map((values) => reportSample(values, tags));
  }

  /** One sample by its key. */
  sample(run: string, key: string): SampleRecord | undefined {
    this.writer.commit();
    const row = this.sql.get<SampleRow>(this.q.sample, [run, key]);
    return row && sampleRecord(row);
  }

  /**
   * The distinct (run, task, suite, model, tags, level, failure kind) of the samples of one run, or
   * of every run: a run's facets in one grouped query, without reading its samples.
   */
  sampleFacets(run?: string): SampleFacet[] {
    this.writer.commit();
    return this.sql.all<FacetRow>(this.q.facets, { run: run ?? null }).map((r) => ({
      run: r.run,
      task: r.task,
      suite: r.suite,
      model: r.model,
      tags: JSON.parse(r.tags) as string[],
      level: r.level,
      failureKind: r.failure_kind,
    }));
  }

  /**
   * A number that changes whenever another connection commits to the store (SQLite's
   * data_version), so a reader can tell at once whether anything it derived may be stale.
   */
  dataVersion(): number {
    this.writer.commit();
    return this.sql.dataVersion();
  }

  /** How many samples the run has and when the last one finished: what changes whenever a sample is saved. */
  sampleStamp(run: string): { samples: number; lastFinishedAt: string | null } {
    this.writer.commit();
    const row = this.sql.get<{ samples: number; last: string | null }>(this.q.stamp, [run]);
    return { samples: row?.samples ?? 0, lastFinishedAt: row?.last ?? null };
  }

  /**
   * One page of the run's samples, in the order `samples` gives, with how many match the filter:
   * what a viewer lists, without reading a large run whole.
   */
  samplesPage(
    run: string,
    page: { offset: number; limit: number },
    filter: SampleQuery = {},
  ): { total: number; samples: SampleRecord[] } {
    this.writer.commit();
    const where = sampleFilter(run, filter);
    return {
      total: this.sql.get<{ n: number }>(this.q.sampleCount, where)?.n ?? 0,
      samples: this.sql.all<SampleRow>(this.q.samplesPage, { ...where, ...page }).map(sampleRecord),
    };
  }

  /** The sample's steps, ordered by index. */
  steps(run: string, sampleKey: string): StepRecord[] {
    this.writer.commit();
    return this.sql.all<StepRow>(this.q.steps, [run, sampleKey]).map(stepRecord);
  }

  /** Response cache, shared by all runs: a cached response is returned instead of calling the model. */
  cacheGet(key: string): ModelResponse | undefined {
    const text =
      this.queuedCache.get(key) ?? this.sql.get<{ response: string }>(this.q.cacheGet, [key])?.response;
    return text === undefined ? undefined : (JSON.parse(text) as ModelResponse);
  }

  /** Caches the response now, in a commit of its own; throws if that fails. */
  cachePut(key: string, response: ModelResponse): void {
    let failure: { error: unknown } | undefined;
    this.queueCache(key, response, true, (f) => {
      failure = f;
    });
    this.writer.commit();
    if (failure) throw failure.error;
  }

  /** Caches the response with the next group commit; a failure is reported by the next `flush` or `close`. */
  cachePutLater(key: string, response: ModelResponse): void {
    this.queueCache(key, response, false, () => {});
  }

  /** Forgets cached responses (all, or those cached before `olderThan`); returns how many. */
  clearCache(opts: { olderThan?: Date } = {}): number {
    this.writer.commit();
    return this.sql.run(this.q.clearCache, { before: opts.olderThan?.toISOString() ?? null });
  }

  /** Cached responses and the bytes of their text. */
  cacheSize(): { entries: number; bytes: number } {
    this.writer.commit();
    const row = this.sql.get<{ entries: number; bytes: number }>(this.q.cacheSize);
    return { entries: row?.entries ?? 0, bytes: row?.bytes ?? 0 };
  }

  /** Sums over the run's samples; they add up across resumes because each sample is stored once. */
  totals(run: string): RunTotals {
    this.writer.commit();
    const row = this.sql.get<TotalsRow>(this.q.totals, [run]);
    if (!row) throw new Error("an aggregate query returned no row");
    return {
      samples: row.samples,
      ok: row.ok,
      errors: row.errors,
      passed: row.passed,
      usage: usage(row),
      costUsd: row.cost_usd,
      spentUsd: row.spent_usd,
      savedUsd: row.saved_usd,
      unpricedSamples: row.unpriced,
      latencyMs: row.latency_ms,
      calls: row.calls,
    };
  }

  /** Stores a failure-mode label now (in a commit of its own), replacing one for the same sample, label set and judge. */
  saveLabel(label: LabelRecord): void {
    this.writer.commit();
    this.sql.run(this.q.upsertLabel, labelRow(label));
  }

  /** The run's failure-mode labels (of one label set, when given), by sample key. */
  labels(run: string, taxonomy?: string): LabelRecord[] {
    this.writer.commit();
    return this.sql.all<LabelRow>(this.q.labels, { run, taxonomy: taxonomy ?? null }).map(labelRecord);
  }

  /** Stores a judge's choice among k samples now, replacing one for the same problem, k and judge. */
  savePick(pick: PickRecord): void {
    this.writer.commit();
    this.sql.run(this.q.upsertPick, pickRow(pick));
  }

  /** The run's judge choices. */
  picks(run: string): PickRecord[] {
    this.writer.commit();
    return this.sql.all<PickRow>(this.q.picks, [run]).map(pickRecord);
  }

  /** Deletes the run with its instances, samples and steps (the shared cache stays). */
  deleteRun(name: string): void {
    this.writer.commit();
    if (this.sql.run(this.q.deleteRun, [name]) === 0) throw noSuchRun(name);
    this.held.delete(name);
  }

  /** Commits what is queued, then closes; throws a failure no save was told of (after closing). */
  close(): void {
    try {
      this.writer.commit();
    } finally {
      this.sql.close();
    }
    const unreported = this.writer.takeUnreported();
    if (unreported) throw unreported.error;
  }

  private writeSample(sample: SampleRow, steps: readonly StepRow[]): void {
    const q = this.q;
    this.sql.runAll([
      [q.upsertSample, sample],
      [q.deleteSteps, [sample.run, sample.key]],
      ...steps.map((step) => [q.insertStep, step] as const),
      ...(this.shared ? [[q.claimDone, [sample.run, sample.key]] as const] : []),
    ]);
  }

  private queueCache(
    key: string,
    response: ModelResponse,
    heard: boolean,
    told: (failure?: { error: unknown }) => void,
  ): void {
    const text = JSON.stringify(response);
    const createdAt = new Date().toISOString();
    this.queuedCache.set(key, text);
    this.writer.enqueue({
      heard,
      write: () => {
        this.sql.run(this.q.cachePut, [key, text, createdAt]);
      },
      settle: (failure) => {
        if (this.queuedCache.get(key) === text) this.queuedCache.delete(key);
        told(failure);
      },
    });
  }

  /** Why saves to `run` must stop: this Store took its lease, and another process holds it now. */
  private lostLease(run: string): Error | undefined {
    const ours = this.held.get(run);
    if (ours === undefined) return undefined;
    const holder = this.leases.holder(run);
    if (holder?.id === ours) return undefined;
    const by = holder ? `process ${holder.pid} on ${holder.host} holds it now` : "its lease was released";
    return new InputError(`run "${run}" is no longer written by this process (${by}): its lease lapsed`);
  }
}

function runRecord(row: RunRow): RunRecord {
  const lease = liveLease(row);
  return {
    name: row.name,
    createdAt: row.created_at,
    config: fromJson(row.config),
    status: row.status === "running" && lease === null ? "interrupted" : row.status,
    lease,
  };
}
