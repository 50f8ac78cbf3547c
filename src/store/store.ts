import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { InputError } from "../core/errors.ts";
import type { Attempt, ModelResponse, Usage } from "../core/model.ts";
import type { Verdict } from "../core/verdict.ts";
import type { JudgeRecord, RunRecord, SampleRecord, StepRecord } from "./types.ts";

export { exportSamples } from "./export.ts";

/**
 * Schema migrations, applied in order; the database's PRAGMA user_version is how many have run.
 * Never edit a released entry: append a new one.
 * JSON-valued fields are JSON text (NULL only for `undefined`); usage is kept as four token
 * columns, which reports filter and sum on, and rebuilt from them.
 */
const MIGRATIONS: readonly string[] = [
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
];

interface RunRow {
  name: string;
  created_at: string;
  config: string | null;
  status: RunRecord["status"];
}

interface RunSummaryRow extends RunRow {
  samples: number;
  passed: number;
  errors: number;
}

interface UsageColumns {
  input_tokens: number;
  output_tokens: number;
  reasoning_tokens: number;
  cached_tokens: number;
}

interface SampleRow extends UsageColumns {
  run: string;
  key: string;
  task: string;
  suite: string;
  tags: string;
  level: string | null;
  instance: string;
  model: string;
  epoch: number;
  status: SampleRecord["status"];
  prompt: string | null;
  text: string | null;
  reasoning: string | null;
  answer: string | null;
  verdict: string | null;
  score: number | null;
  passed: 0 | 1 | null;
  failure_kind: string | null;
  cost_usd: number | null;
  latency_ms: number;
  attempts: string;
  error: string | null;
  cached: 0 | 1;
  steps: number | null;
  optimal_steps: number | null;
  started_at: string;
  finished_at: string;
  judge: string | null;
}

interface StepRow extends UsageColumns {
  run: string;
  sample_key: string;
  idx: number;
  observation: string;
  reply: string;
  action: string | null;
  reward: number;
  error: string | null;
}

interface SampleFilter {
  run: string;
  task: string | null;
  model: string | null;
  status: string | null;
}

interface TotalsRow extends UsageColumns {
  samples: number;
  ok: number;
  errors: number;
  passed: number;
  cost_usd: number;
  latency_ms: number;
  calls: number;
}

export interface RunTotals {
  samples: number;
  ok: number;
  errors: number;
  passed: number;
  usage: Usage;
  costUsd: number;
  latencyMs: number;
  /** Samples not served from the cache. */
  calls: number;
}

const SAMPLE_COLUMNS = [
  "run",
  "key",
  "task",
  "suite",
  "tags",
  "level",
  "instance",
  "model",
  "epoch",
  "status",
  "prompt",
  "text",
  "reasoning",
  "answer",
  "verdict",
  "score",
  "passed",
  "failure_kind",
  "input_tokens",
  "output_tokens",
  "reasoning_tokens",
  "cached_tokens",
  "cost_usd",
  "latency_ms",
  "attempts",
  "error",
  "cached",
  "steps",
  "optimal_steps",
  "started_at",
  "finished_at",
  "judge",
] as const;

const STEP_COLUMNS = [
  "run",
  "sample_key",
  "idx",
  "observation",
  "reply",
  "action",
  "reward",
  "error",
  "input_tokens",
  "output_tokens",
  "reasoning_tokens",
  "cached_tokens",
] as const;

function insertSql(table: string, columns: readonly string[]): string {
  return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`;
}

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
    deleteRun: db.prepare<[string]>("DELETE FROM runs WHERE name = ?"),
    upsertSample: db.prepare<SampleRow>(
      `${insertSql("samples", SAMPLE_COLUMNS)} ON CONFLICT (run, key) DO UPDATE SET ${upsertSet}`,
    ),
    deleteSteps: db.prepare<[string, string]>("DELETE FROM steps WHERE run = ? AND sample_key = ?"),
    insertStep: db.prepare<StepRow>(insertSql("steps", STEP_COLUMNS)),
    sampleStatus: db.prepare<[string], Pick<SampleRow, "key" | "status">>(
      "SELECT key, status FROM samples WHERE run = ?",
    ),
    samples: db.prepare<SampleFilter, SampleRow>(`
      SELECT * FROM samples
      WHERE run = @run
        AND (@task IS NULL OR task = @task)
        AND (@model IS NULL OR model = @model)
        AND (@status IS NULL OR status = @status)
      ORDER BY task, instance, model, epoch, key`),
    steps: db.prepare<[string, string], StepRow>(
      "SELECT * FROM steps WHERE run = ? AND sample_key = ? ORDER BY idx",
    ),
    cacheGet: db.prepare<[string], { response: string }>("SELECT response FROM cache WHERE key = ?"),
    cachePut: db.prepare<[string, string, string]>(
      "INSERT INTO cache (key, response, created_at) VALUES (?, ?, ?) " +
        "ON CONFLICT (key) DO UPDATE SET response = excluded.response, created_at = excluded.created_at",
    ),
    // TOTAL() rather than SUM() so an empty run sums to 0 instead of NULL.
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
        TOTAL(latency_ms) AS latency_ms,
        COUNT(*) FILTER (WHERE cached = 0) AS calls
      FROM samples WHERE run = ?`),
  };
}

/** The evaluation run store: runs, their samples and episode steps, and the shared response cache. */
export class Store {
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly writeSample: (sample: SampleRecord, steps: StepRecord[]) => void;

  private constructor(
    readonly path: string,
    private readonly db: Database.Database,
  ) {
    this.statements = prepareStatements(db);
    const s = this.statements;
    this.writeSample = db.transaction((sample: SampleRecord, steps: StepRecord[]) => {
      s.upsertSample.run(sampleRow(sample));
      s.deleteSteps.run(sample.run, sample.key);
      for (const step of steps) s.insertStep.run(stepRow(step));
    });
  }

  /** Opens (creating it and its folders if needed) the store at `path`; ":memory:" is allowed. */
  static open(path: string): Store {
    if (path !== ":memory:") {
      try {
        mkdirSync(dirname(path), { recursive: true });
      } catch (e) {
        throw new InputError(`cannot create its folder (${e instanceof Error ? e.message : String(e)})`, {
          source: path,
        });
      }
    }
    let db: Database.Database;
    try {
      db = new Database(path);
    } catch (e) {
      throw openError(e, path);
    }
    try {
      migrate(db, path);
      db.pragma("journal_mode = WAL");
      // Every commit reaches the disk, so even a power loss never forgets an answer already paid
      // for; one fsync per sample is nothing next to a model call.
      db.pragma("synchronous = FULL");
      db.pragma("foreign_keys = ON");
      return new Store(path, db);
    } catch (e) {
      db.close();
      throw openError(e, path);
    }
  }

  /** Creates the run, or returns the existing one with that name (resume); an existing run is left unchanged. */
  openRun(name: string, config: unknown): { run: RunRecord; resumed: boolean } {
    const created = this.statements.insertRun.run(name, new Date().toISOString(), toJson(config)).changes;
    const run = this.getRun(name);
    if (!run) throw new Error(`run "${name}" vanished right after being opened`);
    return { run, resumed: created === 0 };
  }

  getRun(name: string): RunRecord | undefined {
    const row = this.statements.getRun.get(name);
    return row && runRecord(row);
  }

  /** Every run, oldest first, with its sample, pass and error counts. */
  listRuns(): (RunRecord & { samples: number; passed: number; errors: number })[] {
    return this.statements.listRuns
      .all()
      .map((row) => ({ ...runRecord(row), samples: row.samples, passed: row.passed, errors: row.errors }));
  }

  setRunStatus(name: string, status: RunRecord["status"]): void {
    if (this.statements.setRunStatus.run(status, name).changes === 0) throw noSuchRun(name);
  }

  /**
   * Upserts the sample by (run, key) and replaces its steps (none when `steps` is omitted), all in
   * one transaction: a failure leaves the previous version, if any, untouched.
   */
  saveSample(sample: SampleRecord, steps: StepRecord[] = []): void {
    const stray = steps.find((st) => st.run !== sample.run || st.sampleKey !== sample.key);
    if (stray) {
      throw new Error(
        `step ${stray.index} belongs to ${stray.run}/${stray.sampleKey}, not ${sample.run}/${sample.key}`,
      );
    }
    this.writeSample(sample, steps);
  }

  /** key -> status of every sample saved for the run. */
  sampleStatus(run: string): Map<string, SampleRecord["status"]> {
    return new Map(this.statements.sampleStatus.all(run).map((row) => [row.key, row.status]));
  }

  /** The run's samples, ordered by task, instance, model, epoch. */
  samples(
    run: string,
    filter: { task?: string; model?: string; status?: SampleRecord["status"] } = {},
  ): SampleRecord[] {
    return this.statements.samples
      .all({ run, task: filter.task ?? null, model: filter.model ?? null, status: filter.status ?? null })
      .map(sampleRecord);
  }

  /** The sample's steps, ordered by index. */
  steps(run: string, sampleKey: string): StepRecord[] {
    return this.statements.steps.all(run, sampleKey).map(stepRecord);
  }

  /** Response cache, shared by all runs: a cached response is returned instead of calling the model. */
  cacheGet(key: string): ModelResponse | undefined {
    const row = this.statements.cacheGet.get(key);
    return row && (JSON.parse(row.response) as ModelResponse);
  }

  cachePut(key: string, response: ModelResponse): void {
    this.statements.cachePut.run(key, JSON.stringify(response), new Date().toISOString());
  }

  /** Sums over the run's samples; they add up across resumes because each sample is stored once. */
  totals(run: string): RunTotals {
    const row = this.statements.totals.get(run);
    if (!row) throw new Error("an aggregate query returned no row");
    return {
      samples: row.samples,
      ok: row.ok,
      errors: row.errors,
      passed: row.passed,
      usage: usage(row),
      costUsd: row.cost_usd,
      latencyMs: row.latency_ms,
      calls: row.calls,
    };
  }

  /** Deletes the run with its samples and steps (the shared cache stays). */
  deleteRun(name: string): void {
    if (this.statements.deleteRun.run(name).changes === 0) throw noSuchRun(name);
  }

  close(): void {
    this.db.close();
  }
}

/** Brings the schema up to date, refusing files that are not Plumb stores or are newer than this code. */
function migrate(db: Database.Database, path: string): void {
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

function openError(e: unknown, path: string): unknown {
  if (!(e instanceof Database.SqliteError)) return e;
  if (e.code === "SQLITE_NOTADB")
    return new InputError("not a Plumb store (not a SQLite database)", { source: path });
  if (e.code === "SQLITE_CANTOPEN")
    return new InputError(`cannot open the store (${e.message})`, { source: path });
  return e;
}

function noSuchRun(name: string): InputError {
  return new InputError(`no run named "${name}"`);
}

/** JSON text, keeping `undefined` (which JSON cannot hold) as SQL NULL. */
function toJson(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

function fromJson(text: string | null): unknown {
  return text === null ? undefined : JSON.parse(text);
}

function bit(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

function usageColumns(u: Usage): UsageColumns {
  return {
    input_tokens: u.input,
    output_tokens: u.output,
    reasoning_tokens: u.reasoning,
    cached_tokens: u.cached,
  };
}

function usage(row: UsageColumns): Usage {
  return {
    input: row.input_tokens,
    output: row.output_tokens,
    reasoning: row.reasoning_tokens,
    cached: row.cached_tokens,
  };
}

function runRecord(row: RunRow): RunRecord {
  return { name: row.name, createdAt: row.created_at, config: fromJson(row.config), status: row.status };
}

function sampleRow(s: SampleRecord): SampleRow {
  return {
    run: s.run,
    key: s.key,
    task: s.task,
    suite: s.suite,
    tags: JSON.stringify(s.tags),
    level: s.level,
    instance: s.instance,
    model: s.model,
    epoch: s.epoch,
    status: s.status,
    prompt: toJson(s.prompt),
    text: s.text,
    reasoning: s.reasoning,
    answer: toJson(s.answer),
    verdict: toJson(s.verdict),
    score: s.score,
    passed: s.passed === null ? null : bit(s.passed),
    failure_kind: s.failureKind,
    ...usageColumns(s.usage),
    cost_usd: s.costUsd,
    latency_ms: s.latencyMs,
    attempts: JSON.stringify(s.attempts),
    error: s.error,
    cached: bit(s.cached),
    steps: s.steps,
    optimal_steps: s.optimalSteps,
    started_at: s.startedAt,
    finished_at: s.finishedAt,
    judge: toJson(s.judge),
  };
}

function sampleRecord(r: SampleRow): SampleRecord {
  return {
    run: r.run,
    key: r.key,
    task: r.task,
    suite: r.suite,
    tags: JSON.parse(r.tags) as string[],
    level: r.level,
    instance: r.instance,
    model: r.model,
    epoch: r.epoch,
    status: r.status,
    prompt: fromJson(r.prompt),
    text: r.text,
    reasoning: r.reasoning,
    answer: fromJson(r.answer),
    verdict: fromJson(r.verdict) as Verdict | null,
    score: r.score,
    passed: r.passed === null ? null : r.passed === 1,
    failureKind: r.failure_kind,
    usage: usage(r),
    costUsd: r.cost_usd,
    latencyMs: r.latency_ms,
    attempts: JSON.parse(r.attempts) as Attempt[],
    error: r.error,
    cached: r.cached === 1,
    steps: r.steps,
    optimalSteps: r.optimal_steps,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    judge: (fromJson(r.judge) as JudgeRecord | null) ?? null,
  };
}

function stepRow(s: StepRecord): StepRow {
  return {
    run: s.run,
    sample_key: s.sampleKey,
    idx: s.index,
    observation: s.observation,
    reply: s.reply,
    action: toJson(s.action),
    reward: s.reward,
    error: s.error,
    ...usageColumns(s.usage),
  };
}

function stepRecord(r: StepRow): StepRecord {
  return {
    run: r.run,
    sampleKey: r.sample_key,
    index: r.idx,
    observation: r.observation,
    reply: r.reply,
    action: fromJson(r.action),
    reward: r.reward,
    error: r.error,
    usage: usage(r),
  };
}
