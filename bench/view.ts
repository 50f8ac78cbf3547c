/**
 * The viewer on a large run: a store of 100,000 samples, then the requests that open the run in
 * `plumb view` (the runs list, the run's report, its first samples page) over HTTP, on a fresh
 * server each round (cold: the report is built from the samples) and again on the same server
 * (warm: the report comes from the cache). Goal: under a second.
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

async function openRun(url: string): Promise<number> {
  const t0 = performance.now();
  for (const path of ["/api/runs", "/api/runs/big", "/api/runs/big/samples?limit=50&offset=0"]) {
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
    const cold: number[] = [];
    const warm: number[] = [];
    for (let r = 0; r < Math.max(runs, 3); r++) {
      const server = await startViewServer({ db });
      try {
        // The server builds the run's report on a thread of its own from its start: meanwhile it answers.
        const t1 = performance.now();
        await (await fetch(`${server.url}/api/runs`)).arrayBuffer();
        list.push(performance.now() - t1);
        cold.push(await openRun(server.url));
        warm.push(await openRun(server.url));
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
        `${median(cold).toFixed(0)} ms`,
        "waits for the report being built (once per run and server)",
      ],
      ["view: open a 100k-sample run", `${median(warm).toFixed(0)} ms`, verdict(median(warm))],
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
