/**
 * A run as a lab relies on it: one identity, one writer, honest money, failures kept as data, exit
 * codes CI can act on. Every test drives the real CLI against a fake server on 127.0.0.1.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliExit, runCli, startCli } from "./support/cli.ts";
import { type FakeOpenAI, startFakeOpenAI } from "./support/fake-openai.ts";
import { SPARC_PUZZLES } from "./support/sparc.ts";
import { until } from "./support/until.ts";

const KEYS = {
  OPENAI_API_KEY: "sentinel-openai",
  ANTHROPIC_API_KEY: "sentinel-anthropic",
  GOOGLE_GENERATIVE_AI_API_KEY: "sentinel-google",
  OPENAI_COMPATIBLE_API_KEY: "compatible-key",
};

/** In this process; runs that are about processes (one writer, kills, signals) use `start`. */
const plumb = (...args: string[]) => runCli(args, { env: KEYS });
const start = (...args: string[]) => startCli(args, { env: KEYS });

const dir = mkdtempSync(join(tmpdir(), "plumb-runs-"));
const puzzles = join(dir, "puzzles.jsonl");
writeFileSync(puzzles, `${readFileSync(SPARC_PUZZLES, "utf8").trim().split("\n").slice(0, 6).join("\n")}\n`);

let server: FakeOpenAI;
let slow: FakeOpenAI;
beforeAll(async () => {
  server = await startFakeOpenAI({
    reply: () => ({ text: "#### [(0, 0), (1, 0)]", usage: { prompt: 100, completion: 20 } }),
  });
  slow = await startFakeOpenAI({ reply: () => ({ text: "#### [(0, 0)]", delayMs: 300 }) });
});
afterAll(async () => {
  await server.close();
  await slow.close();
});

const at = (url: string) => `openai-compatible:fake@${url}`;
const runArgs = (db: string, run: string, model: string, ...extra: string[]) => [
  "run",
  "sparc",
  "--instances",
  puzzles,
  "--model",
  model,
  "--run",
  run,
  "--db",
  db,
  "--format",
  "json",
  "--no-progress",
  "--timeout",
  "5",
  ...extra,
];
const samplesOf = async (db: string, run: string) =>
  (await plumb("export", run, "--db", db)).stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("keys go only where they belong", () => {
  it("never sends a provider's key to another endpoint, and refuses --base-url for a hosted provider", async () => {
    const db = join(dir, "keys.db");
    const before = server.count();
    const refused = await plumb(
      ...runArgs(db, "keys", "openai-compatible:q", "--model", "openai:gpt-4.1", "--base-url", server.url),
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--base-url/);
    expect(server.count()).toBe(before);
    const ok = await plumb(...runArgs(db, "keys", at(server.url)));
    expect(ok.code, ok.stderr).toBe(0);
    const sent = server.requests.slice(before);
    expect(sent).toHaveLength(6);
    for (const r of sent) {
      const all = JSON.stringify(r.headers);
      for (const sentinel of ["sentinel-openai", "sentinel-anthropic", "sentinel-google"])
        expect(all).not.toContain(sentinel);
      expect(r.headers.authorization).toBe("Bearer compatible-key");
    }
  });
});

describe("a run has one identity", () => {
  it("refuses to resume with other options, saying what changed, and --new-run starts afresh", async () => {
    const db = join(dir, "spec.db");
    expect((await plumb(...runArgs(db, "r1", "oracle"))).code).toBe(0);
    const drift = await plumb(...runArgs(db, "r1", "oracle", "--temperature", "1", "--count", "3"));
    expect(drift.code).toBe(2);
    expect(drift.stderr).toMatch(/generation\.temperature: \(none\) → 1/);
    expect(drift.stderr).toMatch(/tasks\.sparc\.instances: 6 → 3/);
    expect(drift.stderr).toMatch(/--new-run/);
    expect(await samplesOf(db, "r1")).toHaveLength(6);
    const fresh = await plumb(
      ...runArgs(db, "r1", "oracle", "--temperature", "1", "--count", "3", "--new-run"),
    );
    expect(fresh.code, fresh.stderr).toBe(0);
    const samples = await samplesOf(db, "r1");
    expect(samples).toHaveLength(3);
    // The same options resume: nothing is asked again.
    const again = await plumb(...runArgs(db, "r1", "oracle", "--temperature", "1", "--count", "3"));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/0 answered now, 3 already in the store/);
  });
});

describe("one writer per run", () => {
  it("a second process on a live run refuses (or waits), and a killed run resumes at once", async () => {
    const db = join(dir, "lease.db");
    const slower = await startFakeOpenAI({ reply: () => ({ text: "#### [(0, 0)]", delayMs: 1000 }) });
    try {
      const args = runArgs(db, "shared", at(slower.url), "--concurrency", "1");
      const done = cliExit(start(...args));
      await until(() => slower.count() >= 1);
      const refused = cliExit(start(...args));
      const waiting = cliExit(start(...args, "--wait"));
      const second = await refused;
      expect(second.code).toBe(2);
      expect(second.stderr).toMatch(/being written by process \d+/);
      expect((await done).code).toBe(0);
      const waited = await waiting;
      expect(waited.code, waited.stderr).toBe(0);
      expect(waited.stderr).toMatch(/waiting for process/);
      expect(waited.stderr).toMatch(/0 answered now, 6 already in the store/);
      expect(slower.count()).toBe(6);
    } finally {
      await slower.close();
    }

    const killed = start(...runArgs(db, "killed", at(slow.url), "--concurrency", "1", "--cache", "off"));
    const gone = cliExit(killed);
    const sent = slow.count();
    await until(() => slow.count() >= sent + 2);
    killed.kill("SIGKILL");
    await gone;
    expect((await plumb("runs", "--db", db)).stdout).toMatch(/^killed\tinterrupted\t/m);
    const resumed = await plumb(
      ...runArgs(db, "killed", at(slow.url), "--concurrency", "1", "--cache", "off"),
    );
    expect(resumed.code, resumed.stderr).toBe(0);
    expect((await plumb("runs", "--db", db)).stdout).toMatch(/^killed\tdone\t/m);
  });

  it("SIGTERM finishes the calls in flight, saves them, prints the resume command and exits 143", async () => {
    const db = join(dir, "term.db");
    const child = start(
      ...runArgs(db, "term", at(slow.url), "--concurrency", "2", "--cache", "off", "--workers", "2"),
    );
    const result = cliExit(child);
    const sent = slow.count();
    await until(() => slow.count() >= sent + 2);
    child.kill("SIGTERM");
    const { code, stderr } = await result;
    expect(code).toBe(143);
    expect(stderr).toMatch(/resume with:\n {2}plumb run sparc .*--run term/);
    // Every call that was made was saved.
    expect(await samplesOf(db, "term")).toHaveLength(slow.count() - sent);
    expect((await plumb("runs", "--db", db)).stdout).toMatch(/^term\tstopped\t/m);
  });
});

describe("honest money", () => {
  it("refuses a USD budget for a model without a price, and counts only money actually spent", async () => {
    const db = join(dir, "money.db");
    const refused = await plumb(...runArgs(db, "m0", at(server.url), "--budget-usd", "1"));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--budget-usd.*no price for openai-compatible:fake/);
    const models = join(dir, "models.json");
    writeFileSync(
      models,
      JSON.stringify({
        models: [
          {
            id: "fake",
            provider: "openai-compatible",
            model: "fake",
            baseURL: server.url,
            price: { input: 1, output: 2 },
          },
        ],
      }),
    );
    const before = server.count();
    const paid = await plumb(...runArgs(db, "m1", "fake", "--models", models, "--budget-usd", "1"));
    expect(paid.code, paid.stderr).toBe(0);
    expect(server.count() - before).toBe(6);
    // 6 calls × (100 input + 20 output tokens) at $1 and $2 per 1M tokens.
    expect(paid.stderr).toMatch(/6 calls, .* \$0\.0008 spent, \$0\.0000 saved by the cache/);
    // A new run of the same prompts under a budget already "used up" by cached answers: all free.
    const cached = await plumb(...runArgs(db, "m2", "fake", "--models", models, "--budget-usd", "0.0001"));
    expect(cached.code, cached.stderr).toBe(0);
    expect(server.count() - before).toBe(6);
    expect(cached.stderr).toMatch(/6 samples, 0 calls, .* \$0\.0000 spent, \$0\.0008 saved by the cache/);
    // Unpriced models say so instead of $0.
    const unpriced = await plumb(...runArgs(db, "m3", at(server.url)));
    expect(unpriced.stderr).toMatch(/cost unknown for 6 samples/);
  });

  it("cache modes: off and write call afresh, read never stores, and cache clear forgets", async () => {
    const db = join(dir, "cache.db");
    const model = at(server.url);
    const calls = async (run: string, ...extra: string[]) => {
      const before = server.count();
      const r = await plumb(...runArgs(db, run, model, "--count", "2", ...extra));
      expect(r.code, r.stderr).toBe(0);
      return server.count() - before;
    };
    expect(await calls("c-read-empty", "--cache", "read")).toBe(2);
    expect(await calls("c-read-again", "--cache", "read")).toBe(2);
    expect(await calls("c-write", "--cache", "write")).toBe(2);
    expect(await calls("c-rw")).toBe(0);
    expect(await calls("c-off", "--cache", "off")).toBe(2);
    const cleared = await plumb("cache", "clear", "--db", db);
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(cleared.stderr).toMatch(/removed 2 cached replies/);
    expect(await calls("c-after-clear")).toBe(2);
  });

  it("--count takes the first N of --instances", async () => {
    const db = join(dir, "count.db");
    const r = await plumb(...runArgs(db, "n2", "oracle", "--count", "2"));
    expect(r.code, r.stderr).toBe(0);
    expect((await samplesOf(db, "n2")).map((s) => s.instance)).toHaveLength(2);
  });
});

describe("reports of runs stored before runs kept their report groups", () => {
  it("take the groups from the tasks' declarations, so SPaRC's path tables stay", async () => {
    const db = join(dir, "old-groups.db");
    const run = ["run", "sparc", "--instances", puzzles, "--model", "random", "--db", db, "--run", "old"];
    expect((await plumb(...run)).code).toBe(0);
    const withGroups = await plumb("report", "old", "--db", db);
    expect(withGroups.stdout).toContain("Path errors");
    const store = new Database(db);
    const { config } = store.prepare("SELECT config FROM runs WHERE name = 'old'").get() as {
      config: string;
    };
    const { reportGroups: _dropped, ...older } = JSON.parse(config) as Record<string, unknown>;
    store.prepare("UPDATE runs SET config = ? WHERE name = 'old'").run(JSON.stringify(older));
    store.close();
    const fromTasks = await plumb("report", "old", "--db", db);
    expect(fromTasks.stdout).toBe(withGroups.stdout);
  });
});

describe("fit for CI", () => {
  it("exits 1 when samples end in error, unless tolerated; report --fail-under fails a threshold", async () => {
    const db = join(dir, "ci.db");
    server.enqueue(...Array.from({ length: 3 }, () => ({ status: 500 })));
    const failing = await plumb(
      ...runArgs(db, "ci", at(server.url), "--retries", "0", "--concurrency", "1", "--cache", "off"),
    );
    expect(failing.code).toBe(1);
    expect(failing.stderr).toMatch(/3 of 6 samples ended in error \(50\.0%\), over --max-error-rate 0/);
    server.enqueue(...Array.from({ length: 3 }, () => ({ status: 500 })));
    const tolerated = await plumb(
      ...runArgs(
        db,
        "ci2",
        at(server.url),
        "--retries",
        "0",
        "--concurrency",
        "1",
        "--cache",
        "off",
        "--max-error-rate",
        "0.5",
      ),
    );
    expect(tolerated.code, tolerated.stderr).toBe(0);
    expect((await plumb("report", "ci2", "--db", db, "--fail-under", "accuracy=0.5")).code).toBe(1);
    expect((await plumb("report", "ci2", "--db", db, "--fail-under", "accuracy=0")).code).toBe(0);
    expect((await plumb("report", "ci2", "--db", db, "--fail-under", "nonsense=1")).code).toBe(2);
  });

  it("read-only commands create nothing, and a broken store is one clear line", async () => {
    const missing = join(dir, "no", "such", "dir", "x.sqlite");
    const r = await plumb("runs", "--db", missing);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no store at/);
    expect(existsSync(join(dir, "no"))).toBe(false);
    const db = join(dir, "corrupt.db");
    expect((await plumb(...runArgs(db, "c", "oracle"))).code).toBe(0);
    const bytes = readFileSync(db);
    bytes.fill(0x5a, 4096, bytes.length);
    writeFileSync(db, bytes);
    for (const args of [["runs", "--db", db], runArgs(db, "c2", "oracle")]) {
      const broken = await plumb(...args);
      expect(broken.code).toBe(2);
      expect(broken.stderr.trim().split("\n")).toHaveLength(1);
      expect(broken.stderr).toMatch(/corrupt|malformed/);
    }
  });
});
