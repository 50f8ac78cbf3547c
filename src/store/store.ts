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

const SAMPLE_WHERE = `run = @run
        AND (@task IS NULL OR task = @task)
        AND (@model IS NULL OR model = @model)
        AND (@status IS NULL OR status = @status)
        AND (@level IS NULL OR level = @level)
        AND (@outcome IS NULL
          OR (@outcome = 'passed' AND passed = 1)
          OR (@outcome = 'error' AND (failure_kind = 'error' OR status = 'error'))
          OR (@outcome NOT IN ('passed', 'error') AND failure_kind = @outcome))`;

/** The columns reports read: the prompt, the replies' text, the answer and the attempts left out. */
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

/** A judge's cost: 0 without a judge, NULL when its judge was unpriced. */
const JUDGE_COST = "CASE WHEN json_type(judge) = 'object' THEN json_extract(judge, '$.costUsd') ELSE 0 END";

function prepareStatements(db: Database.Database) {
  const upsertSet = SAMPLE_COLUMNS.filter((c) => c !== "run" && c !== "key")
    .map((c) => `${c} = excluded.${c}`)
    .join(", ");
  return {
    insertRun: db.prepare<[string, string, string | null]>(
      "INSERT INTO runs (name, created_at, config, status) VALUES (?, ?, ?, 'running') ON CONFLICT (name) DO NOTHING",
    ),
    getRun: db.prepare<[string], RunRow>("SELECT * FROM runs WHERE name = ?"),
    listRuns: db.prepare<[], RunSummaryRow>(`
      SELECT r.*,
        COUNT(s.key) AS samples,
        COUNT(s.key) FILTER (WHERE s.passed = 1) AS passed,
        COUNT(s.key) FILTER (WHERE s.status = 'error') AS errors
      FROM runs r LEFT JOIN samples s ON s.run = r.name
      GROUP BY r.name ORDER BY r.created_at, r.name`),
    setRunStatus: db.prepare<[string, string]>("UPDATE runs SET status = ? WHERE name = ?"),
    resetRun: db.prepare<[string, string | null, string]>(
      "UPDATE runs SET created_at = ?, config = ?, status = 'running' WHERE name = ?",
    ),
    deleteRun: db.prepare<[string]>("DELETE FROM runs WHERE name = ?"),
    deleteSamples: db.prepare<[string]>("DELETE FROM samples WHERE run = ?"),
    deleteInstances: db.prepare<[string]>("DELETE FROM instances WHERE run = ?"),
    upsertSample: db.prepare<SampleRow>(
      `${insertSql("samples", SAMPLE_COLUMNS)} ON CONFLICT (run, key) DO UPDATE SET ${upsertSet}`,
    ),
    deleteSteps: db.prepare<[string, string]>("DELETE FROM steps WHERE run = ? AND sample_key = ?"),
    insertStep: db.prepare<StepRow>(insertSql("steps", STEP_COLUMNS)),
    // Unjudged: a judge was asked and gave no grade (an outage); such a sample can be judged again.
    sampleStatus: db.prepare<[string], { key: string; status: SampleRecord["status"]; unjudged: 0 | 1 }>(`
      SELECT key, status,
        json_type(judge) = 'object' AND COALESCE(json_type(judge, '$.grade'), 'null') = 'null' AS unjudged
      FROM samples WHERE run = ?`),
    samples: db.prepare<SampleFilter, SampleRow>(`
      SELECT * FROM samples WHERE ${SAMPLE_WHERE}
      ORDER BY task, instance, model, epoch, key`),
    samplesPage: db.prepare<SampleFilter & { limit: number; offset: number }, SampleRow>(`
      SELECT * FROM samples WHERE ${SAMPLE_WHERE}
      ORDER BY task, instance, model, epoch, key
      LIMIT @limit OFFSET @offset`),
    sampleCount: db.prepare<SampleFilter, { n: number }>(
      `SELECT COUNT(*) AS n FROM samples WHERE ${SAMPLE_WHERE}`,
    ),
    sample: db.prepare<[string, string], SampleRow>("SELECT * FROM samples WHERE run = ? AND key = ?"),
    // Rows as arrays: building better-sqlite3's row objects is most of the time of reading a large run.
    reportSamples: db
      .prepare<[string], unknown[]>(
        `SELECT ${REPORT_COLUMNS.join(", ")} FROM samples WHERE run = ? ORDER BY task, instance, model, epoch, key`,
      )
      .raw(true),
    facets: db.prepare<
      { run: string | null },
      Omit<SampleFacet, "tags" | "failureKind"> & { tags: string; failure_kind: string | null }
    >(`
      SELECT DISTINCT run, task, suite, model, tags, level, failure_kind FROM samples
      WHERE @run IS NULL OR run = @run`),
    stamp: db.prepare<[string], { samples: number; last: string | null }>(
      "SELECT COUNT(*) AS samples, MAX(finished_at) AS last FROM samples WHERE run = ?",
    ),
    steps: db.prepare<[string, string], StepRow>(
      "SELECT * FROM steps WHERE run = ? AND sample_key = ? ORDER BY idx",
    ),
    insertInstance: db.prepare<[string, string, string, string, string]>(
      "INSERT INTO instances (run, hash, task, id, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT (run, hash) DO NOTHING",
    ),
    instances: db.prepare<[string], { hash: string; data: string }>(
      "SELECT hash, data FROM instances WHERE run = ?",
    ),
    instance: db.prepare<[string, string], { data: string }>(
      "SELECT data FROM instances WHERE run = ? AND hash = ?",
    ),
    cacheGet: db.prepare<[string], { response: string }>("SELECT response FROM cache WHERE key = ?"),
    cachePut: db.prepare<[string, string, string]>(
      "INSERT INTO cache (key, response, created_at) VALUES (?, ?, ?) " +
        "ON CONFLICT (key) DO UPDATE SET response = excluded.response, created_at = excluded.created_at",
    ),
    clearCache: db.prepare<{ before: string | null }>(
      "DELETE FROM cache WHERE @before IS NULL OR created_at < @before",
    ),
    cacheSize: db.prepare<[], { entries: number; bytes: number }>(
      "SELECT COUNT(*) AS entries, TOTAL(octet_length(key) + octet_length(response) + octet_length(created_at)) AS bytes FROM cache",
    ),
    upsertLabel: db.prepare<LabelRow>(
      `${insertSql("labels", LABEL_COLUMNS)} ON CONFLICT (run, sample_key, taxonomy, judge) DO UPDATE SET ` +
        "label = excluded.label, confidence = excluded.confidence, reason = excluded.reason, " +
        "record = excluded.record, created_at = excluded.created_at",
    ),
    labels: db.prepare<{ run: string; taxonomy: string | null }, LabelRow>(
      "SELECT * FROM labels WHERE run = @run AND (@taxonomy IS NULL OR taxonomy = @taxonomy) ORDER BY sample_key, taxonomy, judge",
    ),
    upsertPick: db.prepare<PickRow>(
      `${insertSql("picks", PICK_COLUMNS)} ON CONFLICT (run, model, task, instance, k, judge) DO UPDATE SET ` +
        "picked = excluded.picked, record = excluded.record, created_at = excluded.created_at",
    ),
    picks: db.prepare<[string], PickRow>(
      "SELECT * FROM picks WHERE run = ? ORDER BY model, task, instance, k, judge",
    ),
    // TOTAL() rather than SUM() so an empty run sums to 0 instead of NULL; TOTAL skips NULLs, so an
    // unpriced sample adds nothing to the money and is counted apart.
    totals: db.prepare<[string], TotalsRow>(`
      SELECT
        COUNT(*) AS samples,
        COUNT(*) FILTER (WHERE status = 'ok') AS ok,
        COUNT(*) FILTER (WHERE status = 'error') AS errors,
        COUNT(*) FILTER (WHERE passed = 1) AS passed,
        TOTAL(input_tokens) AS input_tokens,
        TOTAL(output_tokens) AS output_tokens,
        TOTAL(reasoning_tokens) AS reasoning_tokens,
        TOTAL(cached_tokens) AS cached_tokens,
        TOTAL(cost_usd) AS cost_usd,
        TOTAL(spent_usd) AS spent_usd,
        TOTAL(MAX(0, cost_usd + judge_cost - spent_usd)) AS saved_usd,
        COUNT(*) FILTER (WHERE (status = 'ok' OR calls > 0)
          AND (cost_usd IS NULL OR spent_usd IS NULL OR judge_cost IS NULL)) AS unpriced,
        TOTAL(latency_ms) AS latency_ms,
        COALESCE(SUM(calls), 0) AS calls
      FROM (SELECT *, ${JUDGE_COST} AS judge_cost FROM samples WHERE run = ?)`),
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
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly leases: Leases;
  private readonly writer: GroupCommit;
  /** run -> owner id of the leases this Store took: its saves to such a run are refused once another process holds it. */
  private readonly held = new Map<string, string>();
  /** Cache entries queued and not yet committed, as JSON. */
  private readonly queuedCache = new Map<string, string>();

  private constructor(
    readonly path: string,
    private readonly db: Database.Database,
  ) {
    this.statements = prepareStatements(db);
    this.leases = new Leases(db);
    this.writer = new GroupCommit(db, (run) => this.lostLease(run));
  }

  /**
   * Opens the store at `path` (":memory:" is allowed). With `create` (the default) a missing
   * store is created with its folders; without, a missing one is an InputError and nothing is
   * created. SQLite failures the user can fix (a damaged file, a full disk, permissions) are
   * InputErrors naming the path. `readonly` opens an existing store on a connection that cannot
   * write (a viewer beside a running `plumb run`): every read sees what the writer has committed.
   */
  static open(path: string, opts: { create?: boolean; readonly?: boolean } = {}): Store {
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
        return new Store(path, db);
      }
      migrate(db, path);
      db.pragma("journal_mode = WAL");
      // Every commit reaches the disk, so even a power loss never forgets an answer already paid
      // for; group commit makes that one fsync per batch of samples, not per sample.
      db.pragma("synchronous = FULL");
      db.pragma("foreign_keys = ON");
      return new Store(path, db);
    } catch (e) {
      db.close();
      throw storeError(e, path) ?? e;
    }
  }

  /** Creates the run, or returns the existing one with that name (resume); an existing run is left unchanged. */
  openRun(name: string, config: unknown): { run: RunRecord; resumed: boolean } {
    this.writer.commit();
    const created = this.statements.insertRun.run(name, new Date().toISOString(), toJson(config)).changes;
    const run = this.getRun(name);
    if (!run) throw new Error(`run "${name}" vanished right after being opened`);
    return { run, resumed: created === 0 };
  }

  /** Empties the run (samples, steps, instances) and gives it a new config, keeping its name and lease. */
  resetRun(name: string, config: unknown): void {
    this.writer.commit();
    this.db
      .transaction(() => {
        const s = this.statements;
        if (s.resetRun.run(new Date().toISOString(), toJson(config), name).changes === 0)
          throw noSuchRun(name);
        s.deleteSamples.run(name);
        s.deleteInstances.run(name);
      })
      .immediate();
  }

  getRun(name: string): RunRecord | undefined {
    this.writer.commit();
    const row = this.statements.getRun.get(name);
    return row && runRecord(row);
  }

  /** Every run, oldest first, with its sample, pass and error counts. */
  listRuns(): (RunRecord & { samples: number; passed: number; errors: number })[] {
    this.writer.commit();
    return this.statements.listRuns
      .all()
      .map((row) => ({ ...runRecord(row), samples: row.samples, passed: row.passed, errors: row.errors }));
  }

  setRunStatus(name: string, status: StoredRunStatus): void {
    this.writer.commit();
    if (this.statements.setRunStatus.run(status, name).changes === 0) throw noSuchRun(name);
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

  /** Keeps each instance once per run, by content hash; instances already kept are left as they are. */
  saveInstances(run: string, items: readonly { hash: string; instance: Instance }[]): void {
    this.writer.commit();
    const s = this.statements;
    this.db
      .transaction(() => {
        for (const { hash, instance } of items) {
          s.insertInstance.run(run, hash, instance.task, instance.id, JSON.stringify(instance));
        }
      })
      .immediate();
  }

  /** The run's instances by content hash. */
  instances(run: string): Map<string, Instance> {
    this.writer.commit();
    return new Map(
      this.statements.instances.all(run).map((row) => [row.hash, JSON.parse(row.data) as Instance]),
    );
  }

  instance(run: string, hash: string): Instance | undefined {
    this.writer.commit();
    const row = this.statements.instance.get(run, hash);
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
      this.statements.sampleStatus
        .all(run)
        .map((row) => [row.key, { status: row.status, unjudged: row.unjudged === 1 }]),
    );
  }

  /** The run's samples, ordered by task, instance, model, epoch. */
  samples(run: string, filter: SampleQuery = {}): SampleRecord[] {
    this.writer.commit();
    return this.statements.samples.all(sampleFilter(run, filter)).map(sampleRecord);
  }

  /**
   * The run's samples as reports read them, in the order `samples` gives: without their prompt and
   * answer (undefined), text and reasoning (null) and attempts ([]), which a report never reads
   * and which are most of a large run's bytes.
   */
  reportSamples(run: string): ReportSample[] {
    this.writer.commit();
    const tags = new Map<string, string[]>();
    return this.statements.reportSamples.all(run).map((values) => reportSample(values, tags));
  }

  /** One sample by its key. */
  sample(run: string, key: string): SampleRecord | undefined {
    this.writer.commit();
    const row = this.statements.sample.get(run, key);
    return row && sampleRecord(row);
  }

  /**
   * The distinct (run, task, suite, model, tags, level, failure kind) of the samples of one run, or
   * of every run: a run's facets in one grouped query, without reading its samples.
   */
  sampleFacets(run?: string): SampleFacet[] {
    this.writer.commit();
    return this.statements.facets.all({ run: run ?? null }).map((r) => ({
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
   * SQLite's data_version: it changes whenever another connection commits to the store, so a
   * reader can tell in a microsecond whether anything it derived may be stale.
   */
  dataVersion(): number {
    this.writer.commit();
    return this.db.pragma("data_version", { simple: true }) as number;
  }

  /** How many samples the run has and when the last one finished: what changes whenever a sample is saved. */
  sampleStamp(run: string): { samples: number; lastFinishedAt: string | null } {
    this.writer.commit();
    const row = this.statements.stamp.get(run);
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
      total: this.statements.sampleCount.get(where)?.n ?? 0,
      samples: this.statements.samplesPage.all({ ...where, ...page }).map(sampleRecord),
    };
  }

  /** The sample's steps, ordered by index. */
  steps(run: string, sampleKey: string): StepRecord[] {
    this.writer.commit();
    return this.statements.steps.all(run, sampleKey).map(stepRecord);
  }

  /** Response cache, shared by all runs: a cached response is returned instead of calling the model. */
  cacheGet(key: string): ModelResponse | undefined {
    const text = this.queuedCache.get(key) ?? this.statements.cacheGet.get(key)?.response;
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
    return this.statements.clearCache.run({ before: opts.olderThan?.toISOString() ?? null }).changes;
  }

  /** Cached responses and the bytes of their text. */
  cacheSize(): { entries: number; bytes: number } {
    this.writer.commit();
    const row = this.statements.cacheSize.get();
    return { entries: row?.entries ?? 0, bytes: row?.bytes ?? 0 };
  }

  /** Sums over the run's samples; they add up across resumes because each sample is stored once. */
  totals(run: string): RunTotals {
    this.writer.commit();
    const row = this.statements.totals.get(run);
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
    this.statements.upsertLabel.run(labelRow(label));
  }

  /** The run's failure-mode labels (of one label set, when given), by sample key. */
  labels(run: string, taxonomy?: string): LabelRecord[] {
    this.writer.commit();
    return this.statements.labels.all({ run, taxonomy: taxonomy ?? null }).map(labelRecord);
  }

  /** Stores a judge's choice among k samples now, replacing one for the same problem, k and judge. */
  savePick(pick: PickRecord): void {
    this.writer.commit();
    this.statements.upsertPick.run(pickRow(pick));
  }

  /** The run's judge choices. */
  picks(run: string): PickRecord[] {
    this.writer.commit();
    return this.statements.picks.all(run).map(pickRecord);
  }

  /** Deletes the run with its instances, samples and steps (the shared cache stays). */
  deleteRun(name: string): void {
    this.writer.commit();
    if (this.statements.deleteRun.run(name).changes === 0) throw noSuchRun(name);
    this.held.delete(name);
  }

  /** Commits what is queued, then closes; throws a failure no save was told of (after closing). */
  close(): void {
    try {
      this.writer.commit();
    } finally {
      this.db.close();
    }
    const unreported = this.writer.takeUnreported();
    if (unreported) throw unreported.error;
  }

  private writeSample(sample: SampleRow, steps: readonly StepRow[]): void {
    const s = this.statements;
    s.upsertSample.run(sample);
    s.deleteSteps.run(sample.run, sample.key);
    for (const step of steps) s.insertStep.run(step);
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
      write: () => this.statements.cachePut.run(key, text, createdAt),
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
