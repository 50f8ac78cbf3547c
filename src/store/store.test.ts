import { hostname } from "node:os";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { InputError } from "../core/errors.ts";
import { exportSamples } from "./export.ts";
import { Store } from "./store.ts";
import { instance, judge, sample as mk, response, step, storeTracker, tempPath } from "./testing.ts";
import type { SampleRecord } from "./types.ts";

const stores = storeTracker();
afterEach(() => stores.closeAll());
const openStore = stores.open;
const me = { id: "me", pid: process.pid, host: hostname() };

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
  it("round-trips samples and steps exactly", async () => {
    const store = openStore();
    store.openRun("r1", { tasks: ["maze"], models: ["m1"], epochs: 1 });
    const episode = mk({
      key: "k-episode",
      steps: 3,
      optimalSteps: 2,
      reasoning: "thinking…",
      answer: null,
      verdict: { score: 1, passed: true, checks: [] },
      score: 1,
      passed: true,
      failureKind: null,
      finishReason: "length",
      costUsd: null,
      spentUsd: null,
      calls: 3,
      level: null,
      tags: [],
      cached: true,
    });
    const failed = mk({
      key: "k-error",
      status: "error",
      text: null,
      answer: null,
      verdict: null,
      score: null,
      passed: null,
      failureKind: null,
      finishReason: null,
      instanceHash: null,
      calls: 0,
      error: "HTTP 500",
    });
    const judged = mk({ key: "k-judged", judge: judge(6) });
    const tooled = mk({
      key: "k-tools",
      toolCalls: [
        { tool: "python", by: "plumb", input: "print(2+2)", output: "4\n", ms: 31 },
        { tool: "python", by: "plumb", input: "x", output: "", error: "over the limit of 1 call" },
      ],
      toolUse: { python: 2 },
    });
    const plain = mk();
    const steps = [0, 1, 2].map((i) =>
      step(i, { sampleKey: "k-episode", error: i === 1 ? "bad move" : null }),
    );
    await Promise.all([
      store.save(plain),
      store.save(episode, [...steps].reverse()),
      store.save(failed),
      store.save(judged),
      store.save(tooled),
    ]);

    const byKey = new Map(store.samples("r1").map((s) => [s.key, s]));
    expect(byKey.get(plain.key)).toStrictEqual(plain);
    expect(byKey.get("k-episode")).toStrictEqual(episode);
    expect(byKey.get("k-error")).toStrictEqual(failed);
    expect(byKey.get("k-judged")).toStrictEqual(judged);
    expect(byKey.get("k-tools")).toStrictEqual(tooled);
    expect(store.reportSamples("r1").find((s) => s.key === "k-tools")?.toolUse).toStrictEqual({ python: 2 });
    expect(store.steps("r1", "k-episode")).toStrictEqual(steps);
    expect(store.steps("r1", plain.key)).toEqual([]);

    // null and absent `failure` are both kept as they were.
    const nulled = mk({ key: "k-nulled" });
    (nulled.verdict as unknown as { failure: null }).failure = null;
    await store.save(nulled);
    expect(store.samples("r1").find((s) => s.key === "k-nulled")?.verdict).toStrictEqual(nulled.verdict);
    const absent = store.samples("r1").find((s) => s.key === "k-episode")?.verdict;
    expect(absent).toStrictEqual({ score: 1, passed: true, checks: [] });
  });

  it("keeps failure-mode labels and judge picks per run, replacing a label or pick asked again", () => {
    const store = openStore();
    store.openRun("r1", {});
    const usage = { input: 10, output: 3, reasoning: 0, cached: 0 };
    const label = {
      run: "r1",
      sampleKey: "k1",
      taxonomy: "scbench",
      judge: "openai:gpt-5.2",
      label: null,
      confidence: null,
      reason: null,
      replies: ["not json"],
      errors: ["not JSON"],
      usage,
      costUsd: null,
      createdAt: "2026-11-25T00:00:00.000Z",
    };
    store.saveLabel(label);
    const readable = {
      ...label,
      label: "near-miss",
      confidence: 0.8,
      reason: "one cell",
      replies: ["{}"],
      errors: [],
    };
    store.saveLabel(readable);
    store.saveLabel({ ...label, taxonomy: "sparc", label: "path-error", confidence: 1, reason: "r" });
    expect(store.labels("r1", "scbench")).toStrictEqual([readable]);
    expect(store.labels("r1").map((l) => l.taxonomy)).toEqual(["scbench", "sparc"]);
    const pick = {
      run: "r1",
      model: "m1",
      task: "t",
      instance: "i",
      k: 4,
      judge: "openai:gpt-5.2",
      picked: "k2",
      candidates: ["k1", "k2", "k3", "k4"],
      replies: ["2"],
      errors: [],
      usage,
      costUsd: 0.001,
      createdAt: "2026-11-25T00:00:00.000Z",
    };
    store.savePick(pick);
    store.savePick({ ...pick, picked: "k3" });
    expect(store.picks("r1")).toStrictEqual([{ ...pick, picked: "k3" }]);
    store.deleteRun("r1");
    expect(store.labels("r1")).toEqual([]);
    expect(store.picks("r1")).toEqual([]);
  });

  it("orders and filters samples", async () => {
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
      await store.save(
        mk({ key: `${task}/${instance}/${model}/${epoch}`, task, instance, model, epoch, status }),
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

  it("upserts by (run, key), keeping one row and replacing the steps", async () => {
    const store = openStore();
    store.openRun("r1", {});
    await store.save(mk({ status: "error", error: "timeout" }), [step(0), step(1), step(2)]);
    const second = mk({ text: "second try" });
    await store.save(second, [step(0, { reply: "new" })]);
    expect(store.samples("r1")).toEqual([second]);
    expect(store.steps("r1", second.key)).toEqual([step(0, { reply: "new" })]);
    // Two saves of one key in one batch: the later wins.
    await Promise.all([store.save(mk({ text: "a" })), store.save(mk({ text: "b" }))]);
    expect(store.samples("r1").map((s) => s.text)).toEqual(["b"]);
    expect(store.steps("r1", second.key)).toEqual([]);
  });

  it("creates a run once, resumes it afterwards, and reads a run nobody holds as interrupted", () => {
    const store = openStore();
    const first = store.openRun("r1", { models: ["m1"] });
    expect(first.resumed).toBe(false);
    // Stored as running, but no process holds its lease yet.
    expect(first.run).toMatchObject({
      name: "r1",
      status: "interrupted",
      lease: null,
      config: { models: ["m1"] },
    });
    expect(store.acquireLease("r1", me, 60_000)).toEqual({ ok: true });
    const held = store.getRun("r1");
    expect(held?.status).toBe("running");
    expect(held?.lease?.holder).toEqual(me);
    store.setRunStatus("r1", "stopped");
    const again = store.openRun("r1", { models: ["other"] });
    expect(again.resumed).toBe(true);
    expect(again.run).toEqual({ ...held, status: "stopped" });
    store.setRunStatus("r1", "running");
    store.releaseLease("r1", me.id);
    expect(store.getRun("r1")?.status).toBe("interrupted");
    expect(store.getRun("nope")).toBeUndefined();
    expect(() => store.setRunStatus("nope", "done")).toThrow(InputError);
  });

  it("lists runs with their counts and deletes a run with its instances, samples and steps", async () => {
    const store = openStore();
    store.openRun("r1", {});
    store.openRun("r2", {});
    store.saveInstances("r1", [{ hash: "h0", instance: instance("0") }]);
    store.saveInstances("r2", [{ hash: "h0", instance: instance("0") }]);
    await store.save(mk({ key: "a", passed: true }), [step(0, { sampleKey: "a" })]);
    await store.save(mk({ key: "b", passed: false }));
    await store.save(mk({ key: "c", status: "error", passed: null }));
    store.cachePut("k", response);
    const runs = store.listRuns();
    expect(
      runs.map(({ name, samples, passed, errors, status }) => ({ name, samples, passed, errors, status })),
    ).toEqual([
      { name: "r1", samples: 3, passed: 1, errors: 1, status: "interrupted" },
      { name: "r2", samples: 0, passed: 0, errors: 0, status: "interrupted" },
    ]);
    store.deleteRun("r1");
    expect(store.getRun("r1")).toBeUndefined();
    expect(store.samples("r1")).toEqual([]);
    expect(store.steps("r1", "a")).toEqual([]);
    expect(store.instances("r1").size).toBe(0);
    expect(store.instances("r2").size).toBe(1);
    expect(store.cacheGet("k")).toEqual(response);
    expect(() => store.deleteRun("r1")).toThrow(/no run named "r1"/);
  });

  it("keeps each instance once per run, and empties a run on reset while it keeps its lease", async () => {
    const store = openStore();
    store.openRun("r1", { a: 1 });
    store.openRun("r2", {});
    store.saveInstances("r1", [
      { hash: "h1", instance: instance("1") },
      { hash: "h2", instance: instance("2") },
    ]);
    // Idempotent: an instance already kept is left as it is.
    store.saveInstances("r1", [{ hash: "h1", instance: instance("changed") }]);
    store.saveInstances("r2", [{ hash: "h1", instance: instance("1") }]);
    expect(store.instances("r1")).toStrictEqual(
      new Map([
        ["h1", instance("1")],
        ["h2", instance("2")],
      ]),
    );
    expect(store.instance("r1", "h2")).toStrictEqual(instance("2"));
    expect(store.instance("r1", "h3")).toBeUndefined();
    // A prototype key in instance data stays plain data.
    store.saveInstances("r1", [
      { hash: "hp", instance: { ...instance("p"), data: JSON.parse('{"__proto__": {"x": 1}}') } },
    ]);
    expect(Object.hasOwn(store.instance("r1", "hp")?.data as object, "__proto__")).toBe(true);
    expect(({} as { x?: number }).x).toBeUndefined();

    await store.save(mk({ key: "a" }), [step(0, { sampleKey: "a" })]);
    expect(store.acquireLease("r1", me, 60_000).ok).toBe(true);
    const before = store.getRun("r1");
    store.setRunStatus("r1", "stopped");
    store.resetRun("r1", { a: 2 });
    const after = store.getRun("r1");
    expect(after).toMatchObject({ config: { a: 2 }, status: "running", lease: { holder: me } });
    expect((after?.createdAt ?? "") >= (before?.createdAt ?? "~")).toBe(true);
    expect(store.samples("r1")).toEqual([]);
    expect(store.steps("r1", "a")).toEqual([]);
    expect(store.instances("r1").size).toBe(0);
    expect(store.instances("r2").size).toBe(1);
    expect(() => store.resetRun("nope", {})).toThrow(InputError);
  });

  it("reports each sample's status for resume, and which ones a judge left without a grade", async () => {
    const store = openStore();
    store.openRun("r1", {});
    store.openRun("r2", {});
    await Promise.all([
      store.save(mk({ key: "a" })),
      store.save(mk({ key: "b", status: "error" })),
      store.save(mk({ key: "graded", judge: judge(3) })),
      store.save(mk({ key: "graded-zero", judge: judge(0) })),
      store.save(mk({ key: "outage", judge: judge(null) })),
      store.save(mk({ run: "r2", key: "c", judge: judge(null) })),
    ]);
    expect(store.sampleStatus("r1")).toEqual(
      new Map([
        ["a", { status: "ok", unjudged: false }],
        ["b", { status: "error", unjudged: false }],
        ["graded", { status: "ok", unjudged: false }],
        ["graded-zero", { status: "ok", unjudged: false }],
        ["outage", { status: "ok", unjudged: true }],
      ]),
    );
    expect(store.sampleStatus("none").size).toBe(0);
  });

  it("adds money up: spending apart from cost, cache savings, unpriced samples, calls actually made", async () => {
    const store = openStore();
    store.openRun("r1", {});
    expect(store.totals("r1")).toEqual({
      samples: 0,
      ok: 0,
      errors: 0,
      passed: 0,
      usage: { input: 0, output: 0, reasoning: 0, cached: 0 },
      costUsd: 0,
      spentUsd: 0,
      savedUsd: 0,
      unpricedSamples: 0,
      latencyMs: 0,
      calls: 0,
    });
    await Promise.all([
      // An episode of 3 paid turns and a paid judge call.
      store.save(
        mk({
          key: "a",
          passed: true,
          costUsd: 0.5,
          spentUsd: 0.6,
          calls: 4,
          latencyMs: 100,
          judge: judge(1, 0.1),
        }),
      ),
      // Answer from the cache, judge paid: saves the answer's cost.
      store.save(
        mk({
          key: "b",
          costUsd: 0.25,
          spentUsd: 0.05,
          calls: 1,
          latencyMs: 50,
          cached: true,
          judge: judge(1, 0.05),
        }),
      ),
      // Everything from the cache.
      store.save(mk({ key: "c", costUsd: 0.125, spentUsd: 0, calls: 0, latencyMs: 0, cached: true })),
      // A cached answer whose judge has no price: what it saved is unknown.
      store.save(
        mk({
          key: "d",
          costUsd: 1,
          spentUsd: null,
          calls: 1,
          latencyMs: 0,
          cached: true,
          judge: judge(1, null),
        }),
      ),
      // A model without a price.
      store.save(mk({ key: "e", costUsd: null, spentUsd: null, calls: 1, latencyMs: 0 })),
      // A failed call: nothing made, nothing spent.
      store.save(
        mk({ key: "f", status: "error", passed: null, costUsd: 0, spentUsd: 0, calls: 0, latencyMs: 7 }),
      ),
    ]);
    // A retry replaces the sample rather than adding to it.
    await store.save(
      mk({ key: "f", status: "error", passed: null, costUsd: 0, spentUsd: 0, calls: 0, latencyMs: 10 }),
    );
    const t = store.totals("r1");
    expect(t).toMatchObject({
      samples: 6,
      ok: 5,
      errors: 1,
      passed: 1,
      calls: 7,
      latencyMs: 160,
      unpricedSamples: 2,
    });
    expect(t.usage).toEqual({ input: 600, output: 120, reasoning: 30, cached: 60 });
    expect(t.costUsd).toBeCloseTo(0.5 + 0.25 + 0.125 + 1, 10);
    expect(t.spentUsd).toBeCloseTo(0.6 + 0.05, 10);
    // a: 0.5 + 0.1 − 0.6 = 0; b: 0.25 + 0.05 − 0.05; c: 0.125; d and e unknown.
    expect(t.savedUsd).toBeCloseTo(0.25 + 0.125, 10);
  });

  it("round-trips cached responses, shared by every run, and serves queued ones before their commit", async () => {
    const path = tempPath();
    const store = openStore(path);
    expect(store.cacheGet("k")).toBeUndefined();
    store.cachePut("k", response);
    const withReasoning = { ...response, reasoning: "hmm" };
    store.cachePutLater("k2", withReasoning);
    const other = openStore(path);
    expect(other.cacheGet("k2")).toBeUndefined(); // not committed yet
    expect(store.cacheGet("k2")).toStrictEqual(withReasoning);
    expect(store.cacheGet("k")).toStrictEqual(response);
    await store.flush();
    expect(other.cacheGet("k2")).toStrictEqual(withReasoning);
    store.cachePut("k", { ...response, text: "replaced" });
    expect(store.cacheGet("k")?.text).toBe("replaced");
  });

  it("measures the cache and clears it, all of it or what is older than a date", () => {
    const path = tempPath();
    const store = openStore(path);
    store.cachePut("old", response);
    const raw = new Database(path);
    raw.prepare("UPDATE cache SET created_at = '2020-01-01T00:00:00.000Z' WHERE key = 'old'").run();
    raw.close();
    store.cachePut("new", response);
    const text = JSON.stringify(response);
    expect(store.cacheSize()).toEqual({ entries: 2, bytes: 2 * (3 + text.length + 24) });
    store.cachePut("ünï", response);
    expect(store.cacheSize().bytes).toBe(3 * (text.length + 24) + 3 + 3 + Buffer.byteLength("ünï"));
    expect(store.clearCache({ olderThan: new Date("2024-01-01") })).toBe(1);
    expect(store.cacheGet("old")).toBeUndefined();
    expect(store.cacheGet("new")).toEqual(response);
    expect(store.clearCache()).toBe(2);
    expect(store.cacheSize()).toEqual({ entries: 0, bytes: 0 });
  });

  it("keeps everything saved across close and reopen, and commits what is queued on close", () => {
    const path = tempPath("nested/deeper/plumb.db");
    const store = Store.open(path);
    expect(store.path).toBe(path);
    store.openRun("r1", { a: 1 });
    void store.save(mk(), [step(0)]);
    store.cachePutLater("k", response);
    store.close();
    const reopened = openStore(path);
    expect(reopened.openRun("r1", {}).resumed).toBe(true);
    expect(reopened.samples("r1")).toEqual([mk()]);
    expect(reopened.steps("r1", mk().key)).toEqual([step(0)]);
    expect(reopened.cacheGet("k")).toEqual(response);
  });

  it("refuses one bad sample of a batch alone, leaving its previous version and the others", async () => {
    const store = openStore();
    store.openRun("r1", {});
    const old = mk({ key: "old" });
    await store.save(old, [step(0, { sampleKey: "old" })]);
    const results = await Promise.allSettled([
      store.save(mk({ key: "new" }), [step(0, { sampleKey: "new" }), step(0, { sampleKey: "new" })]),
      store.save(mk({ key: "good" })),
      store.save(mk({ key: "old", text: "changed" }), [
        step(0, { sampleKey: "old" }),
        step(1, { sampleKey: "old", observation: null as unknown as string }),
      ]),
      store.save(mk({ key: "foreign", run: "no-such-run" })),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "rejected", "rejected"]);
    const reasons = results.map((r) => (r.status === "rejected" ? String(r.reason) : ""));
    expect(reasons[0]).toMatch(/UNIQUE/);
    expect(reasons[2]).toMatch(/NOT NULL/);
    expect(reasons[3]).toMatch(/FOREIGN KEY/);
    expect(store.samples("r1").map((s) => s.key)).toEqual(["good", "old"].sort());
    expect(store.samples("r1").find((s) => s.key === "old")).toEqual(old);
    expect(store.steps("r1", "old")).toEqual([step(0, { sampleKey: "old" })]);
    expect(store.steps("r1", "new")).toEqual([]);
    await expect(store.save(mk({ key: "x" }), [step(0, { sampleKey: "y" })])).rejects.toThrow(/belongs to/);
    await expect(store.save(mk({ key: "big", calls: {} as unknown as number }))).rejects.toThrow();
    await expect(store.save(mk({ key: "cyclic", answer: cyclic() }))).rejects.toThrow(/circular/);
    expect(store.samples("r1")).toHaveLength(2);
  });

  it("refuses files that are not stores, and stores from a newer schema, naming the path", () => {
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
  });

  it("uses WAL, full sync, foreign keys and a versioned schema", () => {
    const path = tempPath();
    openStore(path).close();
    const raw = new Database(path, { readonly: true });
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(raw.pragma("user_version", { simple: true })).toBe(5);
    const indexes = raw
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'samples'")
      .all();
    expect(indexes).toEqual(
      expect.arrayContaining([{ name: "samples_run" }, { name: "samples_run_status" }]),
    );
    raw.close();
    const store = openStore(path);
    const db = (store as unknown as { sql: { db: Database.Database } }).sql.db;
    expect(db.pragma("synchronous", { simple: true })).toBe(2); // FULL
    expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    const memory = openStore(":memory:");
    expect(memory.openRun("m", null).run.config).toBeNull();
  });

  it("saves 10,000 samples", async () => {
    const store = openStore();
    store.openRun("r1", {});
    await Promise.all(
      Array.from({ length: 10_000 }, (_, i) => store.save(mk({ key: `k${i}`, instance: String(i) }))),
    );
    expect(store.totals("r1").samples).toBe(10_000);
    expect(store.sampleStatus("r1").size).toBe(10_000);
  });
});

describe("a read-only Store (a viewer beside a running plumb run)", () => {
  it("sees what the writer commits without reopening, and cannot write", async () => {
    const path = tempPath();
    const writer = openStore(path);
    writer.openRun("r1", { tasks: ["maze"] });
    await writer.save(mk({ key: "a" }));
    const reader = openStore(path, { readonly: true });
    expect(reader.samples("r1").map((s) => s.key)).toEqual(["a"]);
    await writer.save(mk({ key: "b", instance: "1" }));
    expect(reader.samples("r1").map((s) => s.key)).toEqual(["a", "b"]);
    expect(reader.listRuns().map((r) => [r.name, r.samples])).toEqual([["r1", 2]]);
    await expect(reader.save(mk({ key: "c" }))).rejects.toThrow(/readonly|read-only/i);
    expect(() => reader.openRun("r2", {})).toThrow(/readonly|read-only/i);
    expect(writer.samples("r1")).toHaveLength(2);
    reader.close();
  });

  it("never creates a store, and refuses one of another schema", () => {
    const missing = tempPath();
    expect(() => Store.open(missing, { readonly: true, create: true })).toThrow(InputError);
    const old = tempPath();
    new Database(old).pragma("user_version = 1");
    expect(() => Store.open(old, { readonly: true })).toThrow(/another store schema/);
  });

  it("pages a run's samples in the order samples() gives, with the filtered total", async () => {
    const store = openStore();
    store.openRun("r1", {});
    for (let i = 0; i < 25; i++)
      await store.save(
        mk({ key: `k${i}`, instance: String(i).padStart(2, "0"), model: i % 3 === 0 ? "m2" : "m1" }),
      );
    const all = store.samples("r1").map((s) => s.key);
    const keys = (offset: number, limit: number, filter = {}) =>
      store.samplesPage("r1", { offset, limit }, filter).samples.map((s) => s.key);
    expect([...keys(0, 10), ...keys(10, 10), ...keys(20, 10)]).toEqual(all);
    expect(store.samplesPage("r1", { offset: 0, limit: 5 }).total).toBe(25);
    expect(store.samplesPage("r1", { offset: 100, limit: 5 })).toEqual({ total: 25, samples: [] });
    const m2 = store.samplesPage("r1", { offset: 2, limit: 3 }, { model: "m2" });
    expect(m2.total).toBe(9);
    expect(m2.samples.map((s) => s.key)).toEqual(
      store
        .samples("r1", { model: "m2" })
        .slice(2, 5)
        .map((s) => s.key),
    );
  });
});

describe("what the viewer reads", () => {
  async function filled(): Promise<Store> {
    const store = openStore();
    store.openRun("r1", {});
    store.openRun("r2", {});
    const wrong = mk().verdict;
    await store.save(mk({ key: "p", level: "easy", passed: true, score: 1, failureKind: null }));
    await store.save(mk({ key: "w", level: "hard", verdict: wrong, failureKind: "wrong" }));
    await store.save(mk({ key: "x", status: "error", verdict: null, failureKind: null, passed: null }));
    await store.save(mk({ key: "e", failureKind: "error", model: "m2", tags: ["grid"] }));
    await store.save(mk({ run: "r2", key: "q", task: "other", suite: "s2" }));
    return store;
  }

  it("filters pages by level and outcome; error also matches failed calls", async () => {
    const store = await filled();
    const keys = (filter: Parameters<Store["samplesPage"]>[2]) =>
      store
        .samplesPage("r1", { offset: 0, limit: 10 }, filter)
        .samples.map((s) => s.key)
        .sort();
    expect(keys({ level: "hard" })).toEqual(["w"]);
    expect(keys({ outcome: "passed" })).toEqual(["p"]);
    expect(keys({ outcome: "wrong" })).toEqual(["w"]);
    expect(keys({ outcome: "error" })).toEqual(["e", "x"]);
    expect(keys({ outcome: "parse" })).toEqual([]);
    expect(store.samplesPage("r1", { offset: 0, limit: 1 }, { outcome: "error", model: "m2" }).total).toBe(1);
  });

  it("gives one sample, the lean samples of reports, the facets and a stamp", async () => {
    const store = await filled();
    expect(store.sample("r1", "w")).toEqual(store.samples("r1").find((s) => s.key === "w"));
    expect(store.sample("r1", "nope")).toBeUndefined();
    const lean = store.reportSamples("r1");
    expect(lean.map((s) => s.key)).toEqual(store.samples("r1").map((s) => s.key));
    expect(lean.every((x) => !("prompt" in x || "text" in x || "answer" in x || "attempts" in x))).toBe(true);
    expect(lean.map((s) => s.verdict)).toEqual(store.samples("r1").map((s) => s.verdict));
    const facets = store.sampleFacets();
    expect(new Set(facets.map((f) => f.run))).toEqual(new Set(["r1", "r2"]));
    expect(store.sampleFacets("r2")).toEqual([
      {
        run: "r2",
        task: "other",
        suite: "s2",
        model: "m1",
        tags: ["spatial", "grid"],
        level: "easy",
        failureKind: "wrong",
      },
    ]);
    expect(
      store
        .sampleFacets("r1")
        .map((f) => f.failureKind)
        .sort(),
    ).toEqual(["error", null, "wrong"]);
    expect(store.sampleStamp("r1")).toEqual({ samples: 4, lastFinishedAt: "2025-01-01T00:00:02.000Z" });
    expect(store.sampleStamp("none")).toEqual({ samples: 0, lastFinishedAt: null });
  });

  it("tells a reader when another connection committed", async () => {
    const path = tempPath();
    const writer = openStore(path);
    writer.openRun("r1", {});
    const reader = openStore(path, { readonly: true });
    const before = reader.dataVersion();
    expect(reader.dataVersion()).toBe(before);
    await writer.save(mk());
    expect(reader.dataVersion()).not.toBe(before);
  });
});

describe("exportSamples", () => {
  it("writes one JSON sample per line, new fields included", () => {
    const samples = [
      mk({ key: "a", finishReason: "length", calls: 3, spentUsd: null }),
      mk({ key: "b", verdict: null }),
    ];
    const text = exportSamples(samples, "jsonl");
    expect(text.endsWith("\n")).toBe(true);
    const lines = text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toEqual(samples);
    expect(lines[0]).toMatchObject({ finishReason: "length", calls: 3, spentUsd: null, instanceHash: "h0" });
    expect(exportSamples([], "jsonl")).toBe("");
  });

  it("writes CSV with RFC 4180 quoting", () => {
    const tricky = 'He said "go, now"\nthen left';
    const csv = exportSamples(
      [
        mk({ text: tricky, error: "a,b", finishReason: "length", calls: 4, spentUsd: 0.002 }),
        mk({
          status: "error",
          verdict: null,
          passed: null,
          score: null,
          costUsd: null,
          spentUsd: null,
          text: null,
          finishReason: null,
          instanceHash: null,
          calls: 0,
        }),
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
      "instance_hash",
      "model",
      "epoch",
      "status",
      "passed",
      "score",
      "failure_kind",
      "failed_checks",
      "finish_reason",
      "input_tokens",
      "output_tokens",
      "reasoning_tokens",
      "cached_tokens",
      "cost_usd",
      "spent_usd",
      "calls",
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
      instance_hash: "h0",
      passed: "false",
      failure_kind: "wrong",
      failed_checks: "reaches-goal",
      finish_reason: "length",
      input_tokens: "100",
      cost_usd: "0.0015",
      spent_usd: "0.002",
      calls: "4",
      steps: "",
      error: "a,b",
      text: tricky,
    });
    expect(row(second)).toMatchObject({
      status: "error",
      instance_hash: "",
      passed: "",
      failed_checks: "",
      finish_reason: "",
      cost_usd: "",
      spent_usd: "",
      calls: "0",
      text: "",
    });
  });
});

function cyclic(): unknown {
  const a: Record<string, unknown> = {};
  a.self = a;
  return a;
}
