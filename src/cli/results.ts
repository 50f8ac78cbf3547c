import { writeFileSync } from "node:fs";
import { InputError } from "../core/errors.ts";
import { BUILTIN_LABEL_SETS } from "../core/failure-modes.ts";
import { runPaperTable, runReportGroups } from "../eval/run-report.ts";
import { buildAnalysis, formatAnalysis, isEmptyAnalysis } from "../report/analysis.ts";
import { compareRuns, formatComparison } from "../report/compare.ts";
import { formatReport } from "../report/format.ts";
import { buildPaperReport, formatPaperReport } from "../report/paper-table.ts";
import { buildReport } from "../report/report.ts";
import { sweepSvg } from "../report/sweep.ts";
import { parseThresholds, thresholdFailures } from "../report/thresholds.ts";
import { exportSamples } from "../store/export.ts";
import { Store, storeError } from "../store/store.ts";
import { pricesFrom, writePlot } from "./run.ts";

/** Opens an existing store (never creates one) for a command; store failures become one clear line. */
function withStore<T>(db: string, fn: (store: Store) => T): T {
  try {
    const store = Store.open(db, { create: false });
    try {
      return fn(store);
    } finally {
      store.close();
    }
  } catch (e) {
    throw storeError(e, db) ?? e;
  }
}

function requireRun(store: Store, run: string): void {
  if (!store.getRun(run)) {
    const known =
      store
        .listRuns()
        .map((r) => r.name)
        .join(", ") || "none";
    throw new InputError(`no run "${run}" in ${store.path} (runs: ${known})`);
  }
}

function samplesOf(store: Store, run: string) {
  requireRun(store, run);
  return store.samples(run);
}

export async function reportCommand(
  run: string,
  o: {
    db: string;
    format: "md" | "json" | "csv";
    prices?: string;
    failUnder: string[];
    baseline?: string;
    toolsRun?: string;
    plot?: string;
  },
): Promise<void> {
  const thresholds = parseThresholds(o.failUnder);
  // Every read of the store happens before runReportGroups' first await, inside withStore.
  const groups = await withStore(o.db, (store) => {
    requireRun(store, run);
    return runReportGroups(store, run);
  });
  withStore(o.db, (store) => {
    const samples = samplesOf(store, run);
    const report = buildReport(samples, { prices: pricesFrom(o.prices), groups });
    process.stdout.write(`${formatReport(report, o.format)}\n`);
    const table = runPaperTable(
      store.getRun(run)?.config,
      samples.map((s) => s.suite),
    );
    if (o.baseline !== undefined && o.toolsRun !== undefined)
      throw new InputError("--baseline and --tools-run are two comparisons: give one", {
        field: "--tools-run",
      });
    const toolsRun = o.toolsRun === undefined ? undefined : samplesOf(store, o.toolsRun);
    if (table) {
      const baseline = o.baseline === undefined ? undefined : samplesOf(store, o.baseline);
      const paper = buildPaperReport(table, samples, {
        ...(baseline ? { baseline } : {}),
        ...(toolsRun ? { tools: toolsRun } : {}),
      });
      process.stdout.write(`\n${formatPaperReport(paper, o.format)}\n`);
    } else if (o.baseline !== undefined) {
      throw new InputError(
        `--baseline compares runs in a paper's layout; ${run} was not run on a paper's preset`,
        {
          field: "--baseline",
        },
      );
    }
    const analysis = buildAnalysis(store.reportSamples(run), {
      labels: store.labels(run),
      picks: store.picks(run),
      sets: BUILTIN_LABEL_SETS,
      ...(toolsRun ? { toolsRun } : {}),
      ...(table ? { table } : {}),
    });
    if (!isEmptyAnalysis(analysis)) process.stdout.write(`\n${formatAnalysis(analysis, o.format)}\n`);
    if (o.plot !== undefined) {
      if (!analysis.sweep)
        throw new InputError(`--plot draws a budget sweep; ${run} has no model under output-token caps`, {
          field: "--plot",
        });
      writePlot(o.plot, sweepSvg(analysis.sweep, { title: `Budget sweep: ${run}` }));
    }
    const failures = thresholdFailures(report, thresholds);
    for (const line of failures) process.stderr.write(`under threshold: ${line}\n`);
    if (failures.length > 0) process.exitCode = 1;
  });
}

export function compareCommand(a: string, b: string, o: { db: string; format: "md" | "json" }): void {
  withStore(o.db, (store) => {
    process.stdout.write(
      `${formatComparison(compareRuns(samplesOf(store, a), samplesOf(store, b)), o.format)}\n`,
    );
  });
}

export function exportCommand(run: string, o: { db: string; format: "jsonl" | "csv"; out?: string }): void {
  withStore(o.db, (store) => {
    const text = exportSamples(samplesOf(store, run), o.format, (s) => store.steps(run, s.key));
    if (o.out) writeFileSync(o.out, text);
    else process.stdout.write(text);
  });
}

/** `plumb cache clear`: forgets cached replies (all, or those older than a number of days). */
export function cacheClearCommand(o: { db: string; olderThanDays?: number }): void {
  withStore(o.db, (store) => {
    const olderThan =
      o.olderThanDays === undefined ? undefined : new Date(Date.now() - o.olderThanDays * 86_400_000);
    const removed = store.clearCache(olderThan ? { olderThan } : undefined);
    process.stderr.write(`removed ${removed} cached repl${removed === 1 ? "y" : "ies"} from ${store.path}\n`);
  });
}

export function cacheInfoCommand(o: { db: string }): void {
  withStore(o.db, (store) => {
    const { entries, bytes } = store.cacheSize();
    process.stdout.write(`${entries} cached replies, ${(bytes / 2 ** 20).toFixed(1)} MiB in ${store.path}\n`);
  });
}

export function runsCommand(o: { db: string }): void {
  withStore(o.db, (store) => {
    for (const r of store.listRuns()) {
      process.stdout.write(
        `${r.name}\t${r.status}\t${r.samples} samples, ${r.passed} passed, ${r.errors} errors\t${r.createdAt}\n`,
      );
    }
  });
}
