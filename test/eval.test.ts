import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Store } from "../src/store/store.ts";
import { cliExit, runCli, startCli } from "./support/cli.ts";
import { startFakeOpenAI } from "./support/fake-openai.ts";
import { SPARC_PUZZLES, SPARC_RESPONSES } from "./support/sparc.ts";
import { until } from "./support/until.ts";

const plumb = (...args: string[]) => runCli(args);

/** The first n official puzzles, as an instances file. */
function someInstances(dir: string, n: number): string {
  const file = join(dir, `puzzles-${n}.jsonl`);
  writeFileSync(file, `${readFileSync(SPARC_PUZZLES, "utf8").trim().split("\n").slice(0, n).join("\n")}\n`);
  return file;
}

interface Row {
  model: string;
  grouping: string;
  samples: number;
  accuracy: number;
  rates: { parse: number; invalid: number; wrong: number; error: number };
}
const overallRows = (stdout: string) =>
  (JSON.parse(stdout) as { rows: Row[] }).rows.filter((r) => r.grouping === "overall");
const overall = (stdout: string) => overallRows(stdout)[0] as Row;

describe("plumb run with the built-in agents", () => {
  const dir = mkdtempSync(join(tmpdir(), "plumb-eval-"));
  const db = join(dir, "plumb.db");

  it("the oracle solves every puzzle through the text path; random rarely does", async () => {
    const file = someInstances(dir, 20);
    const r = await plumb(
      "run",
      "sparc",
      "--instances",
      file,
      "--model",
      "oracle",
      "--model",
      "random",
      "--run",
      "base",
      "--db",
      db,
      "--format",
      "json",
      "--no-progress",
    );
    expect(r.code, r.stderr).toBe(0);
    const rows = overallRows(r.stdout);
    expect(rows.find((row) => row.model === "oracle")?.accuracy).toBe(1);
    expect(rows.find((row) => row.model === "random")?.accuracy).toBeLessThan(0.5);
  });

  it("replaying the SPaRC CLI's results reproduces its solved rate and path rates exactly, unparseable answers included", async () => {
    // Every tenth answer made unreadable, with the analysis the CLI gives an answer without a path.
    const noPath: Record<string, boolean> = {
      starts_at_start_ends_at_exit: false,
      connected_line: false,
      non_intersecting_line: false,
      start_to_exit_connected: false,
      no_rule_crossing: false,
      fully_valid_path: false,
    };
    const results = readFileSync(SPARC_RESPONSES, "utf8")
      .trim()
      .split("\n")
      .map((l, i) => {
        const r = JSON.parse(l) as { message: string; solved: boolean; analysis: Record<string, boolean> };
        return i % 10 === 3
          ? { ...r, message: "<think>(0, 0)</think>\nI could not solve it.", solved: false, analysis: noPath }
          : r;
      });
    const file = join(dir, "cli-results.jsonl");
    writeFileSync(file, `${results.map((r) => JSON.stringify(r)).join("\n")}\n`);
    const r = await plumb(
      "run",
      "sparc",
      "--instances",
      SPARC_PUZZLES,
      "--model",
      `replay:${file}`,
      "--run",
      "replay",
      "--db",
      db,
      "--format",
      "json",
      "--no-progress",
    );
    expect(r.code, r.stderr).toBe(0);
    const row = overall(r.stdout) as Row & {
      cliPathErrors: Record<string, number>;
      cliFullyValidPath: number;
    };
    expect(row.samples).toBe(100);
    expect(row.rates.parse).toBe(0.1);
    expect(row.accuracy).toBe(results.filter((x) => x.solved).length / 100);
    const share = (key: string, holds: boolean) =>
      results.filter((x) => x.analysis[key] === holds).length / 100;
    expect(row.cliPathErrors).toEqual({
      starts_at_start_ends_at_exit: share("starts_at_start_ends_at_exit", false),
      connected_line: share("connected_line", false),
      non_intersecting_line: share("non_intersecting_line", false),
      no_rule_crossing: share("no_rule_crossing", false),
    });
    expect(row.cliFullyValidPath).toBe(share("fully_valid_path", true));
    // Not a trivial agreement: the unreadable tenth moves every rate.
    expect(row.cliPathErrors.connected_line).toBeGreaterThanOrEqual(0.1);
  });

  it("runs gym episodes: the oracle policy solves them, every step stored", async () => {
    const file = someInstances(dir, 5);
    const r = await plumb(
      "run",
      "sparc",
      "--instances",
      file,
      "--model",
      "oracle",
      "--gym",
      // The environments live in checker threads, and the oracle plays through them.
      "--workers",
      "2",
      "--run",
      "gym",
      "--db",
      db,
      "--format",
      "json",
      "--no-progress",
    );
    expect(r.code, r.stderr).toBe(0);
    expect(overall(r.stdout).accuracy).toBe(1);
    const exported = await plumb("export", "gym", "--db", db, "--format", "jsonl");
    const samples = exported.stdout
      .trim()
      .split("\n")
      .map(
        (l) =>
          JSON.parse(l) as {
            steps: number;
            optimalSteps: number;
            trajectory: { index: number; reply: string; action: unknown; observation: string }[];
          },
      );
    expect(samples).toHaveLength(5);
    for (const s of samples) {
      expect(s.steps).toBe(s.optimalSteps);
      // Every turn, in order: what the model saw, what it said, the action read from it.
      expect(s.trajectory.map((t) => t.index)).toEqual([...Array(s.steps).keys()]);
      for (const t of s.trajectory) {
        expect(t.reply).toBe(`Final: ${t.action}`);
        expect(t.observation.length).toBeGreaterThan(0);
      }
    }
  });

  it("ends an episode whose model never replies in form, counting every turn", async () => {
    const file = someInstances(dir, 1);
    const id = (JSON.parse(readFileSync(file, "utf8").split("\n")[0] as string) as { id: string }).id;
    const replies = join(dir, "garbage.jsonl");
    writeFileSync(replies, `${JSON.stringify({ id, text: "I would rather not say." })}\n`);
    const run = (name: string, ...extra: string[]) =>
      plumb(
        "run",
        "sparc",
        "--instances",
        file,
        "--model",
        `replay:${replies}`,
        "--gym",
        "--run",
        name,
        "--db",
        db,
        "--format",
        "json",
        "--no-progress",
        ...extra,
      );
    const export1 = async (name: string) =>
      JSON.parse((await plumb("export", name, "--db", db, "--format", "jsonl")).stdout.trim()) as {
        steps: number;
        passed: boolean;
      };
    expect((await run("garbage-capped", "--max-steps", "7")).code).toBe(0);
    expect(await export1("garbage-capped")).toMatchObject({ steps: 7, passed: false });
    // The cap reaches the environment: its observations count against 7, not its own budget.
    const store = Store.open(db);
    try {
      const [sample] = store.samples("garbage-capped");
      const observations = store.steps("garbage-capped", sample?.key ?? "").map((s) => s.observation);
      expect(observations).toHaveLength(7);
      for (const o of observations) expect(o).toMatch(/Steps used: 0\/7\b/);
      // No --history: SPaRC's official gym keeps no earlier turns, and the run spec says so.
      const spec = store.getRun("garbage-capped")?.config as { episode: { history: Record<string, number> } };
      expect(Object.values(spec.episode.history)).toEqual([0]);
    } finally {
      store.close();
    }
    // Without --max-steps the environment's own budget ends it: the SPaRC CLI's 100 steps.
    expect((await run("garbage-budget")).code).toBe(0);
    const s = await export1("garbage-budget");
    expect(s.passed).toBe(false);
    expect(s.steps).toBe(100);
  });

  it("lists, reports and compares stored runs", async () => {
    expect((await plumb("runs", "--db", db)).stdout).toMatch(/^base\t/m);
    const md = await plumb("report", "base", "--db", db);
    expect(md.code).toBe(0);
    expect(md.stdout).toMatch(/oracle/);
    const cmp = await plumb("compare", "base", "gym", "--db", db);
    expect(cmp.code).toBe(0);
    const missing = await plumb("report", "nope", "--db", db);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no run "nope"/);
  });
});

describe("plumb run against an OpenAI-compatible server", () => {
  let server: Awaited<ReturnType<typeof startFakeOpenAI>>;
  const dir = mkdtempSync(join(tmpdir(), "plumb-fake-"));
  const db = join(dir, "plumb.db");
  const file = someInstances(dir, 12);
  const base = (run: string, ...extra: string[]) => [
    "run",
    "sparc",
    "--instances",
    file,
    "--model",
    "openai-compatible:fake",
    "--base-url",
    server.url,
    "--run",
    run,
    "--db",
    db,
    "--format",
    "json",
    "--no-progress",
    "--timeout",
    "2",
    ...extra,
  ];

  beforeAll(async () => {
    server = await startFakeOpenAI({
      reply: () => ({ text: "I think the answer is #### [(0, 0), (1, 0)]" }),
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it("retries 429 (honouring Retry-After), 5xx, slow and malformed replies; parse failures apart from wrong", async () => {
    server.enqueue(
      { status: 429, retryAfter: 1 },
      { status: 500 },
      { delayMs: 3000 },
      { malformed: true },
      { text: "no idea" },
    );
    const before = server.count();
    const r = await plumb(...base("flaky", "--concurrency", "1", "--env-file", writeEnv(dir)));
    expect(r.code, r.stderr).toBe(0);
    const row = overall(r.stdout);
    expect(row.samples).toBe(12);
    expect(row.accuracy).toBe(0);
    expect(row.rates.parse).toBeCloseTo(1 / 12);
    expect(row.rates.error).toBe(0);
    // 12 answers + 4 failed attempts (429, 500, timeout, malformed)
    expect(server.count() - before).toBe(16);
  });

  it("fails fast with --retries 0, and --retry-errors re-runs only the failed samples", async () => {
    server.enqueue({ status: 429, retryAfter: 30 });
    const before = server.count();
    // Another temperature: other cache keys, so these calls are really made.
    const r = await plumb(...base("fast", "--concurrency", "1", "--retries", "0", "--temperature", "0.5"));
    // One sample in twelve ended in error: over the default --max-error-rate of 0.
    expect(r.code, r.stderr).toBe(1);
    expect(overall(r.stdout).rates.error).toBeCloseTo(1 / 12);
    expect(server.count() - before).toBe(12);
    const again = await plumb(...base("fast", "--retry-errors", "--temperature", "0.5"));
    expect(again.code, again.stderr).toBe(0);
    expect(server.count() - before).toBe(13);
  });

  it("a rerun under a new name is served from the cache: no request at all", async () => {
    const before = server.count();
    const r = await plumb(...base("cached"));
    expect(r.code, r.stderr).toBe(0);
    expect(server.count()).toBe(before);
  });

  it("an interrupted run resumes without repeating a request, and totals add up", async () => {
    const slow = await startFakeOpenAI({
      reply: () => ({ text: "#### [(0, 0)]", delayMs: 150, usage: { prompt: 100, completion: 10 } }),
    });
    try {
      const args = base("resume", "--concurrency", "2").map((a) => (a === server.url ? slow.url : a));
      const child = startCli(args);
      const interrupted = cliExit(child);
      await until(() => slow.count() >= 4);
      child.kill("SIGINT");
      expect((await interrupted).code).toBe(130);
      const first = slow.count();
      expect(first).toBeLessThan(12);
      const resumed = await plumb(...args);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(slow.count()).toBe(12);
      const prompts = slow.requests.map((r) => JSON.stringify(r.body));
      expect(new Set(prompts).size).toBe(12);
      expect(resumed.stderr).toMatch(/12 samples, 12 calls, 1,320 tokens/);
    } finally {
      await slow.close();
    }
  });
});

describe("a run killed outright", () => {
  it("repeats on resume only the calls that were in flight, never an answered one", async () => {
    const server = await startFakeOpenAI({ reply: () => ({ text: "#### [(0, 0)]", delayMs: 100 }) });
    const dir = mkdtempSync(join(tmpdir(), "plumb-kill-"));
    const db = join(dir, "plumb.db");
    try {
      const args = [
        "run",
        "sparc",
        "--instances",
        someInstances(dir, 12),
        "--model",
        "openai-compatible:fake",
        "--base-url",
        server.url,
        "--run",
        "killed",
        "--db",
        db,
        "--concurrency",
        "2",
        "--no-progress",
      ];
      const env = { OPENAI_COMPATIBLE_API_KEY: "k" };
      const child = startCli(args, { env });
      const gone = cliExit(child);
      await until(() => server.count() >= 5);
      child.kill("SIGKILL");
      await gone;
      const sent = server.count();
      const saved = (await plumb("export", "killed", "--db", db)).stdout
        .trim()
        .split("\n")
        .filter(Boolean).length;
      expect(saved).toBeGreaterThan(0);
      // Lost: the two calls in flight, and answers still waiting for their group commit (the samples
      // of one commit window: at most the two slots' next answers).
      expect(sent - saved).toBeLessThanOrEqual(4);
      const resumed = await runCli(args, { env });
      expect(resumed.code, resumed.stderr).toBe(0);
      // Only samples that were not saved are asked again: all of them, except a call whose reply was
      // committed to the cache in the instant before its sample's commit.
      const asked = server.count() - sent;
      expect(asked).toBeLessThanOrEqual(12 - saved);
      expect(asked).toBeGreaterThanOrEqual(12 - saved - 4);
      const stored = (await plumb("export", "killed", "--db", db)).stdout.trim().split("\n").filter(Boolean);
      expect(stored).toHaveLength(12);
    } finally {
      await server.close();
    }
  });
});

function writeEnv(dir: string): string {
  const file = join(dir, ".env");
  writeFileSync(file, "# keys for the fake server\nexport OPENAI_COMPATIBLE_API_KEY='test-key'\n");
  return file;
}
