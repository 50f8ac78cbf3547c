import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ZodType, z } from "zod";
import { clickTo, move, undo } from "../../web/src/play/line.ts";
import { loadTask } from "../core/registry.ts";
import type { AnyTask, Environment, Instance } from "../core/task.ts";
import { Store } from "../store/store.ts";
import { registerAllTasks } from "../suites/catalog.ts";
import { runReportResponse, runsResponse } from "./api.ts";
import { LiveInstances } from "./play/live.ts";
import {
  answerResponse,
  checkResponse,
  type LinePuzzle,
  type PointJson,
  playInstanceResponse,
  playTasksResponse,
  pointSchema,
  sessionResponse,
  stepResponse,
} from "./play-api.ts";
import { startViewServer, type ViewServer } from "./server.ts";

const pathSchema = z.array(pointSchema);

let dir: string;
let server: ViewServer;
let sparc: AnyTask;
let stacking: AnyTask;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "plumb-play-"));
  Store.open(join(dir, "plumb.db")).close();
  server = await startViewServer({ db: join(dir, "plumb.db"), port: 0 });
  registerAllTasks();
  sparc = await loadTask("sparc");
  stacking = await loadTask("chain/stacking");
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(method: "GET" | "POST", path: string, body?: unknown, raw?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function ok<T>(schema: ZodType<T>, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const got = await call(method, path, body);
  expect(got.status, JSON.stringify(got.body)).toBe(200);
  return schema.parse(got.body);
}

const enc = encodeURIComponent;
const instancePath = (run: string, hash: string) => `/api/play/sessions/${enc(run)}/instances/${enc(hash)}`;

/** The instance the server plays, read back from the store as the run keeps it. */
function storedInstance(run: string, hash: string) {
  const store = Store.open(join(dir, "plumb.db"), { readonly: true });
  try {
    const inst = store.instance(run, hash);
    if (!inst) throw new Error(`no instance ${hash}`);
    return inst;
  } finally {
    store.close();
  }
}

/** The SPaRC solver's line for an instance. */
function solution(inst: Instance): PointJson[] {
  return pathSchema.parse(sparc.solve?.(inst).answers[0]);
}

describe("play mode", () => {
  it("lists the playable tasks with how each is played, leaving out judged ones", async () => {
    const { tasks } = await ok(playTasksResponse, "GET", "/api/play/tasks");
    const mode = (id: string) => tasks.find((t) => t.id === id)?.mode;
    expect(mode("sparc")).toBe("line");
    expect(mode("chain/stacking")).toBe("episode");
    expect(mode("chain/burr")).toBe("episode");
    expect(mode("scbench/shikaku")).toBe("text");
    expect(tasks.some((t) => t.suite === "combench")).toBe(false);
    expect(tasks.find((t) => t.id === "sparc")?.levels).toContain("difficulty-1");
  });

  it("plays SPaRC: a solved line passes, garbage is feedback only, a wrong line is stored failed", async () => {
    const session = await ok(sessionResponse, "POST", "/api/play/sessions", {
      task: "sparc",
      level: "difficulty-1",
      count: 3,
      player: "tester",
    });
    expect(session.run).toMatch(/^human-sparc-\d{8}T\d{6}(-\d+)?$/);
    expect(session.mode).toBe("line");
    expect(session.instances).toHaveLength(3);
    expect(session.next).toBe(session.instances[0]?.hash);

    // Solve the first with the task's own solver.
    const first = session.instances[0]?.hash as string;
    const shown = await ok(playInstanceResponse, "GET", instancePath(session.run, first));
    expect(shown.line?.cols).toBeGreaterThan(2);
    expect(shown.render?.svg).toContain("<svg");
    expect(shown.state.done).toBe(false);
    const inst = storedInstance(session.run, first);
    const path = solution(inst);
    expect(shown.line?.start).toEqual(path[0]);
    const check = await ok(checkResponse, "POST", `${instancePath(session.run, first)}/check`, { path });
    expect(check.verdict?.passed).toBe(true);
    const solved = await ok(answerResponse, "POST", `${instancePath(session.run, first)}/answer`, {
      path,
      clientMs: 1234,
    });
    expect(solved.verdict?.passed).toBe(true);
    expect(solved.stored).toBe(true);
    expect(solved.state.done).toBe(true);

    // Garbage: the parser's feedback, an attempt, nothing stored.
    const second = session.instances[1]?.hash as string;
    await ok(playInstanceResponse, "GET", instancePath(session.run, second));
    const garbage = await ok(answerResponse, "POST", `${instancePath(session.run, second)}/answer`, {
      text: "no idea",
    });
    expect(garbage.feedback).toBeTruthy();
    expect(garbage.stored).toBe(false);
    expect(garbage.state).toMatchObject({ done: false, attempts: 1, triesLeft: 1 });

    // A wrong line: stored, failed; the first verdict stands.
    const wrongPath = solution(storedInstance(session.run, second)).slice(0, 1);
    const wrong = await ok(answerResponse, "POST", `${instancePath(session.run, second)}/answer`, {
      path: wrongPath,
    });
    expect(wrong.stored).toBe(true);
    expect(wrong.verdict?.passed).toBe(false);
    expect(wrong.state).toMatchObject({ done: true, passed: false, attempts: 2 });
    const again = await call("POST", `${instancePath(session.run, second)}/answer`, { path: wrongPath });
    expect(again.status).toBe(400);

    const after = await ok(sessionResponse, "GET", `/api/play/sessions/${enc(session.run)}`);
    expect(after).toMatchObject({ done: 2, passed: 1, next: session.instances[2]?.hash });

    // The human run is a run like any other, and its report tells the player's time.
    const { runs } = await ok(runsResponse, "GET", "/api/runs");
    const run = runs.find((r) => r.name === session.run);
    expect(run).toMatchObject({ models: ["human"], samples: 2, passed: 1, tasks: ["sparc"] });
    const detail = await ok(runReportResponse, "GET", `/api/runs/${enc(session.run)}/report`);
    const rows = (
      detail.report as { rows: { model: string; group: string; medianLatencyMs: number | null }[] }
    ).rows;
    expect(rows[0]?.model).toBe("human");
    expect(rows[0]?.medianLatencyMs).toBeGreaterThanOrEqual(0);

    const store = Store.open(join(dir, "plumb.db"), { readonly: true });
    try {
      const samples = store.samples(session.run);
      expect(samples.map((s) => s.model)).toEqual(["human", "human"]);
      const passed = samples.find((s) => s.passed === true);
      expect(passed?.text).toBe(sparc.formatAnswer?.(path, inst));
      expect(passed?.prompt).toMatchObject({
        play: { player: "tester", clientLatencyMs: 1234, ruleChecks: 1 },
      });
      const failed = samples.find((s) => s.passed === false);
      expect(failed?.attempts.map((a) => a.error?.split(":")[0])).toEqual(["unreadable", "wrong"]);
      const note = failed?.prompt as { play?: { submitted?: string[] } } | undefined;
      const submitted = note?.play?.submitted;
      expect(submitted).toEqual(["no idea", failed?.text]);
    } finally {
      store.close();
    }
  });

  it("replaces a wrong answer with a later one when the session allows retries, and stores give-ups", async () => {
    const session = await ok(sessionResponse, "POST", "/api/play/sessions", {
      task: "sparc",
      level: "difficulty-1",
      count: 2,
      retries: 1,
      run: "human-sparc-retries",
    });
    const hash = session.instances[0]?.hash as string;
    const inst = storedInstance(session.run, hash);
    const path = solution(inst);
    const wrong = await ok(answerResponse, "POST", `${instancePath(session.run, hash)}/answer`, {
      path: path.slice(0, 1),
    });
    expect(wrong.state).toMatchObject({ done: false, passed: false, triesLeft: 1 });
    const right = await ok(answerResponse, "POST", `${instancePath(session.run, hash)}/answer`, { path });
    expect(right.state).toMatchObject({ done: true, passed: true });

    const other = session.instances[1]?.hash as string;
    const gaveUp = await ok(answerResponse, "POST", `${instancePath(session.run, other)}/give-up`, {});
    expect(gaveUp.state).toMatchObject({ done: true, passed: false });
    const resumed = await ok(sessionResponse, "POST", "/api/play/sessions", { run: "human-sparc-retries" });
    expect(resumed).toMatchObject({ done: 2, passed: 1, next: null, retries: 1 });
  });

  it("plays a text task: the parser's feedback, then the task's own answer passes", async () => {
    const session = await ok(sessionResponse, "POST", "/api/play/sessions", {
      task: "scbench/shikaku",
      count: 1,
    });
    expect(session.mode).toBe("text");
    const hash = session.instances[0]?.hash as string;
    const shown = await ok(playInstanceResponse, "GET", instancePath(session.run, hash));
    expect(shown.prompt.text).toContain("Shikaku");
    const unreadable = await ok(answerResponse, "POST", `${instancePath(session.run, hash)}/answer`, {
      text: "no idea",
    });
    expect(unreadable).toMatchObject({ stored: false, verdict: null });
    expect(unreadable.feedback).toBeTruthy();
    expect((await call("POST", `${instancePath(session.run, hash)}/check`, { text: "[]" })).status).toBe(400);
    const task = await loadTask("scbench/shikaku");
    const inst = storedInstance(session.run, hash);
    const text = task.formatAnswer?.(task.solve?.(inst).answers[0], inst) as string;
    const solved = await ok(answerResponse, "POST", `${instancePath(session.run, hash)}/answer`, { text });
    expect(solved).toMatchObject({
      stored: true,
      feedback: null,
      state: { done: true, passed: true, attempts: 2 },
    });
  });

  it("plays a stacking episode to success with the environment's reference actions", async () => {
    const session = await ok(sessionResponse, "POST", "/api/play/sessions", {
      task: "chain/stacking",
      level: "2x2x2-easy",
      count: 1,
    });
    expect(session.mode).toBe("episode");
    const hash = session.instances[0]?.hash as string;
    const shown = await ok(playInstanceResponse, "GET", instancePath(session.run, hash));
    expect(shown.episode?.legal.length).toBeGreaterThan(0);
    expect(shown.episode?.observation).toBeTruthy();
    // A twin of the server's environment tells the reference action at each state.
    const twin = stacking.env?.(storedInstance(session.run, hash), {}) as Environment;
    let last = null as Awaited<ReturnType<typeof ok<ReturnType<typeof stepResponse.parse>>>> | null;
    for (let i = 0; i < 50 && !twin.done; i++) {
      const action = twin.referenceAction?.();
      twin.step(action);
      last = await ok(stepResponse, "POST", `${instancePath(session.run, hash)}/step`, { action });
      expect(last.invalid).toBeNull();
    }
    expect(last?.episode.success).toBe(true);
    expect(last?.stored).toBe(true);
    expect(last?.state).toMatchObject({ done: true, passed: true });
    const store = Store.open(join(dir, "plumb.db"), { readonly: true });
    try {
      const [sample] = store.samples(session.run);
      expect(sample).toMatchObject({ model: "human", passed: true, steps: twin.steps });
      expect(store.steps(session.run, sample?.key as string)).toHaveLength(twin.steps);
    } finally {
      store.close();
    }
    const over = await call("POST", `${instancePath(session.run, hash)}/step`, {
      action: { action: "finish" },
    });
    expect(over.status).toBe(400);
  });

  it("refuses hostile or wrong requests with clear errors", async () => {
    const session = await ok(sessionResponse, "POST", "/api/play/sessions", { task: "sparc", count: 1 });
    const at = instancePath(session.run, session.instances[0]?.hash as string);
    const cases: [string, string, unknown, number][] = [
      ["POST", "/api/play/sessions", { task: "no/such-task" }, 404],
      ["POST", "/api/play/sessions", { task: "sparc", count: 51 }, 400],
      ["POST", "/api/play/sessions", { task: "sparc", extra: 1 }, 400],
      ["POST", "/api/play/sessions", JSON.parse('{"task":"sparc","__proto__":{"count":1}}'), 400],
      ["POST", "/api/play/sessions", { task: "sparc", level: "nope" }, 400],
      ["POST", "/api/play/sessions", { task: "sparc", run: "../x" }, 400],
      ["POST", "/api/play/sessions", { task: "sparc", run: session.run }, 200],
      ["POST", "/api/play/sessions", "a string", 400],
      ["GET", "/api/play/sessions/nope", undefined, 404],
      ["GET", `/api/play/sessions/${enc(session.run)}/instances/nope`, undefined, 404],
      ["POST", `${at}/answer`, { path: "x" }, 400],
      ["POST", `${at}/answer`, { path: [{ x: 0.5, y: 0 }] }, 400],
      ["POST", `${at}/answer`, { path: Array.from({ length: 10_001 }, () => ({ x: 0, y: 0 })) }, 400],
      ["POST", `${at}/answer`, { text: "x".repeat(200_001) }, 400],
      ["POST", `${at}/answer`, { clientMs: -1 }, 400],
      ["POST", `${at}/step`, { action: "x" }, 400],
      ["POST", `${at}/check`, { extra: true }, 400],
    ];
    for (const [method, path, body, status] of cases) {
      const got = await call(method as "GET" | "POST", path, body);
      expect(got.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`).toBe(status);
      expect(got.body).toHaveProperty(status === 200 ? "run" : "error");
    }
    const notJson = await call("POST", "/api/play/sessions", undefined, "{nope");
    expect(notJson.status).toBe(400);
    // An existing run that is not a play run cannot be played.
    const store = Store.open(join(dir, "plumb.db"));
    store.openRun("model-run", { plumb: { version: "0", commit: null }, tasks: {} });
    store.close();
    expect((await call("GET", "/api/play/sessions/model-run")).status).toBe(404);
  });
});

describe("drawing a SPaRC line (the page's logic)", () => {
  // 2×2 cells: positions 0..4 both ways; S at the bottom-left vertex, E at the top-right one.
  const grid: LinePuzzle = {
    cols: 5,
    rows: 5,
    start: { x: 0, y: 4 },
    end: { x: 4, y: 0 },
    gaps: [],
    dots: [],
    symbols: [],
  };
  const pts = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));

  it("extends the line straight to a clicked point and steps back to a point of the line", () => {
    const up = clickTo(pts([0, 4]), { x: 0, y: 0 }, grid);
    expect(up).toEqual(pts([0, 4], [0, 3], [0, 2], [0, 1], [0, 0]));
    expect(clickTo(up, { x: 2, y: 2 }, grid)).toEqual(up); // not in line with the end
    expect(clickTo(up, { x: 0, y: 2 }, grid)).toEqual(pts([0, 4], [0, 3], [0, 2]));
    expect(
      clickTo(pts([0, 4], [1, 4], [2, 4], [2, 3], [2, 2], [1, 2], [0, 2]), { x: 0, y: 4 }, grid),
    ).toEqual(pts([0, 4]));
    expect(clickTo(pts([1, 2]), { x: 1, y: 0 }, grid)).toEqual(pts([1, 2])); // through the rule cell (1, 1)
  });

  it("moves vertex to vertex by key, backs up over the line, and undoes to the previous vertex", () => {
    let path = move(pts([0, 4]), "up", grid);
    expect(path).toEqual(pts([0, 4], [0, 3], [0, 2]));
    path = move(path, "right", grid);
    expect(path.at(-1)).toEqual({ x: 2, y: 2 });
    expect(move(path, "left", grid)).toEqual(pts([0, 4], [0, 3], [0, 2]));
    expect(move(pts([0, 4]), "left", grid)).toEqual(pts([0, 4])); // off the grid
    expect(undo(path)).toEqual(pts([0, 4], [0, 3], [0, 2]));
    expect(undo(pts([0, 4]))).toEqual(pts([0, 4]));
  });
});

describe("the instances being played", () => {
  it("are bounded, least recently used out first, and forgotten when idle", () => {
    let now = 0;
    const live = new LiveInstances(2, 1_000, () => now);
    live.get("db", "run", "a").checks = 5;
    live.get("db", "run", "b");
    live.get("db", "run", "a");
    live.get("db", "run", "c"); // b goes
    expect(live.get("db", "run", "a").checks).toBe(5);
    now = 5_000;
    expect(live.get("db", "run", "a")).toMatchObject({ checks: 0, firstShownMs: 5_000 });
  });
});
