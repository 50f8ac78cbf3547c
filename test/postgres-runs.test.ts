/**
 * One run spread over several `plumb run` processes sharing a PostgreSQL store (a real server the
 * test starts): they claim samples, never ask one twice while alive, and take over the samples of
 * workers killed with kill -9; `plumb report` and the viewer read the shared run.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Store } from "../src/store/store.ts";
import { startViewServer } from "../src/view/server.ts";
import { cliExit, runCli, startCli } from "./support/cli.ts";
import { type FakeOpenAI, startFakeOpenAI } from "./support/fake-openai.ts";
import { type Postgres, postgresAvailable, startPostgres } from "./support/postgres.ts";
import { SPARC_PUZZLES } from "./support/sparc.ts";
import { until } from "./support/until.ts";

const SAMPLES = 30;
let server: Postgres;
let model: FakeOpenAI;
let instances: string;

describe.skipIf(!postgresAvailable())("a run spread over processes on one PostgreSQL store", () => {
  beforeAll(async () => {
    [server, model] = await Promise.all([
      startPostgres(),
      startFakeOpenAI({ reply: () => ({ text: "#### [(0, 0)]", delayMs: 120 }) }),
    ]);
    const dir = mkdtempSync(join(tmpdir(), "plumb-shared-"));
    instances = join(dir, "puzzles.jsonl");
    const lines = readFileSync(SPARC_PUZZLES, "utf8").trim().split("\n").slice(0, SAMPLES);
    writeFileSync(instances, `${lines.join("\n")}\n`);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([server?.stop(), model?.close()]);
  });

  const args = () => [
    "run",
    "sparc",
    "--instances",
    instances,
    "--model",
    "openai-compatible:fake",
    "--base-url",
    model.url,
    "--run",
    "shared",
    "--db",
    server.url,
    "--concurrency",
    "2",
    "--no-progress",
  ];
  const env = { OPENAI_COMPATIBLE_API_KEY: "k" };
  const prompts = (from = 0) => model.requests.slice(from).map((r) => JSON.stringify(r.body));

  it("shares the samples out, survives two workers killed mid-run, and asks again only what was in flight", async () => {
    // Two workers at once: while both live, no prompt is asked twice.
    const first = [startCli(args(), { env }), startCli(args(), { env })];
    const gone = first.map(cliExit);
    await until(() => model.count() >= 10, 60_000);
    for (const child of first) child.kill("SIGKILL");
    await Promise.all(gone);
    const sentBeforeKill = model.count();
    expect(new Set(prompts()).size).toBe(sentBeforeKill);
    const store = Store.open(server.url, { readonly: true });
    try {
      const saved = store.samples("shared").length;
      expect(saved).toBeGreaterThan(0);
      expect(saved).toBeLessThan(SAMPLES);
      // Lost with each worker: its two calls in flight and answers waiting for their group commit.
      expect(sentBeforeKill - saved).toBeLessThanOrEqual(8);

      // Two new workers take over the dead ones' claims at once (their processes are gone) and finish.
      const second = [startCli(args(), { env }), startCli(args(), { env })];
      const results = await Promise.all(second.map(cliExit));
      for (const r of results) expect(r.code, r.stderr).toBe(0);
      expect(results.some((r) => /sharing run "shared"/.test(r.stderr))).toBe(true);

      const stored = store.samples("shared");
      expect(stored).toHaveLength(SAMPLES);
      expect(new Set(stored.map((s) => s.key)).size).toBe(SAMPLES);
      expect(store.getRun("shared")?.status).toBe("done");
      expect(store.claimsLeft("shared")).toEqual({ open: 0, free: 0 });
      // The restarted workers asked each prompt once between them, and only prompts with no saved answer.
      const after = prompts(sentBeforeKill);
      expect(new Set(after).size).toBe(after.length);
      expect(after.length).toBeLessThanOrEqual(SAMPLES - saved);
      // Every prompt was asked, and none more than twice (once more only if in flight at the kill).
      const counts = new Map<string, number>();
      for (const p of prompts()) counts.set(p, (counts.get(p) ?? 0) + 1);
      expect(counts.size).toBe(SAMPLES);
      expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
    } finally {
      store.close();
    }

    // plumb report and the viewer read the shared run.
    const report = await runCli(["report", "shared", "--db", server.url, "--format", "json"]);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain('"samples": 30');
    const viewer = await startViewServer({ db: server.url });
    try {
      const { runs } = (await (await fetch(`${viewer.url}/api/runs`)).json()) as {
        runs: { name: string; samples: number; status: string }[];
      };
      expect(runs.find((r) => r.name === "shared")).toMatchObject({ samples: SAMPLES, status: "done" });
    } finally {
      await viewer.close();
    }
  }, 180_000);
});
