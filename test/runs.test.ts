/**
 * A run as a lab relies on it: one identity, one writer, honest money, failures kept as data, exit
 * codes CI can act on. Every test drives the real CLI against a fake server on 127.0.0.1.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "./support/fake-openai.ts";
import { SPARC_PUZZLES } from "./support/sparc.ts";
import { until } from "./support/until.ts";

const BIN = fileURLToPath(new URL("../bin/plumb.js", import.meta.url));
const KEYS = {
  OPENAI_API_KEY: "sentinel-openai",
  ANTHROPIC_API_KEY: "sentinel-anthropic",
  GOOGLE_GENERATIVE_AI_API_KEY: "sentinel-google",
  OPENAI_COMPATIBLE_API_KEY: "compatible-key",
};

function plumb(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: "utf8",
    env: { ...process.env, ...KEYS },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function start(...args: string[]): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...KEYS } });
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number; stderr: string }>((resolve) => {
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.on("close", (c, signal) => resolve({ code: c ?? (signal === "SIGKILL" ? 137 : -1), stderr }));
  });

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
const samplesOf = (db: string, run: string) =>
  plumb("export", run, "--db", db)
    .stdout.trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("keys go only where they belong", () => {
  it("never sends a provider's key to another endpoint, and refuses --base-url for a hosted provider", () => {
    const db = join(dir, "keys.db");
    const before = server.count();
    const refused = plumb(
      ...runArgs(db, "keys", "openai-compatible:q", "--model", "openai:gpt-4.1", "--base-url", server.url),
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--base-url/);
    expect(server.count()).toBe(before);
    const ok = plumb(...runArgs(db, "keys", at(server.url)));
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
  it("refuses to resume with other options, saying what changed, and --new-run starts afresh", () => {
    const db = join(dir, "spec.db");
    expect(plumb(...runArgs(db, "r1", "oracle")).code).toBe(0);
    const drift = plumb(...runArgs(db, "r1", "oracle", "--temperature", "1", "--count", "3"));
    expect(drift.code).toBe(2);
    expect(drift.stderr).toMatch(/generation\.temperature: \(none\) → 1/);
    expect(drift.stderr).toMatch(/tasks\.sparc\.instances: 6 → 3/);
    expect(drift.stderr).toMatch(/--new-run/);
    expect(samplesOf(db, "r1")).toHaveLength(6);
    const fresh = plumb(...runArgs(db, "r1", "oracle", "--temperature", "1", "--count", "3", "--new-run"));
    expect(fresh.code, fresh.stderr).toBe(0);
    const samples = samplesOf(db, "r1");
    expect(samples).toHaveLength(3);
    // The same options resume: nothing is asked again.
    const again = plumb(...runArgs(db, "r1", "oracle", "--temperature", "1", "--count", "3"));
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
      const done = exited(start(...args));
      await until(() => slower.count() >= 1);
      const refused = exited(start(...args));
      const waiting = exited(start(...args, "--wait"));
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
    const gone = exited(killed);
    const sent = slow.count();
    await until(() => slow.count() >= sent + 2);
    killed.kill("SIGKILL");
    await gone;
    expect(plumb("runs", "--db", db).stdout).toMatch(/^killed\tinterrupted\t/m);
    const resumed = plumb(...runArgs(db, "killed", at(slow.url), "--concurrency", "1", "--cache", "off"));
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(plumb("runs", "--db", db).stdout).toMatch(/^killed\tdone\t/m);
  });

  it("SIGTERM finishes the calls in flight, saves them, prints the resume command and exits 143", async () => {
    const db = join(dir, "term.db");
    const child = start(
      ...runArgs(db, "term", at(slow.url), "--concurrency", "2", "--cache", "off", "--workers", "2"),
    );
    const result = exited(child);
    const sent = slow.count();
    await until(() => slow.count() >= sent + 2);
    child.kill("SIGTERM");
    const { code, stderr } = await result;
    expect(code).toBe(143);
    expect(stderr).toMatch(/resume with:\n {2}plumb run sparc .*--run term/);
    // Every call that was made was saved.
    expect(samplesOf(db, "term")).toHaveLength(slow.count() - sent);
    expect(plumb("runs", "--db", db).stdout).toMatch(/^term\tstopped\t/m);
  });
});

describe("honest money", () => {
  it("refuses a USD budget for a model without a price, and counts only money actually spent", () => {
    const db = join(dir, "money.db");
    const refused = plumb(...runArgs(db, "m0", at(server.url), "--budget-usd", "1"));
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
    const paid = plumb(...runArgs(db, "m1", "fake", "--models", models, "--budget-usd", "1"));
    expect(paid.code, paid.stderr).toBe(0);
    expect(server.count() - before).toBe(6);
    // 6 calls × (100 input + 20 output tokens) at $1 and $2 per 1M tokens.
    expect(paid.stderr).toMatch(/6 calls, .* \$0\.0008 spent, \$0\.0000 saved by the cache/);
    // A new run of the same prompts under a budget already "used up" by cached answers: all free.
    const cached = plumb(...runArgs(db, "m2", "fake", "--models", models, "--budget-usd", "0.0001"));
    expect(cached.code, cached.stderr).toBe(0);
    expect(server.count() - before).toBe(6);
    expect(cached.stderr).toMatch(/6 samples, 0 calls, .* \$0\.0000 spent, \$0\.0008 saved by the cache/);
    // Unpriced models say so instead of $0.
    const unpriced = plumb(...runArgs(db, "m3", at(server.url)));
    expect(unpriced.stderr).toMatch(/cost unknown for 6 samples/);
  });

  it("cache modes: off and write call afresh, read never stores, and cache clear forgets", () => {
    const db = join(dir, "cache.db");
    const model = at(server.url);
    const calls = (run: string, ...extra: string[]) => {
      const before = server.count();
      const r = plumb(...runArgs(db, run, model, "--count", "2", ...extra));
      expect(r.code, r.stderr).toBe(0);
      return server.count() - before;
    };
    expect(calls("c-read-empty", "--cache", "read")).toBe(2);
    expect(calls("c-read-again", "--cache", "read")).toBe(2);
    expect(calls("c-write", "--cache", "write")).toBe(2);
    expect(calls("c-rw")).toBe(0);
    expect(calls("c-off", "--cache", "off")).toBe(2);
    const cleared = plumb("cache", "clear", "--db", db);
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(cleared.stderr).toMatch(/removed 2 cached replies/);
    expect(calls("c-after-clear")).toBe(2);
  });

  it("--count takes the first N of --instances", () => {
    const db = join(dir, "count.db");
    const r = plumb(...runArgs(db, "n2", "oracle", "--count", "2"));
    expect(r.code, r.stderr).toBe(0);
    expect(samplesOf(db, "n2").map((s) => s.instance)).toHaveLength(2);
  });
});

describe("fit for CI", () => {
  it("exits 1 when samples end in error, unless tolerated; report --fail-under fails a threshold", () => {
    const db = join(dir, "ci.db");
    server.enqueue(...Array.from({ length: 3 }, () => ({ status: 500 })));
    const failing = plumb(
      ...runArgs(db, "ci", at(server.url), "--retries", "0", "--concurrency", "1", "--cache", "off"),
    );
    expect(failing.code).toBe(1);
    expect(failing.stderr).toMatch(/3 of 6 samples ended in error \(50\.0%\), over --max-error-rate 0/);
    server.enqueue(...Array.from({ length: 3 }, () => ({ status: 500 })));
    const tolerated = plumb(
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
    expect(plumb("report", "ci2", "--db", db, "--fail-under", "accuracy=0.5").code).toBe(1);
    expect(plumb("report", "ci2", "--db", db, "--fail-under", "accuracy=0").code).toBe(0);
    expect(plumb("report", "ci2", "--db", db, "--fail-under", "nonsense=1").code).toBe(2);
  });

  it("read-only commands create nothing, and a broken store is one clear line", () => {
    const missing = join(dir, "no", "such", "dir", "x.sqlite");
    const r = plumb("runs", "--db", missing);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no store at/);
    expect(existsSync(join(dir, "no"))).toBe(false);
    const db = join(dir, "corrupt.db");
    expect(plumb(...runArgs(db, "c", "oracle")).code).toBe(0);
    const bytes = readFileSync(db);
    bytes.fill(0x5a, 4096, bytes.length);
    writeFileSync(db, bytes);
    for (const args of [["runs", "--db", db], runArgs(db, "c2", "oracle")]) {
      const broken = plumb(...args);
      expect(broken.code).toBe(2);
      expect(broken.stderr.trim().split("\n")).toHaveLength(1);
      expect(broken.stderr).toMatch(/corrupt|malformed/);
    }
  });
});
