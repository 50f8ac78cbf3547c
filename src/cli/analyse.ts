import { z } from "zod";
import { fromZodError, InputError } from "../core/errors.ts";
import {
  BUILTIN_LABEL_SETS,
  type LabelSet,
  labelSetSchema,
  type TaskCard,
  taskCardSchema,
} from "../core/failure-modes.ts";
import { readJsonFile } from "../core/jsonl.ts";
import type { Model } from "../core/model.ts";
import { loadTask, taskInfos } from "../core/registry.ts";
import type { AnyTask } from "../core/task.ts";
import type { CacheMode } from "../eval/cache-mode.ts";
import { type AnalysisContext, type AnalysisSummary, analyseFailures } from "../eval/failures.ts";
import { analyseSelection } from "../eval/selection-judge.ts";
import { costOf } from "../models/prices.ts";
import { checkOptions, loadEnvFile, resolveModels } from "../models/resolve.ts";
import { buildFailureReport, formatFailureReport } from "../report/failure-modes.ts";
import { buildSelectionReport, formatSelectionReport } from "../report/selection.ts";
import { Store, storeError } from "../store/store.ts";
import { pricesFrom } from "./run.ts";

/** What both analyses take: the run, the judge and how it is called. */
export interface AnalyseFlags {
  db: string;
  judge: string;
  judgeAttempts: number;
  concurrency: number;
  cache: CacheMode;
  model: string[];
  models?: string;
  envFile?: string;
  prices?: string;
  baseUrl?: string;
  timeout: number;
  retries: number;
  format: "md" | "json" | "csv";
  maxResponseBytes?: number;
}

export interface FailureFlags extends AnalyseFlags {
  labels: string;
  cards?: string;
  threshold?: number;
}

export interface SelectionFlags extends AnalyseFlags {
  k: number;
}

/** A built-in label set by id, or one read from a JSON file. */
export function labelSetOf(name: string): LabelSet {
  const builtin = BUILTIN_LABEL_SETS.find((s) => s.id === name);
  if (builtin) return builtin;
  if (!/[./\\]/.test(name))
    throw new InputError(
      `--labels: no label set "${name}" (built in: ${BUILTIN_LABEL_SETS.map((s) => s.id).join(", ")}; or a JSON file)`,
      { field: "--labels" },
    );
  const parsed = labelSetSchema.safeParse(readJsonFile(name));
  if (!parsed.success) throw fromZodError(parsed.error).withLocation({ source: name });
  return parsed.data;
}

/** Cards by task id from a JSON file, over the tasks' own. */
export function cardsOf(path: string): Record<string, TaskCard> {
  const parsed = z.record(z.string(), taskCardSchema).safeParse(readJsonFile(path));
  if (!parsed.success) throw fromZodError(parsed.error).withLocation({ source: path });
  return parsed.data;
}

/** The judge model, resolved as `plumb run` resolves models; a built-in agent is refused. */
function judgeOf(f: AnalyseFlags): { judge: Model; prices: ReturnType<typeof pricesFrom> } {
  const env = { ...process.env, ...(f.envFile ? loadEnvFile(f.envFile) : {}) };
  const prices = pricesFrom(f.prices);
  const [judge] = resolveModels([f.judge], {
    modelsFile: f.models,
    baseURL: f.baseUrl,
    env,
    retry: { retries: f.retries, timeoutMs: f.timeout * 1000, honourRetryAfter: true },
    prices,
  });
  if (!judge) throw new InputError("give --judge PROVIDER:MODEL", { field: "--judge" });
  checkOptions(judge, judge.options ?? {});
  return { judge, prices };
}

/** The run's tasks that this Plumb knows, by id (their cards; unknown ones are judged without). */
async function tasksOf(store: Store, run: string): Promise<Map<string, AnyTask>> {
  const ids = new Set(store.sampleFacets(run).map((f) => f.task));
  const known = taskInfos().filter((i) => ids.has(i.id));
  return new Map(await Promise.all(known.map(async (i) => [i.id, await loadTask(i.id)] as const)));
}

function openRun(db: string, run: string): Store {
  const store = Store.open(db, { create: false });
  if (!store.getRun(run)) {
    const known = store
      .listRuns()
      .map((r) => r.name)
      .join(", ");
    store.close();
    throw new InputError(`no run "${run}" in ${db} (runs: ${known || "none"})`);
  }
  return store;
}

/** Runs one analysis with soft stop on the first SIGINT/SIGTERM and a hard one on the second. */
async function withSignals<T>(
  fn: (signal: AbortSignal, stopRequested: () => boolean) => Promise<T>,
): Promise<T> {
  let stop = false;
  const hard = new AbortController();
  const onSignal = () => {
    if (stop) hard.abort();
    stop = true;
    process.stderr.write("\nstopping: finishing the judge calls in flight\n");
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    return await fn(hard.signal, () => stop);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

async function analysis(
  run: string,
  f: AnalyseFlags,
  go: (ctx: AnalysisContext, store: Store) => Promise<AnalysisSummary>,
  after: (store: Store) => string,
): Promise<void> {
  try {
    const { judge, prices } = judgeOf(f);
    const store = openRun(f.db, run);
    try {
      const tasks = await tasksOf(store, run);
      const summary = await withSignals((signal, stopRequested) =>
        go(
          {
            run,
            store,
            judge,
            attempts: f.judgeAttempts,
            concurrency: f.concurrency,
            cache: f.cache,
            signal,
            stopRequested,
            costOf: (m, usage) => costOf(m, usage, prices),
            ...(f.maxResponseBytes !== undefined ? { maxResponseBytes: f.maxResponseBytes } : {}),
            tasks,
            ...(f.model.length > 0 ? { models: f.model } : {}),
          },
          store,
        ),
      );
      process.stdout.write(`${after(store)}\n`);
      process.stderr.write(`${summaryLine(summary)}\n`);
      if (summary.stopped) process.exitCode = 130;
    } finally {
      store.close();
    }
  } catch (e) {
    throw storeError(e, f.db) ?? e;
  }
}

function summaryLine(s: AnalysisSummary): string {
  const money =
    s.spentUsd === null ? "cost unknown (no price for the judge)" : `$${s.spentUsd.toFixed(4)} spent`;
  return (
    `${s.candidates} to judge: ${s.alreadyDone} already judged, ${s.readable} judged now, ` +
    `${s.unreadable} left unreadable (asked again next time); ${s.leftOut} left out (no answer to judge); ` +
    `${s.calls} judge calls, ${money}${s.stopped ? "; stopped before the end" : ""}`
  );
}

/** `plumb analyse failures RUN --judge MODEL`: SCBench's failure-mode attribution. */
export async function analyseFailuresCommand(run: string, f: FailureFlags): Promise<void> {
  const set = labelSetOf(f.labels);
  const cards = f.cards === undefined ? undefined : cardsOf(f.cards);
  await analysis(
    run,
    f,
    (ctx) =>
      analyseFailures({ ...ctx, set, threshold: f.threshold ?? set.threshold, ...(cards ? { cards } : {}) }),
    (store) =>
      formatFailureReport(
        buildFailureReport(store.reportSamples(run), store.labels(run, set.id), [set]),
        f.format,
      ),
  );
}

/** `plumb analyse selection RUN --judge MODEL`: CHAIN's selection strategies with a judge's picks. */
export async function analyseSelectionCommand(run: string, f: SelectionFlags): Promise<void> {
  if (!Number.isInteger(f.k) || f.k < 2) throw new InputError("--k must be 2 or more", { field: "--k" });
  await analysis(
    run,
    f,
    (ctx) => analyseSelection({ ...ctx, k: f.k }),
    (store) =>
      formatSelectionReport(
        buildSelectionReport(store.reportSamples(run), store.picks(run), { k: f.k }),
        f.format,
      ),
  );
}
