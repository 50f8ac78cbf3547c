import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { InputError } from "../core/errors.ts";
import type { ModelResponse } from "../core/model.ts";
import { exportSamples, Store } from "./store.ts";
import type { SampleRecord, StepRecord } from "./types.ts";

const opened: Store[] = [];

function tempPath(name = "plumb.db"): string {
  return join(mkdtempSync(join(tmpdir(), "plumb-store-")), name);
}

function openStore(path = tempPath()): Store {
  const store = Store.open(path);
  opened.push(store);
  return store;
}

afterEach(() => {
  for (const store of opened.splice(0)) {
    try {
      store.close();
    } catch {
      // already closed by the test
    }
  }
});

function sample(over: Partial<SampleRecord> = {}): SampleRecord {
  return {
    run: "r1",
    key: "maze/0/m1/0",
    task: "maze",
    suite: "sparc",
    tags: ["spatial", "grid"],
    level: "easy",
    instance: "0",
    model: "m1",
    epoch: 0,
    status: "ok",
    prompt: [{ role: "user", content: "Solve [image: a maze]" }],
    text: "path: R, R, D",
    reasoning: null,
    answer: { path: [{ x: 1, y: 0 }] },
    verdict: {
      score: 0,
      passed: false,
      checks: [
        { name: "connected", ok: true },
        { name: "reaches-goal", ok: false, detail: "stops at (1,0)" },
      ],
      failure: { kind: "wrong", message: "reaches-goal: stops at (1,0)" },
    },
    score: 0,
    passed: false,
    failureKind: "wrong",
    usage: { input: 100, output: 20, reasoning: 5, cached: 10 },
    costUsd: 0.0015,
    latencyMs: 812.5,
    attempts: [
      { startedAt: "2025-01-01T00:00:00.000Z", latencyMs: 30, error: "429", status: 429, retryAfterMs: 1000 },
      { startedAt: "2025-01-01T00:00:01.000Z", latencyMs: 812.5 },
    ],
    error: null,
    cached: false,
    judge: null,
    steps: null,
    optimalSteps: null,
    startedAt: "2025-01-01T00:00:00.000Z",
    finishedAt: "2025-01-01T00:00:02.000Z",
    ...over,
  };
}

function step(index: number, over: Partial<StepRecord> = {}): StepRecord {
  return {
    run: "r1",
    sampleKey: "maze/0/m1/0",
    index,
    observation: `grid after ${index} moves`,
    reply: "I move right",
    action: { move: "R" },
    reward: index === 2 ? 1 : 0,
    error: null,
    usage: { input: 10, output: 2, reasoning: 0, cached: 0 },
    ...over,
  };
}

const response: ModelResponse = {
  text: "answer",
  usage: { input: 3, output: 4, reasoning: 0, cached: 0 },
  latencyMs: 120,
  finishReason: "stop",
  attempts: [{ startedAt: "2025-01-01T00:00:00.000Z", latencyMs: 120 }],
};

/** A minimal RFC 4180 reader, to check the export against. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  return rows;
}

describe("Store", () => {
  it("round-trips samples and steps exactly", () => {
    const store = openStore();
    store.openRun("r1", { tasks: ["maze"], models: ["m1"], epochs: 1 });
    const episode = sample({
      key: "k-episode",
      steps: 3,
      optimalSteps: 2,
      reasoning: "thinking…",
      answer: null,
      verdict: { score: 1, passed: true, checks: [] },
      score: 1,
      passed: true,
      failureKind: null,
      costUsd: null,
      level: null,
      tags: [],
      cached: true,
    });
    const failed = sample({
      key: "k-error",
      status: "error",
      text: null,
      answer: null,
      verdict: null,
      score: null,
      passed: null,
      failureKind: null,
      error: "HTTP 500",
    });
    const plain = sample();
    const steps = [0, 1, 2].map((i) =>
      step(i, { sampleKey: "k-episode", error: i === 1 ? "bad move" : null }),
    );
    store.saveSample(plain);
    store.saveSample(episode, [...steps].reverse());
    store.saveSample(failed);

    const byKey = new Map(store.samples("r1").map((s) => [s.key, s]));
    expect(byKey.get(plain.key)).toEqual(plain);
    expect(byKey.get("k-episode")).toEqual(episode);
    expect(byKey.get("k-error")).toEqual(failed);
    expect(store.steps("r1", "k-episode")).toEqual(steps);
    expect(store.steps("r1", plain.key)).toEqual([]);

    // null and absent `failure` are both kept as they were.
    const nulled = sample({ key: "k-nulled" });
    (nulled.verdict as unknown as { failure: null }).failure = null;
    store.saveSample(nulled);
    expect(store.samples("r1").find((s) => s.key === "k-nulled")?.verdict).toStrictEqual(nulled.verdict);
    const absent = store.samples("r1").find((s) => s.key === "k-episode")?.verdict;
    expect(absent).toStrictEqual({ score: 1, passed: true, checks: [] });
  });

  it("orders and filters samples", () => {
    const store = openStore();
    store.openRun("r1", {});
    const specs: [string, string, string, number, SampleRecord["status"]][] = [
      ["b", "1", "m2", 1, "ok"],
      ["a", "2", "m1", 0, "ok"],
      ["b", "1", "m1", 0, "error"],
      ["a", "1", "m2", 0, "ok"],
      ["b", "1", "m2", 0, "ok"],
    ];
    for (const [task, instance, model, epoch, status] of specs) {
      store.saveSample(
        sample({ key: `${task}/${instance}/${model}/${epoch}`, task, instance, model, epoch, status }),
      );
    }
    expect(store.samples("r1").map((s) => s.key)).toEqual([
      "a/1/m2/0",
      "a/2/m1/0",
      "b/1/m1/0",
      "b/1/m2/0",
      "b/1/m2/1",
    ]);
    expect(store.samples("r1", { task: "b", model: "m2" }).map((s) => s.key)).toEqual([
      "b/1/m2/0",
      "b/1/m2/1",
    ]);
    expect(store.samples("r1", { status: "error" }).map((s) => s.key)).toEqual(["b/1/m1/0"]);
    expect(store.samples("other")).toEqual([]);
  });

  it("upserts by (run, key), keeping one row and replacing the steps", () => {
    const store = openStore();
    store.openRun("r1", {});
    store.saveSample(sample({ status: "error", error: "timeout" }), [step(0), step(1), step(2)]);
    const second = sample({ text: "second try" });
    store.saveSample(second, [step(0, { reply: "new" })]);
    expect(store.samples("r1")).toEqual([second]);
    expect(store.steps("r1", second.key)).toEqual([step(0, { reply: "new" })]);
    store.saveSample(second);
    expect(store.steps("r1", second.key)).toEqual([]);
    expect(store.sampleStatus("r1")).toEqual(new Map([[second.key, "ok"]]));
  });

  it("creates a run once and resumes it afterwards", () => {
    const store = openStore();
    const first = store.openRun("r1", { models: ["m1"] });
    expect(first.resumed).toBe(false);
    expect(first.run).toMatchObject({ name: "r1", status: "running", config: { models: ["m1"] } });
    store.setRunStatus("r1", "stopped");
    const again = store.openRun("r1", { models: ["other"] });
    expect(again.resumed).toBe(true);
    expect(again.run).toEqual({ ...first.run, status: "stopped" });
    expect(store.getRun("nope")).toBeUndefined();
    expect(() => store.setRunStatus("nope", "done")).toThrow(InputError);
  });

  it("lists runs with their counts and deletes a run with its samples and steps", () => {
    const store = openStore();
    store.openRun("r1", {});
    store.openRun("r2", {});
    store.saveSample(sample({ key: "a", passed: true }), [step(0, { sampleKey: "a" })]);
    store.saveSample(sample({ key: "b", passed: false }));
    store.saveSample(sample({ key: "c", status: "error", passed: null }));
    store.cachePut("k", response);
    const runs = store.listRuns();
    expect(runs.map(({ name, samples, passed, errors }) => ({ name, samples, passed, errors }))).toEqual([
      { name: "r1", samples: 3, passed: 1, errors: 1 },
      { name: "r2", samples: 0, passed: 0, errors: 0 },
    ]);
    store.deleteRun("r1");
    expect(store.getRun("r1")).toBeUndefined();
    expect(store.samples("r1")).toEqual([]);
    expect(store.steps("r1", "a")).toEqual([]);
    expect(store.cacheGet("k")).toEqual(response);
    expect(() => store.deleteRun("r1")).toThrow(/no run named "r1"/);
  });

  it("reports each sample's status for resume", () => {
    const store = openStore();
    store.openRun("r1", {});
    store.openRun("r2", {});
    store.saveSample(sample({ key: "a" }));
    store.saveSample(sample({ key: "b", status: "error" }));
    store.saveSample(sample({ run: "r2", key: "c" }));
    expect(store.sampleStatus("r1")).toEqual(
      new Map([
        ["a", "ok"],
        ["b", "error"],
      ]),
    );
    expect(store.sampleStatus("none").size).toBe(0);
  });

  it("adds totals up over saves, not counting cached samples as calls", () => {
    const store = openStore();
    store.openRun("r1", {});
    expect(store.totals("r1")).toEqual({
      samples: 0,
      ok: 0,
      errors: 0,
      passed: 0,
      usage: { input: 0, output: 0, reasoning: 0, cached: 0 },
      costUsd: 0,
      latencyMs: 0,
      calls: 0,
    });
    store.saveSample(sample({ key: "a", passed: true, costUsd: 0.5, latencyMs: 100 }));
    store.saveSample(sample({ key: "b", passed: false, costUsd: 0.25, latencyMs: 50, cached: true }));
    // A retry of an errored sample replaces it rather than adding to it.
    store.saveSample(sample({ key: "c", status: "error", passed: null, costUsd: null, latencyMs: 7 }));
    store.saveSample(sample({ key: "c", status: "error", passed: null, costUsd: null, latencyMs: 10 }));
    const totals = store.totals("r1");
    expect(totals).toEqual({
      samples: 3,
      ok: 2,
      errors: 1,
      passed: 1,
      usage: { input: 300, output: 60, reasoning: 15, cached: 30 },
      costUsd: 0.75,
      latencyMs: 160,
      calls: 2,
    });
  });

  it("round-trips cached responses, shared by every run", () => {
    const path = tempPath();
    const store = openStore(path);
    expect(store.cacheGet("k")).toBeUndefined();
    store.cachePut("k", response);
    const withReasoning = { ...response, reasoning: "hmm" };
    store.cachePut("k2", withReasoning);
    expect(store.cacheGet("k")).toStrictEqual(response);
    expect(store.cacheGet("k2")).toStrictEqual(withReasoning);
    store.cachePut("k", { ...response, text: "replaced" });
    expect(store.cacheGet("k")?.text).toBe("replaced");
    expect(openStore(path).cacheGet("k2")).toStrictEqual(withReasoning);
  });

  it("keeps everything saved across close and reopen", () => {
    const path = tempPath(join("nested", "deeper", "plumb.db"));
    const store = Store.open(path);
    expect(store.path).toBe(path);
    store.openRun("r1", { a: 1 });
    store.saveSample(sample(), [step(0)]);
    store.close();
    const reopened = openStore(path);
    expect(reopened.openRun("r1", {}).resumed).toBe(true);
    expect(reopened.samples("r1")).toEqual([sample()]);
    expect(reopened.steps("r1", sample().key)).toEqual([step(0)]);
  });

  it("has every saved sample readable at once, as after a crash", () => {
    const path = tempPath();
    const writer = openStore(path);
    writer.openRun("r1", {});
    writer.saveSample(sample({ key: "a" }), [step(0, { sampleKey: "a" })]);
    writer.cachePut("k", response);
    // The writer is never closed: a second connection sees exactly what a restarted process would.
    const reader = openStore(path);
    expect(reader.samples("r1")).toEqual([sample({ key: "a" })]);
    expect(reader.steps("r1", "a")).toEqual([step(0, { sampleKey: "a" })]);
    expect(reader.cacheGet("k")).toEqual(response);
    writer.saveSample(sample({ key: "b" }));
    expect(reader.sampleStatus("r1")).toEqual(
      new Map([
        ["a", "ok"],
        ["b", "ok"],
      ]),
    );
  });

  it("leaves no partial sample when saving fails", () => {
    const store = openStore();
    store.openRun("r1", {});
    expect(() =>
      store.saveSample(sample({ key: "new" }), [
        step(0, { sampleKey: "new" }),
        step(0, { sampleKey: "new" }),
      ]),
    ).toThrow(/UNIQUE/);
    expect(store.samples("r1")).toEqual([]);
    expect(store.steps("r1", "new")).toEqual([]);

    // A failed update keeps the previous version and its steps.
    const old = sample({ key: "old" });
    store.saveSample(old, [step(0, { sampleKey: "old" })]);
    expect(() =>
      store.saveSample(sample({ key: "old", text: "changed" }), [
        step(0, { sampleKey: "old" }),
        step(1, { sampleKey: "old", observation: null as unknown as string }),
      ]),
    ).toThrow(/NOT NULL/);
    expect(store.samples("r1")).toEqual([old]);
    expect(store.steps("r1", "old")).toEqual([step(0, { sampleKey: "old" })]);

    expect(() => store.saveSample(sample({ key: "x" }), [step(0, { sampleKey: "y" })])).toThrow(/belongs to/);
    expect(() => store.saveSample(sample({ run: "no-such-run" }))).toThrow(/FOREIGN KEY/);
  });

  it("refuses files that are not stores, and stores from a newer schema, naming the path", () => {
    const junk = tempPath("junk.db");
    writeFileSync(
      junk,
      "this is not a database, just some text that happens to be long enough to look at\n".repeat(10),
    );
    expect(() => Store.open(junk)).toThrow(InputError);
    expect(() => Store.open(junk)).toThrow(`${junk}: not a Plumb store (not a SQLite database)`);

    const newer = tempPath("newer.db");
    openStore(newer).close();
    const raw = new Database(newer);
    raw.pragma("user_version = 99");
    raw.close();
    expect(() => Store.open(newer)).toThrow(InputError);
    expect(() => Store.open(newer)).toThrow(new RegExp(`^${newer}: was written by a newer version of Plumb`));

    const foreign = tempPath("foreign.db");
    const other = new Database(foreign);
    other.exec("CREATE TABLE runs (id INTEGER)");
    other.close();
    expect(() => Store.open(foreign)).toThrow(`${foreign}: is a SQLite database but not a Plumb store`);

    const directory = mkdtempSync(join(tmpdir(), "plumb-store-"));
    expect(() => Store.open(directory)).toThrow(InputError);
  });

  it("uses WAL, foreign keys and a versioned schema", () => {
    const path = tempPath();
    openStore(path).close();
    const raw = new Database(path, { readonly: true });
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(raw.pragma("user_version", { simple: true })).toBe(2);
    const indexes = raw
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'samples'")
      .all();
    expect(indexes).toEqual(
      expect.arrayContaining([{ name: "samples_run" }, { name: "samples_run_status" }]),
    );
    raw.close();
    const memory = openStore(":memory:");
    expect(memory.openRun("m", null).run.config).toBeNull();
  });

  it("upgrades a schema-1 store in place, and keeps judge records", () => {
    const path = tempPath();
    const old = new Database(path);
    // The first schema, as the first release wrote it: the samples table without a judge column.
    old.exec(`CREATE TABLE runs (name TEXT PRIMARY KEY, created_at TEXT NOT NULL, config TEXT, status TEXT NOT NULL);
      CREATE TABLE samples (run TEXT NOT NULL, key TEXT NOT NULL, task TEXT NOT NULL, suite TEXT NOT NULL, tags TEXT NOT NULL,
        level TEXT, instance TEXT NOT NULL, model TEXT NOT NULL, epoch INTEGER NOT NULL, status TEXT NOT NULL, prompt TEXT,
        text TEXT, reasoning TEXT, answer TEXT, verdict TEXT, score REAL, passed INTEGER, failure_kind TEXT,
        input_tokens INTEGER NOT NULL, output_tokens INTEGER NOT NULL, reasoning_tokens INTEGER NOT NULL,
        cached_tokens INTEGER NOT NULL, cost_usd REAL, latency_ms REAL NOT NULL, attempts TEXT NOT NULL, error TEXT,
        cached INTEGER NOT NULL, steps INTEGER, optimal_steps INTEGER, started_at TEXT NOT NULL, finished_at TEXT NOT NULL,
        PRIMARY KEY (run, key));
      CREATE TABLE steps (run TEXT NOT NULL, sample_key TEXT NOT NULL, idx INTEGER NOT NULL, observation TEXT NOT NULL,
        reply TEXT NOT NULL, action TEXT, reward REAL NOT NULL, error TEXT, input_tokens INTEGER NOT NULL,
        output_tokens INTEGER NOT NULL, reasoning_tokens INTEGER NOT NULL, cached_tokens INTEGER NOT NULL,
        PRIMARY KEY (run, sample_key, idx));
      CREATE TABLE cache (key TEXT PRIMARY KEY, response TEXT NOT NULL, created_at TEXT NOT NULL);
      PRAGMA user_version = 1;`);
    old.close();
    const store = openStore(path);
    store.openRun("r1", {});
    const judged = sample({
      judge: {
        model: "judge",
        grade: 6,
        replies: ["<points>6 out of 7</points>"],
        errors: [],
        usage: { input: 5, output: 1, reasoning: 0, cached: 0 },
        costUsd: null,
      },
    });
    store.saveSample(judged);
    expect(store.samples("r1")[0]?.judge).toEqual(judged.judge);
    store.saveSample(sample({ key: "other" }));
    expect(store.samples("r1").find((s) => s.key === "other")?.judge).toBeNull();
  });

  it("saves 10,000 samples", () => {
    const store = openStore();
    store.openRun("r1", {});
    for (let i = 0; i < 10_000; i++) store.saveSample(sample({ key: `k${i}`, instance: String(i) }));
    expect(store.totals("r1").samples).toBe(10_000);
    expect(store.sampleStatus("r1").size).toBe(10_000);
  });
});

describe("exportSamples", () => {
  it("writes one JSON sample per line", () => {
    const samples = [sample({ key: "a" }), sample({ key: "b", verdict: null })];
    const text = exportSamples(samples, "jsonl");
    expect(text.endsWith("\n")).toBe(true);
    expect(
      text
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line)),
    ).toEqual(samples);
    expect(exportSamples([], "jsonl")).toBe("");
  });

  it("writes CSV with RFC 4180 quoting", () => {
    const tricky = 'He said "go, now"\nthen left';
    const csv = exportSamples(
      [
        sample({ text: tricky, error: "a,b" }),
        sample({ status: "error", verdict: null, passed: null, score: null, costUsd: null, text: null }),
      ],
      "csv",
    );
    expect(csv).toContain('"He said ""go, now""\nthen left"');
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(3);
    const [header, first, second] = rows;
    expect(header).toEqual([
      "run",
      "task",
      "level",
      "instance",
      "model",
      "epoch",
      "status",
      "passed",
      "score",
      "failure_kind",
      "failed_checks",
      "input_tokens",
      "output_tokens",
      "reasoning_tokens",
      "cached_tokens",
      "cost_usd",
      "latency_ms",
      "cached",
      "steps",
      "optimal_steps",
      "error",
      "text",
    ]);
    const row = (cells: string[] | undefined) =>
      Object.fromEntries((header ?? []).map((name, i) => [name, cells?.[i]]));
    expect(row(first)).toMatchObject({
      run: "r1",
      passed: "false",
      failure_kind: "wrong",
      failed_checks: "reaches-goal",
      input_tokens: "100",
      cost_usd: "0.0015",
      steps: "",
      error: "a,b",
      text: tricky,
    });
    expect(row(second)).toMatchObject({
      status: "error",
      passed: "",
      failed_checks: "",
      cost_usd: "",
      text: "",
    });
  });
});
