/**
 * The viewer in a real browser (Debian's Chromium through playwright-core), on a store made by the
 * `npm start` job, a CHAIN episode run and an A* run: runs, filters, a sample's checks and render,
 * an episode's replay, a comparison, a SPaRC puzzle played to success as the `human` model, and the
 * static HTML export opened from a file with no server; and, on a store of its own, a run with the
 * seeds' analyses (tools, failure labels, picks, a budget sweep). Screenshots go to $PLUMB_SHOTS
 * when set.
 */
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadTask } from "../src/core/registry.ts";
import type { Environment, Instance } from "../src/core/task.ts";
import { Store } from "../src/store/store.ts";
import { registerAllTasks } from "../src/suites/catalog.ts";
import { actionLabel } from "../src/view/play/episode.ts";
import { startViewServer } from "../src/view/server.ts";
import { TOOL_SAMPLE_KEY, writeAnalysisRun } from "../src/view/testing.ts";
import { launchChromium, pageErrors, webRoot } from "./support/browser.ts";
import { runCli } from "./support/cli.ts";

const SHOTS = process.env.PLUMB_SHOTS;
let dir: string;
let db: string;
let browser: Browser;
let server: { url: string; close(): Promise<void> };
let web: string;

/** The `npm start` job's arguments, as package.json gives them, on this test's store. */
function startJob(): string[] {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    scripts: { start: string };
  };
  const argv = pkg.scripts.start.split(/\s+/);
  expect(argv.slice(0, 2)).toEqual(["node", "bin/plumb.js"]);
  return [...argv.slice(2), "--db", db, "--no-progress"];
}

async function plumb(argv: string[]): Promise<void> {
  const got = await runCli(argv, { env: { PLUMB_WEB_ROOT: web } });
  expect(got.code, got.stderr).toBe(0);
}

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  return { page, errors: pageErrors(page) };
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A screenshot of one part of a page (a long page's full shot is too small to read). */
async function shotOf(page: Page, selector: string, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page
    .locator(selector)
    .first()
    .screenshot({ path: join(SHOTS, `${name}.png`) });
}

beforeAll(async () => {
  registerAllTasks();
  dir = mkdtempSync(join(tmpdir(), "plumb-browser-"));
  db = join(dir, "plumb.db");
  web = await webRoot();
  await plumb(startJob());
  for (const model of ["oracle", "random"])
    await plumb(
      ["run", "sparc", "--model", model, "--count", "40", "--seed", "1", "--run", model].concat([
        "--db",
        db,
        "--no-progress",
      ]),
    );
  await plumb(
    ["run", "chain/stacking", "--gym", "--model", "oracle", "--model", "random", "--count", "2"].concat([
      "--run",
      "chain",
      "--db",
      db,
      "--no-progress",
    ]),
  );
  [server, browser] = await Promise.all([startViewServer({ db, webRoot: web }), launchChromium()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the viewer in Chromium", () => {
  test("lists the runs, filters them, and ranks the models of a suite", async () => {
    const { page, errors } = await newPage();
    await page.goto(`${server.url}/#/`);
    await expect.poll(() => page.getByTestId("run-row").count()).toBe(4);
    await page.getByTestId("leaderboard-suite").selectOption("sparc");
    const board = page.getByTestId("leaderboard-row");
    await expect.poll(() => board.count()).toBe(4);
    await shot(page, "runs");
    await page.getByTestId("filter-model").selectOption("random");
    await expect.poll(() => page.getByTestId("run-row").count()).toBe(3);
    await page.getByTestId("filter-suite").selectOption("chain");
    await expect.poll(() => page.getByTestId("run-row").count()).toBe(1);
    expect(await page.getByTestId("run-row").getAttribute("data-run")).toBe("chain");
    expect(errors).toEqual([]);
    await page.close();
  });

  test("opens the npm start run, filters its samples, and shows a sample's checks and render", async () => {
    const { page, errors } = await newPage();
    await page.goto(`${server.url}/#/runs/start`);
    await page.getByTestId("report-table").first().waitFor();
    await expect.poll(() => page.getByTestId("sample-total").textContent()).toContain("80");
    await page.getByTestId("sample-filter-model").selectOption("random");
    await expect.poll(() => page.getByTestId("sample-total").textContent()).toContain("40");
    await shot(page, "run");
    await page.getByTestId("sample-row").first().locator("a").first().click();
    await page.getByTestId("sample-checks").waitFor();
    const failed = page.locator('[data-testid="check-row"][data-ok="false"]');
    expect(await failed.count()).toBeGreaterThan(0);
    expect(await page.getByTestId("failure-kind").textContent()).toMatch(/invalid|wrong|parse/);
    expect(await page.getByTestId("render-answer").locator("svg").count()).toBe(1);
    expect(await page.getByTestId("render-reference").locator("svg").count()).toBe(1);
    await shot(page, "sample");
    expect(errors).toEqual([]);
    await page.close();
  });

  test("replays a CHAIN episode step by step", async () => {
    const { page, errors } = await newPage();
    await page.goto(`${server.url}/#/runs/chain`);
    await page.getByTestId("sample-filter-model").selectOption("oracle");
    await expect.poll(() => page.getByTestId("sample-total").textContent()).toContain("2");
    await page.getByTestId("sample-row").first().locator("a").first().click();
    await page.getByTestId("episode-link").click();
    const index = page.getByTestId("episode-index");
    await expect.poll(() => index.textContent()).toMatch(/^0 \/ \d+$/);
    const steps = Number((await index.textContent())?.split("/")[1]);
    expect(steps).toBeGreaterThan(0);
    await page.getByTestId("step-next").click();
    await expect.poll(() => index.textContent()).toBe(`1 / ${steps}`);
    expect(await page.getByTestId("step-action").textContent()).not.toBe("");
    expect(await page.getByTestId("episode-render").locator("svg").count()).toBe(1);
    await page.keyboard.press("End");
    await page.getByTestId("step-slider").fill(String(steps));
    await expect.poll(() => index.textContent()).toBe(`${steps} / ${steps}`);
    await shot(page, "episode");
    await page.getByTestId("step-prev").click();
    await expect.poll(() => index.textContent()).toBe(`${steps - 1} / ${steps}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("compares two runs instance by instance", async () => {
    const { page, errors } = await newPage();
    await page.goto(`${server.url}/#/compare?a=random&b=oracle`);
    await page.getByTestId("compare-summary").first().waitFor();
    const res = await fetch(`${server.url}/api/compare?a=random&b=oracle`);
    const { comparison } = (await res.json()) as {
      comparison: { pairs: { modelA: string; flips: { direction: string }[] }[] };
    };
    const [pair] = comparison.pairs;
    const count = (direction: string) => String(pair?.flips.filter((f) => f.direction === direction).length);
    expect(count("gained")).not.toBe("0");
    expect(await page.getByTestId("compare-only-a").textContent()).toContain(count("lost"));
    expect(await page.getByTestId("compare-only-b").textContent()).toContain(count("gained"));
    await shot(page, "compare");
    expect(errors).toEqual([]);
    await page.close();
  });

  test("a person plays a SPaRC puzzle to success and appears in the leaderboard as human", async () => {
    const { page, errors } = await newPage();
    await page.goto(`${server.url}/#/play`);
    await page.getByTestId("play-task").selectOption("sparc");
    await page.getByTestId("play-count").fill("1");
    await page.getByTestId("play-start").click();
    await page.getByTestId("sparc-grid").waitFor();
    expect(await page.getByTestId("play-rule-checks").isChecked()).toBe(false);
    const path = await solutionOfThePuzzleInPlay();
    for (const p of path.slice(1)) {
      await page.locator(`[data-testid="sparc-node"][data-x="${p.x}"][data-y="${p.y}"]`).click();
    }
    await shot(page, "play");
    await page.getByTestId("play-submit").click();
    await expect.poll(() => page.getByTestId("play-verdict").getAttribute("data-passed")).toBe("true");
    await page.goto(`${server.url}/#/`);
    await page.getByTestId("leaderboard-suite").selectOption("sparc");
    await expect
      .poll(() => page.locator('[data-testid="leaderboard-row"][data-model="human"]').count())
      .toBe(1);
    await shot(page, "leaderboard-human");
    expect(errors).toEqual([]);
    await page.close();
  });

  test("a person stacks the pieces with the environment's own actions, in the 3D view", async () => {
    const { page, errors } = await newPage();
    await page.goto(`${server.url}/#/play`);
    await page.getByTestId("play-task").selectOption("chain/stacking");
    await page.getByTestId("play-count").fill("1");
    await page.getByTestId("play-start").click();
    await page.getByTestId("scene-view").locator("canvas").waitFor();
    const env = await environmentOfThePuzzleInPlay("chain/stacking");
    // The first action is written out as an agent writes it; the others are the environment's buttons
    // where shown (a piece's placements may be more than the page lists), else written too.
    while (!env.done) {
      const action = env.referenceAction?.();
      if (action === undefined) throw new Error("the stacking environment has no reference action");
      const button = page.getByRole("button", { name: actionLabel(action), exact: true });
      if (env.steps > 0 && (await button.count()) === 1) await button.click();
      else {
        await page.getByTestId("play-action-text").fill(actionLabel(action));
        await page.getByTestId("play-action-send").click();
      }
      env.step(action);
      await expect.poll(() => page.getByText(`Steps used: ${env.steps}/`).count()).toBeGreaterThan(0);
    }
    await expect.poll(() => page.getByTestId("play-verdict").getAttribute("data-passed")).toBe("true");
    await shot(page, "play-stacking");
    expect(errors).toEqual([]);
    await page.close();
  });

  test("the HTML export opens from a file with no server and reaches nothing outside it", async () => {
    const file = join(dir, "start.html");
    await plumb(["report", "start", "--format", "html", "--out", file, "--db", db]);
    const { page, errors } = await newPage();
    const outside: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) outside.push(r.url());
    });
    await page.goto(`${pathToFileURL(file).href}#/runs/start`);
    await page.getByTestId("report-table").first().waitFor();
    await page.getByTestId("sample-row").first().locator("a").first().click();
    await page.getByTestId("sample-checks").waitFor();
    expect(await page.getByTestId("render-answer").locator("svg").count()).toBe(1);
    await shot(page, "export");
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("the seeds' analyses in Chromium", () => {
  let analysisServer: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    const path = join(dir, "analysis.db");
    const store = Store.open(path);
    try {
      await writeAnalysisRun(store, "analysis");
    } finally {
      store.close();
    }
    analysisServer = await startViewServer({ db: path, webRoot: web });
  });

  afterAll(async () => {
    await analysisServer?.close();
  });

  test("a run's page shows its analyses and a sample's page its tool calls and labels", async () => {
    const { page, errors } = await newPage();
    await page.goto(`${analysisServer.url}/#/runs/analysis`);
    await page.getByTestId("tools-delta-table").waitFor();
    expect(await page.getByTestId("tools-delta-table").locator("tbody tr").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("tools-delta-table").textContent()).toContain("tools=python");
    expect(await page.getByTestId("failure-table").first().textContent()).toContain("m+tools=python");
    expect(await page.getByTestId("failure-shifts-table").count()).toBe(1);
    expect(await page.getByTestId("selection-table").first().textContent()).toContain("Judge Best-of-2");
    expect(await page.getByTestId("sweep-plot").locator("svg polyline").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("sweep-table").locator("tbody tr").count()).toBe(2);
    const paper = page.getByTestId("paper-tables");
    expect(await paper.getAttribute("data-mode")).toBe("tools");
    expect(await page.getByTestId("paper-buckets").locator("thead").textContent()).toContain(
      "Δ tools=python",
    );
    await shot(page, "analysis-run");
    await shotOf(page, ".analysis", "analysis-run-analyses");
    await shotOf(page, '[data-testid="paper-tables"]', "analysis-run-paper");

    await page.goto(`${analysisServer.url}/#/runs/analysis/samples/${encodeURIComponent(TOOL_SAMPLE_KEY)}`);
    await page.getByTestId("tool-call").first().waitFor();
    expect(await page.getByTestId("tool-call").count()).toBe(2);
    expect(await page.getByTestId("tool-input").first().textContent()).toContain("print(sum(range(10)))");
    // Model text is text: the markup in the output and the reason is shown, never run or rendered.
    expect(await page.getByTestId("tool-output").first().textContent()).toContain("<script>");
    expect(await page.getByTestId("tool-error").textContent()).toContain("time cap");
    expect(await page.getByTestId("label-name").first().textContent()).toBe("Near-Miss");
    expect(await page.getByTestId("sample-labels").textContent()).toContain("<img src=x");
    expect(await page.locator("main img").count()).toBe(0);
    expect(await page.evaluate("window.__pwned")).toBeUndefined();
    await shot(page, "analysis-sample");

    // The leaderboard reads the sweep's `+max-output-tokens=N` models as one model's budget curve.
    await page.goto(`${analysisServer.url}/#/`);
    await page.getByTestId("chart-budget").waitFor();
    expect(await page.getByTestId("chart-budget").locator("polyline").count()).toBe(1);
    await shotOf(page, '[data-testid="chart-budget"]', "analysis-budget");
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** The one instance of the latest play session of the task. */
function instanceInPlay(task: string): Instance {
  const store = Store.open(db, { readonly: true });
  try {
    const prefix = `human-${task.replace(/[^\w.-]+/g, "_")}-`;
    const run = store.listRuns().findLast((r) => r.name.startsWith(prefix));
    if (!run) throw new Error(`no human run of ${task} in the store`);
    const [instance] = [...store.instances(run.name).values()];
    if (!instance) throw new Error("the human run keeps no instance");
    return instance;
  } finally {
    store.close();
  }
}

/** The one puzzle of the SPaRC play session just started, solved by the task's own solver. */
async function solutionOfThePuzzleInPlay(): Promise<{ x: number; y: number }[]> {
  const task = await loadTask("sparc");
  return task.solve?.(instanceInPlay("sparc")).answers[0] as { x: number; y: number }[];
}

/** A fresh environment on the instance of the play session just started, to follow its reference plan. */
async function environmentOfThePuzzleInPlay(id: string): Promise<Environment> {
  const task = await loadTask(id);
  const env = task.env?.(instanceInPlay(id));
  if (!env) throw new Error(`${id} has no environment`);
  return env;
}
