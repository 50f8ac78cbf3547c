/**
 * The viewer on a large run: a store of 100,000 samples, then the requests that open the run's page
 * in `plumb view` (the runs list, the run's detail, its first samples page) over HTTP, on a fresh
 * server each round, just after it starts (goal: under a second); then how long the run's report
 * (loaded by the page apart) takes to be ready from that start, and again from the cache.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Store } from "../src/store/store.ts";
import { sample } from "../src/store/testing.ts";
import { startViewServer } from "../src/view/server.ts";

type Row = [string, string, string];

const SAMPLES = 100_000;
const MODELS = ["model-a", "model-b", "model-c", "model-d"];
const LEVELS = ["easy", "medium", "hard"];

async function buildStore(db: string): Promise<void> {
  const store = Store.open(db);
  try {
    store.openRun("big", { plumb: { version: "bench", commit: null }, tasks: {} });
    const saves: Promise<void>[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const passed = i % 3 === 0;
      saves.push(
        store.save(
          sample({
            run: "big",
            key: `k${i}`,
            instance: String(Math.floor(i / MODELS.length)),
            model: MODELS[i % MODELS.length] ?? "m",
            level: LEVELS[i % LEVELS.length] ?? null,
            passed,
            score: passed ? 1 : 0,
            failureKind: passed ? null : "wrong",
          }),
        ),
      );
    }
    await Promise.all(saves);
  } finally {
    store.close();
  }
}

/** What the run's page asks before it shows the run: its report comes apart. */
const PAGE = ["/api/runs", "/api/runs/big", "/api/runs/big/samples?limit=50&offset=0"];

async function timed(url: string, paths: readonly string[]): Promise<number> {
  const t0 = performance.now();
  for (const path of paths) {
    const res = await fetch(`${url}${path}`);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  return performance.now() - t0;
}

export async function benchView(median: (xs: number[]) => number, runs: number): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), "plumb-bench-view-"));
  try {
    const db = join(dir, "plumb.db");
    const t0 = performance.now();
    await buildStore(db);
    const built = performance.now() - t0;
    const list: number[] = [];
    const open: number[] = [];
    const report: number[] = [];
    const cached: number[] = [];
    for (let r = 0; r < Math.max(runs, 3); r++) {
      const server = await startViewServer({ db });
      try {
        // The server builds the run's report on a thread of its own from its start: meanwhile it answers.
        const started = performance.now();
        list.push(await timed(server.url, ["/api/runs"]));
        open.push(await timed(server.url, PAGE));
        await timed(server.url, ["/api/runs/big/report"]);
        report.push(performance.now() - started);
        cached.push(await timed(server.url, ["/api/runs/big/report"]));
      } finally {
        await server.close();
      }
    }
    const verdict = (ms: number) => `goal < 1000 ms${ms < 1000 ? ", met" : ", NOT met"}`;
    return [
      ["view: build a store of 100k samples", `${(built / 1000).toFixed(1)} s`, "group commit"],
      [
        "view: runs list while a 100k-sample report builds",
        `${median(list).toFixed(0)} ms`,
        "report on a worker thread",
      ],
      [
        "view: open a 100k-sample run just after start",
        `${median(open).toFixed(0)} ms`,
        verdict(median(open)),
      ],
      [
        "view: its report ready, from the server's start",
        `${median(report).toFixed(0)} ms`,
        "built once per run and server, on a thread",
      ],
      ["view: its report again", `${median(cached).toFixed(0)} ms`, "cached until the run changes"],
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
