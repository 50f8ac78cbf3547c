import { parentPort, workerData } from "node:worker_threads";
import type { PaperTable } from "../core/registry.ts";
import type { ReportGroup } from "../core/task.ts";
import { Store } from "../store/store.ts";
import { analyse } from "./analyse.ts";

/** What analysisInWorker gives the thread. */
export interface AnalyseJob {
  db: string;
  run: string;
  groups: Record<string, ReportGroup[]>;
  table: PaperTable | undefined;
}

const job = workerData as AnalyseJob;
const store = Store.open(job.db, { readonly: true });
try {
  parentPort?.postMessage(
    analyse(store.reportSamples(job.run), job.groups, job.table, {
      labels: store.labels(job.run),
      picks: store.picks(job.run),
    }),
  );
} finally {
  store.close();
}
