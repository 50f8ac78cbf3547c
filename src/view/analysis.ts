import { Worker } from "node:worker_threads";
import { runPaperTable, runReportGroups } from "../eval/run-report.ts";
import type { Store } from "../store/store.ts";
import { analyse, type SampleAnalysis } from "./analyse.ts";
import type { AnalyseJob } from "./analyse-worker.ts";

export type { SuiteRows } from "./analyse.ts";

/** What the viewer shows of a whole run: built once, until a sample of the run is saved. */
export type RunAnalysis = SampleAnalysis;

/** Runs with more samples than this are analysed on a thread of their own, so the server keeps answering. */
export const WORKER_ABOVE = 5_000;

interface Cached {
  /** The store's data_version when the entry was last known good. */
  version: number;
  stamp: string;
  analysis: Promise<RunAnalysis>;
}

/** Per store connection, per run; dropped with the connection. */
const caches = new WeakMap<Store, Map<string, Cached>>();
/** The threads analysing runs for each store connection. */
const workers = new WeakMap<Store, Set<Worker>>();

function workersOf(store: Store): Set<Worker> {
  let set = workers.get(store);
  if (!set) {
    set = new Set();
    workers.set(store, set);
  }
  return set;
}

/** Stops the threads still analysing runs for this connection (before it closes): their analyses fail. */
export async function stopAnalyses(store: Store): Promise<void> {
  await Promise.all([...(workers.get(store) ?? [])].map((w) => w.terminate()));
}

/**
 * Analyses a run on a worker thread, which reads the samples on its own read-only connection: a
 * large run's report takes seconds, during which the server's thread stays free.
 */
export function analysisInWorker(job: AnalyseJob, running?: Set<Worker>): Promise<SampleAnalysis> {
  const options = { workerData: job };
  let worker: Worker;
  if (import.meta.url.endsWith(".ts")) {
    // From source, the thread runs TypeScript through tsx, as the project does everywhere else.
    const file = JSON.stringify(new URL("./analyse-worker.ts", import.meta.url).href);
    const tsx = JSON.stringify(import.meta.resolve("tsx/esm/api"));
    const boot = `import(${tsx}).then((m) => { m.register(); return import(${file}); })`;
    worker = new Worker(boot, { ...options, eval: true });
  } else worker = new Worker(new URL("./analyse-worker.js", import.meta.url), options);
  running?.add(worker);
  worker.once("exit", () => running?.delete(worker));
  return new Promise((resolve, reject) => {
    worker.once("message", (m: SampleAnalysis) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the report thread ended (exit code ${code})`)));
  });
}

async function computed(store: Store, run: string, samples: number): Promise<RunAnalysis> {
  const table = runPaperTable(
    store.getRun(run)?.config,
    store.sampleFacets(run).map((f) => f.suite),
  );
  const groups = await runReportGroups(store, run);
  return samples > WORKER_ABOVE && store.path !== ":memory:"
    ? await analysisInWorker({ db: store.path, run, groups, table }, workersOf(store))
    : analyse(store.reportSamples(run), groups, table, {
        labels: store.labels(run),
        picks: store.picks(run),
      });
}

/** The newest of the records' creation times ("" for none). */
function latest(records: readonly { createdAt: string }[]): string {
  let last = "";
  for (const r of records) if (r.createdAt > last) last = r.createdAt;
  return last;
}

/**
 * How many failure labels and judge picks the run has, and when the last was made: a new
 * `plumb analyse` (which may replace a label in place) changes the run's analyses.
 */
function judgedStamp(store: Store, run: string): string {
  const labels = store.labels(run);
  const picks = store.picks(run);
  return `${labels.length}/${latest(labels)}/${picks.length}/${latest(picks)}`;
}

/**
 * The run's report, paper table, per-suite rows and the seeds' analyses, cached per run. An entry
 * holds while the store's data_version stays (nothing was committed since); when it moves, while
 * the run's sample count and last finish time, and its labels' and picks' count and last creation
 * time, stay (another run was written). So reopening even a large run reads no sample.
 */
export function runAnalysis(store: Store, run: string): Promise<RunAnalysis> {
  let perRun = caches.get(store);
  if (!perRun) {
    perRun = new Map();
    caches.set(store, perRun);
  }
  const version = store.dataVersion();
  const hit = perRun.get(run);
  if (hit && hit.version === version) return hit.analysis;
  const { samples, lastFinishedAt } = store.sampleStamp(run);
  const stamp = [samples, lastFinishedAt ?? "", judgedStamp(store, run)].join("\u0000");
  if (hit && hit.stamp === stamp) {
    hit.version = version;
    return hit.analysis;
  }
  const analysis = computed(store, run, samples);
  perRun.set(run, { version, stamp, analysis });
  analysis.catch(() => {
    if (perRun.get(run)?.analysis === analysis) perRun.delete(run);
  });
  return analysis;
}
