/**
 * The run store on SQLite beside PostgreSQL (a throwaway server on loopback, started here): saving
 * samples through group commit, reading a run as reports do, claiming samples, and the evaluation
 * pipeline end to end on each (on PostgreSQL as a shared run, its samples claimed).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import type { AnyTask, Instance } from "../src/core/task.ts";
import { Store } from "../src/store/store.ts";
import { sample } from "../src/store/testing.ts";
import { postgresAvailable, startPostgres } from "../test/support/postgres.ts";
import { benchHarness } from "./harness.ts";

type Row = [string, string, string];
const SAMPLES = 5_000;

interface Figures {
  savePerSecond: number;
  readMs: number;
  claimPerSecond: number;
}

async function measureStore(location: string): Promise<Figures> {
  const store = Store.open(location);
  try {
    const run = `store-bench-${performance.now().toFixed(0)}`;
    store.openRun(run, {});
    const records = Array.from({ length: SAMPLES }, (_, i) =>
      sample({ run, key: `k${i}`, instance: String(i) }),
    );
    let t0 = performance.now();
    await Promise.all(records.map((r) => store.save(r)));
    const savePerSecond = SAMPLES / ((performance.now() - t0) / 1000);
    t0 = performance.now();
    if (store.reportSamples(run).length !== SAMPLES) throw new Error("the bench lost samples");
    const readMs = performance.now() - t0;
    const claimRun = `${run}-claims`;
    store.openRun(claimRun, {});
    store.planClaims(
      claimRun,
      records.map((r, seq) => ({ key: r.key, seq, retry: false })),
    );
    const owner = { id: "bench", pid: process.pid, host: hostname() };
    t0 = performance.now();
    let claimed = 0;
    for (let got = 1; got > 0; claimed += got) got = store.claimSamples(claimRun, owner, 64, 60_000).length;
    const claimPerSecond = claimed / ((performance.now() - t0) / 1000);
    return { savePerSecond, readMs, claimPerSecond };
  } finally {
    store.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export async function benchStore(task: AnyTask, instances: Instance[], runs: number): Promise<Row[]> {
  if (!postgresAvailable())
    return [["store: SQLite vs PostgreSQL", "skipped", "no PostgreSQL binaries here"]];
  const server = await startPostgres();
  const dir = mkdtempSync(join(tmpdir(), "plumb-bench-store-"));
  try {
    const lite: Figures[] = [];
    const pg: Figures[] = [];
    for (let i = 0; i < runs; i++) {
      lite.push(await measureStore(join(dir, `bench-${i}.db`)));
      pg.push(await measureStore(server.url));
    }
    const m = (fs: Figures[], k: keyof Figures) => median(fs.map((f) => f[k]));
    const harnessLite: number[] = [];
    const harnessPg: number[] = [];
    for (let i = 0; i < runs; i++) {
      harnessLite.push((await benchHarness(task, instances, 2_000)).samplesPerSecond);
      harnessPg.push((await benchHarness(task, instances, 2_000, server.url)).samplesPerSecond);
    }
    return [
      [
        "store: save samples, SQLite vs PostgreSQL",
        `${m(lite, "savePerSecond").toFixed(0)} vs ${m(pg, "savePerSecond").toFixed(0)} /s`,
        `${SAMPLES} samples by group commit, durable; PostgreSQL on loopback: a sample is 3 prepared statements, sent to its thread at once`,
      ],
      [
        "store: read a run as reports do, SQLite vs PostgreSQL",
        `${m(lite, "readMs").toFixed(0)} vs ${m(pg, "readMs").toFixed(0)} ms`,
        `${SAMPLES} samples (reportSamples)`,
      ],
      [
        "store: claim samples, SQLite vs PostgreSQL",
        `${m(lite, "claimPerSecond").toFixed(0)} vs ${m(pg, "claimPerSecond").toFixed(0)} /s`,
        "64 at a time, in plan order (PostgreSQL: FOR UPDATE SKIP LOCKED)",
      ],
      [
        "harness on SQLite vs on PostgreSQL (shared run)",
        `${median(harnessLite).toFixed(0)} vs ${median(harnessPg).toFixed(0)} samples/s`,
        "fake server, concurrency 64, 2,000 samples; PostgreSQL claims its samples",
      ],
    ];
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
