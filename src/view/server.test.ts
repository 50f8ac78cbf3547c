import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { cliExit, runCli, startCli } from "../../test/support/cli.ts";
import { InputError } from "../core/errors.ts";
import { runReportGroups } from "../eval/run-report.ts";
import { Store } from "../store/store.ts";
import { sample as fixtureSample } from "../store/testing.ts";
import { registerAllTasks } from "../suites/catalog.ts";
import { analyse } from "./analyse.ts";
import { analysisInWorker } from "./analysis.ts";
import {
  apiPath,
  compareResponse,
  episodeResponse,
  errorResponse,
  leaderboardResponse,
  runDetailResponse,
  runReportResponse,
  runsResponse,
  sampleDetailResponse,
  samplesResponse,
  sceneResponse,
} from "./api.ts";
import { EXPORT_KEY, exportRunHtml } from "./export.ts";
import { route } from "./router.ts";
import { routes } from "./routes/index.ts";
import { startViewServer, type ViewServer } from "./server.ts";
import { HOSTILE, TOOL_CALLS, TOOL_SAMPLE_KEY, TOOLS_MODEL, writeAnalysisRun } from "./testing.ts";

let dir: string;
let db: string;
let web: string;
let server: ViewServer;

/** A POST route, to try the server's body handling on. */
const echo = route({
  method: "POST",
  path: "/api/test/echo",
  body: z.object({ name: z.string().max(10) }),
  response: z.object({ name: z.string() }),
  handle: ({ body }) => ({ name: body.name }),
});

async function plumb(argv: string[]): Promise<void> {
  const got = await runCli([...argv, "--db", db, "--no-progress"]);
  expect(got.code, got.stderr).toBe(0);
}

/** A fake built web app: a page, its script (which holds "</script>") and its style. */
function fakeWebApp(root: string): void {
  mkdirSync(join(root, "assets"), { recursive: true });
  writeFileSync(
    join(root, "index.html"),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Plumb</title>\n    <script type="module" crossorigin src="./assets/app.js"></script>\n    <link rel="stylesheet" crossorigin href="./assets/app.css">\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  writeFileSync(join(root, "assets/app.js"), 'document.title = "</script><b>";\n');
  writeFileSync(join(root, "assets/app.css"), "body { color: black }\n");
}

async function get<T>(path: string, schema: z.ZodType<T>, status = 200): Promise<T> {
  const res = await fetch(`${server.url}${path}`);
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  return schema.parse(body);
}

const fails = (path: string, status: number) => get(path, errorResponse, status);

/** A raw request: fetch would normalise `..` in paths and refuse a forged Host. */
function raw(
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: opts.method ?? "GET", headers: opts.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

async function keyOf(run: string, query: Record<string, string> = {}): Promise<string> {
  const page = await get(apiPath(`/api/runs/${run}/samples`, query), samplesResponse);
  const first = page.samples[0];
  if (!first) throw new Error(`no sample of ${run} matches ${JSON.stringify(query)}`);
  return encodeURIComponent(first.key);
}

beforeAll(async () => {
  registerAllTasks();
  dir = mkdtempSync(join(tmpdir(), "plumb-view-"));
  db = join(dir, "plumb.db");
  web = join(dir, "web");
  fakeWebApp(web);
  await plumb(
    ["run", "sparc", "--model", "oracle", "--model", "random", "--count", "6", "--seed", "1"].concat([
      "--run",
      "sp",
    ]),
  );
  await plumb(
    ["run", "chain/stacking", "--gym", "--model", "oracle", "--model", "random", "--count", "2"].concat([
      "--run",
      "chain",
    ]),
  );
  await plumb(["run", "scbench/shikaku", "--preset", "original", "--model", "oracle", "--run", "paper"]);
  server = await startViewServer({ db, webRoot: web, routes: [...routes, echo] });
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("runs and the leaderboard", () => {
  it("lists runs with their facets and filters them", async () => {
    const { runs } = await get("/api/runs", runsResponse);
    expect(runs.map((r) => r.name)).toEqual(["sp", "chain", "paper"]);
    const sp = runs[0];
    expect(sp).toMatchObject({
      samples: 12,
      tasks: ["sparc"],
      suites: ["sparc"],
      models: ["oracle", "random"],
    });
    expect(sp?.tags).toContain("spatial");
    const names = async (q: Record<string, string>) =>
      (await get(apiPath("/api/runs", q), runsResponse)).runs.map((r) => r.name);
    expect(await names({ task: "chain/stacking" })).toEqual(["chain"]);
    expect(await names({ suite: "sparc" })).toEqual(["sp"]);
    expect(await names({ model: "random" })).toEqual(["sp", "chain"]);
    expect(await names({ suite: "scbench" })).toEqual(["paper"]);
    expect(await names({ tag: "stacking" })).toEqual(["chain"]);
    expect(await names({ since: "2999-01-01" })).toEqual([]);
    expect(await names({ until: new Date().toISOString().slice(0, 10) })).toEqual(["sp", "chain", "paper"]);
    expect(await names({ unknown: "x" })).toEqual(["sp", "chain", "paper"]);
    expect((await fails("/api/runs?since=yesterday", 400)).error).toMatch(/since/);
  });

  it("gives a run's totals and facets, and its report apart", async () => {
    const d = await get("/api/runs/sp", runDetailResponse);
    expect(d.totals.samples).toBe(12);
    expect(d.facets.models).toEqual(["oracle", "random"]);
    expect(d.facets.levels.length).toBeGreaterThan(0);
    const r = await get("/api/runs/sp/report", runReportResponse);
    const rows = r.report.rows as { model: string; grouping: string; accuracy: number }[];
    expect(rows.find((r) => r.model === "oracle" && r.grouping === "overall")?.accuracy).toBe(1);
    expect(r.paper).toBeNull();
    expect((await get("/api/runs/paper", runDetailResponse)).run.preset).toBe("original");
    expect((await get("/api/runs/paper/report", runReportResponse)).paper?.title).toMatch(/SCBench/);
    expect((await fails("/api/runs/nope", 404)).error).toMatch(/nope/);
    expect((await fails("/api/runs/nope/report", 404)).error).toMatch(/nope/);
  });

  it("ranks (run, model) pairs per suite with accuracy by level", async () => {
    const first = await get("/api/leaderboard", leaderboardResponse);
    expect(first.suites).toEqual(["chain", "scbench", "sparc"]);
    expect(first.suite).toBe("chain");
    const board = await get("/api/leaderboard?suite=sparc", leaderboardResponse);
    expect(board.rows.map((r) => `${r.run}/${r.model}`)).toEqual(["sp/oracle", "sp/random"]);
    expect(board.rows[0]?.row.accuracy).toBe(1);
    expect(board.levels.every((l) => l.run === "sp" && l.samples > 0)).toBe(true);
    expect((await get("/api/leaderboard?suite=none", leaderboardResponse)).rows).toEqual([]);
  });

  it("builds the same report on a worker thread, as for large runs", async () => {
    const store = Store.open(db, { readonly: true });
    try {
      const groups = await runReportGroups(store, "sp");
      const inline = analyse(store.reportSamples("sp"), groups, undefined);
      expect(await analysisInWorker({ db, run: "sp", groups, table: undefined })).toEqual(inline);
    } finally {
      store.close();
    }
  });
});

describe("samples", () => {
  it("pages and filters a run's samples", async () => {
    const page = (q: Record<string, string | number>) =>
      get(apiPath("/api/runs/sp/samples", q), samplesResponse);
    const first = await page({ limit: 5 });
    expect(first).toMatchObject({ total: 12, offset: 0, limit: 5 });
    expect(first.samples).toHaveLength(5);
    expect((await page({ limit: 5, offset: 10 })).samples).toHaveLength(2);
    expect((await page({ model: "oracle" })).total).toBe(6);
    expect((await page({ outcome: "passed" })).samples.every((s) => s.passed)).toBe(true);
    const outcomes = ["passed", "parse", "invalid", "wrong", "unscored", "error"];
    const totals = await Promise.all(outcomes.map(async (outcome) => (await page({ outcome })).total));
    expect(totals.reduce((a, b) => a + b, 0)).toBe(12);
    const level = first.samples[0]?.level ?? "";
    expect((await page({ level })).samples.every((s) => s.level === level)).toBe(true);
    await fails("/api/runs/sp/samples?limit=0", 400);
    expect((await fails("/api/runs/sp/samples?limit=1&limit=2", 400)).error).toMatch(/limit/);
    await fails("/api/runs/nope/samples", 404);
  });

  it("gives a sample with the task's renders and its reference", async () => {
    const d = await get(
      `/api/runs/sp/samples/${await keyOf("sp", { model: "oracle" })}`,
      sampleDetailResponse,
    );
    expect(d.renders.instance?.svg).toMatch(/^<svg/);
    expect(d.renders.answer?.svg).toMatch(/^<svg/);
    expect(d.renders.reference?.svg).toMatch(/^<svg/);
    expect(d.renders.error).toBeNull();
    expect(d.reference).not.toBeNull();
    expect(d.instance).not.toBeNull();
    expect(d.scenes).toEqual([]);
    const chain = await get(`/api/runs/chain/samples/${await keyOf("chain")}`, sampleDetailResponse);
    expect(chain.steps).toBeGreaterThan(0);
    expect(chain.renders.answer?.svg).toMatch(/^<svg/);
    expect(chain.scenes).toContain("instance");
    await fails("/api/runs/sp/samples/nope", 404);
  });
});

describe("episodes and scenes", () => {
  it("replays an episode, drawing the state after each step", async () => {
    const key = await keyOf("chain", { model: "oracle" });
    const ep = await get(`/api/runs/chain/samples/${key}/episode`, episodeResponse);
    expect(ep.replayError).toBeNull();
    expect(ep.steps.length).toBeGreaterThan(0);
    expect(ep.initial.render?.svg).toMatch(/^<svg/);
    expect(ep.steps.every((s) => s.render !== null && s.hasScene)).toBe(true);
    await fails(`/api/runs/sp/samples/${await keyOf("sp")}/episode`, 404);
  });

  it("gives 3D scenes of the instance, the reference and each step", async () => {
    const key = await keyOf("chain", { model: "oracle" });
    const path = `/api/runs/chain/samples/${key}/scene`;
    expect((await get(`${path}?which=instance`, sceneResponse)).voxels.length).toBeGreaterThan(0);
    await get(`${path}?which=reference`, sceneResponse);
    await get(`${path}?which=step&step=-1`, sceneResponse);
    await get(`${path}?which=step&step=0`, sceneResponse);
    await fails(`${path}?which=step&step=9999`, 404);
    await fails(`${path}?which=everything`, 400);
    await fails(`${path}`, 400);
    await fails(`/api/runs/sp/samples/${await keyOf("sp")}/scene?which=instance`, 404);
  });
});

describe("compare", () => {
  it("pairs two runs per instance", async () => {
    const c = await get("/api/compare?a=sp&b=sp", compareResponse);
    expect(c.a.name).toBe("sp");
    expect((c.comparison.pairs as unknown[]).length).toBe(2);
    await fails("/api/compare?a=sp&b=nope", 404);
    expect((await fails("/api/compare?a=sp", 400)).error).toMatch(/\bb\b/);
  });
});

describe("hostile requests", () => {
  it("refuses bad paths, queries, methods and bodies with JSON errors", async () => {
    await fails("/api/runs/%E0%A4%A", 400);
    expect((await get("/api/runs?task=%E0%A4%A", runsResponse)).runs).toEqual([]);
    expect(
      (await get("/api/runs?__proto__=x&constructor=y&hasOwnProperty=z", runsResponse)).runs,
    ).toHaveLength(3);
    await fails("/api/runs/sp/samples?offset=-1", 400);
    await fails("/api/runs/sp/samples?limit=1e9", 400);
    await fails(`/api/runs?task=${"x".repeat(10_000)}`, 414);
    await fails("/api/nothing", 404);
    const json = { "content-type": "application/json" };
    expect((await raw("/api/runs", { method: "POST", headers: json, body: "{}" })).status).toBe(405);
    expect((await raw("/index.html", { method: "DELETE" })).status).toBe(405);
    const post = (body: string | Buffer, headers: Record<string, string> = {}) =>
      raw("/api/test/echo", {
        method: "POST",
        body,
        headers: { "content-type": "application/json", ...headers },
      });
    expect(JSON.parse((await post('{"name":"ok"}')).body)).toEqual({ name: "ok" });
    expect((await post("{not json")).status).toBe(400);
    const invalid = await post('{"name": 12}');
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body).error).toMatch(/body\.name/);
    expect((await post('{"__proto__": {"name": "x"}}')).status).toBe(400);
    expect((await post(Buffer.alloc(2 << 20, 32))).status).toBe(413);
    expect((await post(Buffer.alloc(2 << 20, 32), { "transfer-encoding": "chunked" })).status).toBe(413);
    expect((await raw("/api/runs", { headers: { host: "evil.example:80" } })).status).toBe(403);
    // Another site's page can send neither a JSON content type (without CORS) nor this origin.
    expect((await post('{"name":"ok"}', { "content-type": "text/plain" })).status).toBe(403);
    expect((await post('{"name":"ok"}', { origin: "http://evil.example" })).status).toBe(403);
    expect((await post('{"name":"ok"}', { origin: "null" })).status).toBe(403);
    expect((await post('{"name":"ok"}', { origin: server.url.replace(/\/$/, "") })).status).toBe(200);
  });

  it("serves the app's files and nothing outside them", async () => {
    const index = readFileSync(join(web, "index.html"), "utf8");
    for (const path of [
      "/",
      "/../../package.json",
      "/%2e%2e/%2e%2e/package.json",
      "/assets/..%2f..%2f..%2fpackage.json",
      "/..\\..\\package.json",
      "/runs/x%00y",
    ]) {
      const got = await raw(path);
      expect(got.status, path).toBe(200);
      expect(got.body, path).toBe(index);
    }
    expect((await raw("/%E0%A4%A")).status).toBe(400);
    const page = await raw("/");
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-security-policy"]).toMatch(/default-src 'self'/);
    expect(page.headers["content-security-policy"]).not.toMatch(/https?:/);
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    const js = await raw("/assets/app.js");
    expect(js.headers["content-type"]).toMatch(/^text\/javascript/);
  });
});

describe("a store being written", () => {
  it("shows new runs and samples without a restart", async () => {
    const writer = Store.open(db);
    try {
      writer.openRun("live", {});
      const at = (i: number) => `2030-01-01T00:00:0${i}.000Z`;
      const put = (i: number) =>
        writer.save(fixtureSample({ run: "live", key: `k${i}`, instance: `${i}`, finishedAt: at(i) }));
      await put(0);
      const before = await get("/api/runs/live", runDetailResponse);
      expect(before.totals.samples).toBe(1);
      await put(1);
      expect((await get("/api/runs/live/samples", samplesResponse)).total).toBe(2);
      expect((await get("/api/runs/live/report", runReportResponse)).report.samples).toBe(2);
      const live = (await get("/api/runs", runsResponse)).runs.find((r) => r.name === "live");
      expect(live?.samples).toBe(2);
      // An unknown task's sample still shows, without pictures.
      const d = await get("/api/runs/live/samples/k0", sampleDetailResponse);
      expect(d.renders).toEqual({ instance: null, answer: null, reference: null, error: null });
    } finally {
      writer.deleteRun("live");
      writer.close();
    }
  });
});

describe("the seeds' analyses", () => {
  it("gives a sample's tool calls and labels, and the run's analyses, hostile text as data", async () => {
    const writer = Store.open(db);
    try {
      const written = await writeAnalysisRun(writer, "analysis");
      const path = `/api/runs/analysis/samples/${encodeURIComponent(TOOL_SAMPLE_KEY)}`;
      const d = await get(path, sampleDetailResponse);
      expect(d.sample.model).toBe(TOOLS_MODEL);
      expect(d.sample.toolCalls).toEqual(TOOL_CALLS);
      expect(d.sample.toolUse).toEqual({ python: 2 });
      expect(d.sample.toolCalls?.[0]?.output).toContain(HOSTILE);
      expect(d.labels).toEqual([
        {
          taxonomy: "scbench",
          taxonomyTitle: expect.any(String),
          judge: "judge-model",
          label: "near-miss",
          name: "Near-Miss",
          confidence: 0.9,
          reason: `close, one region off ${HOSTILE}`,
          createdAt: "2026-01-01T00:00:00.000Z",
        },
      ]);
      const plain = await get(
        `/api/runs/analysis/samples/${encodeURIComponent("scbench/shikaku/0/m/0")}`,
        sampleDetailResponse,
      );
      expect(plain.sample.toolCalls).toBeNull();
      expect(plain.labels).toEqual([]);

      const r = await get("/api/runs/analysis/report", runReportResponse);
      expect(r.report.samples).toBe(written);
      const a = r.analysis as {
        tools: { pairs: { model: string; tools: string }[]; overall: { cells: { delta: number | null }[] } };
        sweep: { caps: number[]; series: { model: string }[] };
        selection: { tables: { model: string; k: number | null; rows: { strategy: string }[] }[] };
        failures: { analyses: { taxonomy: string; records: number; shifts: unknown[] }[] };
      };
      expect(a.tools.pairs).toMatchObject([{ model: "m", tools: TOOLS_MODEL }]);
      expect(a.tools.overall.cells[0]?.delta).toBeGreaterThan(0);
      expect(a.sweep.caps).toEqual([1024, 4096]);
      expect(a.sweep.series.map((s) => s.model)).toEqual(["m"]);
      const m = a.selection.tables.find((t) => t.model === "m");
      expect(m?.k).toBe(2);
      expect(m?.rows.map((row) => row.strategy)).toContain("Judge Best-of-2 (judge-model)");
      const [failures] = a.failures.analyses;
      expect(failures?.taxonomy).toBe("scbench");
      expect(failures?.shifts.length).toBeGreaterThan(0);
      expect(r.sweepPlot?.svg).toMatch(/^<svg/);
      expect(r.sweepPlot?.width).toBe(900);
      expect(r.paper).toMatchObject({ mode: "tools", toolsFrom: "run" });
      // The label's reason reaches the report only as counts; the JSON carries the hostile text as a string.
      expect(JSON.stringify(d)).toContain(JSON.stringify(HOSTILE).slice(1, -1));

      // A new label is a new analysis: the cached report is not served.
      const records = failures?.records ?? 0;
      writer.saveLabel({
        run: "analysis",
        sampleKey: "scbench/shikaku/0/m/0",
        taxonomy: "scbench",
        judge: "judge-model",
        label: "evasion",
        confidence: 0.5,
        reason: "gave up",
        replies: [],
        errors: [],
        usage: { input: 0, output: 0, reasoning: 0, cached: 0 },
        costUsd: null,
        createdAt: "2026-01-02T00:00:00.000Z",
      });
      const again = await get("/api/runs/analysis/report", runReportResponse);
      const after = (again.analysis as typeof a).failures.analyses[0]?.records;
      expect(after).toBe(records + 1);

      // The static export embeds them with the run's pages.
      const page = await exportRunHtml({ db, run: "analysis", webRoot: web });
      const json = /window\.__PLUMB_DATA__ = (.*?);<\/script>/s.exec(page)?.[1] ?? "";
      expect(json).not.toContain("<");
      const data = JSON.parse(json) as Record<string, unknown>;
      expect(runReportResponse.parse(data["/api/runs/analysis/report"]).sweepPlot).not.toBeNull();
      expect(sampleDetailResponse.parse(data[path]).labels).toHaveLength(1);
    } finally {
      writer.deleteRun("analysis");
      writer.close();
    }
  });
});

describe("a `plumb run` writing the store", () => {
  it("is seen as it goes, without a restart", async () => {
    const child = startCli(
      ["run", "sparc", "--model", "random", "--count", "80", "--seed", "2", "--run", "growing"].concat([
        "--db",
        db,
        "--no-progress",
      ]),
    );
    const exit = cliExit(child);
    let ended = false;
    void exit.then(() => {
      ended = true;
    });
    const seen = new Set<number>();
    while (!ended) {
      const res = await fetch(`${server.url}/api/runs/growing/samples?limit=1`);
      if (res.status === 200) seen.add(samplesResponse.parse(await res.json()).total);
      else expect(res.status).toBe(404);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await exit).code).toBe(0);
    const detail = await get("/api/runs/growing", runDetailResponse);
    expect(detail.totals.samples).toBe(80);
    expect((await get("/api/runs/growing/report", runReportResponse)).report.samples).toBe(80);
    expect(seen.size).toBeGreaterThan(0);
  }, 30_000);
});

describe("the static export", () => {
  it("writes one page with the app inlined and the run's responses embedded", async () => {
    const page = await exportRunHtml({ db, run: "chain", webRoot: web });
    expect(page.match(/<html/g)).toHaveLength(1);
    expect(page.match(/<\/html>/g)).toHaveLength(1);
    expect(page).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i);
    expect(page).not.toMatch(/(src|href)="\.\/assets/);
    expect(page).toContain('document.title = "<\\/script><b>"');
    expect(page).toContain("<style>body { color: black }");
    const json = /window\.__PLUMB_DATA__ = (.*?);<\/script>/s.exec(page)?.[1] ?? "";
    expect(json).not.toContain("<");
    const data = JSON.parse(json) as Record<string, unknown>;
    expect(runsResponse.parse(data["/api/runs"]).runs.map((r) => r.name)).toEqual(["chain"]);
    runDetailResponse.parse(data["/api/runs/chain"]);
    runReportResponse.parse(data["/api/runs/chain/report"]);
    leaderboardResponse.parse(data["/api/leaderboard"]);
    leaderboardResponse.parse(data["/api/leaderboard?suite=chain"]);
    const list = samplesResponse.parse(data["/api/runs/chain/samples?limit=50&offset=0"]);
    for (const s of list.samples) {
      const path = `/api/runs/chain/samples/${encodeURIComponent(s.key)}`;
      sampleDetailResponse.parse(data[path]);
      episodeResponse.parse(data[`${path}/episode`]);
      sceneResponse.parse(data[`${path}/scene?which=instance`]);
      sceneResponse.parse(data[`${path}/scene?step=-1&which=step`]);
    }
    expect(data[EXPORT_KEY]).toMatchObject({ run: "chain", samples: 4, detailedSamples: 4 });
    await expect(exportRunHtml({ db, run: "nope", webRoot: web })).rejects.toThrow(/nope/);
    await expect(exportRunHtml({ db, run: "chain", webRoot: join(dir, "none") })).rejects.toThrow(
      /npm run build/,
    );
  });

  it("is `plumb report RUN --format html`", async () => {
    const out = join(dir, "sp.html");
    const argv = ["report", "sp", "--db", db, "--format", "html", "--out", out];
    const got = await runCli(argv, { env: { PLUMB_WEB_ROOT: web } });
    expect(got.code, got.stderr).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("window.__PLUMB_DATA__");
  });
});

describe("plumb view", () => {
  it("refuses a missing store", async () => {
    await expect(startViewServer({ db: join(dir, "missing.db") })).rejects.toThrow(InputError);
  });

  it("serves until SIGTERM", async () => {
    const child = startCli(["view", "--db", db, "--port", "0"]);
    const exit = cliExit(child);
    const url = await new Promise<string>((resolve, reject) => {
      let seen = "";
      child.stdout?.on("data", (d: Buffer) => {
        seen += d.toString();
        const m = /http:\/\/\S+?\//.exec(seen);
        if (m) resolve(m[0]);
      });
      child.on("close", () => reject(new Error(`plumb view ended: ${seen}`)));
    });
    const res = await fetch(`${url}api/runs`);
    expect(runsResponse.parse(await res.json()).runs.length).toBeGreaterThan(0);
    child.kill("SIGTERM");
    expect((await exit).code).toBe(0);
  }, 20_000);
});
