import { setMaxListeners } from "node:events";
import { addUsage, type Usage } from "../core/model.ts";
import { errorVerdict } from "../core/verdict.ts";
import type { SampleRecord } from "../store/types.ts";
import { runEpisode } from "./episode.ts";
import { type PlanItem, runPooled } from "./plan.ts";
import { baseSample, type Outcome, type RunContext } from "./sample.ts";
import { grade, runSingle } from "./single.ts";

export interface RunOptions extends RunContext {
  plan: PlanItem[];
  /** In-flight calls per endpoint. */
  concurrency: (group: string) => number;
  /** Re-run samples whose calls failed and judge again those a judge left unscored. */
  retryErrors: boolean;
  budgetTokens?: number;
  /** Stops new work once the money actually spent (cache hits are free) reaches it. */
  budgetUsd?: number;
  /** Soft stop: no new samples start; the ones in flight finish and are saved. */
  stopRequested: () => boolean;
  onProgress?: (p: Progress) => void;
}

export interface Progress {
  total: number;
  done: number;
  skipped: number;
  passed: number;
  /** Samples whose call failed, and samples a task error left without a verdict. */
  errors: number;
  usage: Usage;
  /** Money paid for calls made (this run, resumes included). */
  spentUsd: number;
  /** Calls made. */
  calls: number;
  inFlight: number;
}

export interface RunSummary {
  planned: number;
  skipped: number;
  answered: number;
  stoppedBy: "done" | "budget" | "interrupt";
}

/**
 * Runs the plan: every sample not yet answered in this run is asked, graded (in the checker, off
 * this thread) and saved; a sample counts as saved once its commit is durable. Concurrency is per
 * endpoint; budgets stop new work; a soft stop lets in-flight samples finish. A task that throws
 * gives that sample an `error` verdict and the run goes on; only a failure of the store itself
 * ends the run, after every sample in flight has settled.
 */
export async function runPlan(opts: RunOptions): Promise<RunSummary> {
  const { store, run } = opts;
  // Every call in flight listens to the run's signal.
  setMaxListeners(0, opts.signal);
  const status = store.sampleStatus(run);
  const unjudged = new Map<string, SampleRecord>();
  const todo = opts.plan.filter((item) => {
    const s = status.get(item.key);
    if (s === undefined) return true;
    if (!opts.retryErrors) return false;
    return s.status === "error" || s.unjudged;
  });
  if (opts.retryErrors && todo.some((item) => status.get(item.key)?.unjudged)) {
    for (const s of store.samples(run)) if (status.get(s.key)?.unjudged) unjudged.set(s.key, s);
  }
  const totals = store.totals(run);
  const progress: Progress = {
    total: opts.plan.length,
    done: opts.plan.length - todo.length,
    skipped: opts.plan.length - todo.length,
    passed: totals.passed,
    errors: totals.errors,
    usage: totals.usage,
    spentUsd: totals.spentUsd,
    calls: totals.calls,
    inFlight: 0,
  };
  let stoppedBy: RunSummary["stoppedBy"] = "done";
  const overBudget = () =>
    (opts.budgetTokens !== undefined && progress.usage.input + progress.usage.output >= opts.budgetTokens) ||
    (opts.budgetUsd !== undefined && progress.spentUsd >= opts.budgetUsd);
  const shouldStop = () => {
    if (opts.signal.aborted || opts.stopRequested()) {
      stoppedBy = "interrupt";
      return true;
    }
    if (overBudget()) {
      stoppedBy = "budget";
      return true;
    }
    return false;
  };
  opts.onProgress?.(progress);
  let answered = 0;
  // Saves are committed in groups; a sample leaves its concurrency slot as soon as it is queued,
  // and counts as done only once its commit is durable.
  const saving = new Set<Promise<void>>();
  let saveFailure: { error: unknown } | null = null;
  const onSaved = (sample: SampleRecord, previous: SampleRecord | undefined) => {
    answered++;
    progress.done++;
    if (sample.passed) progress.passed++;
    if (sample.status === "error" || sample.failureKind === "error") progress.errors++;
    // A re-judged sample's answer was paid for when it was first saved.
    if (!previous) progress.usage = addUsage(progress.usage, sample.usage);
    progress.spentUsd += (sample.spentUsd ?? 0) - (previous?.spentUsd ?? 0);
    progress.calls += sample.calls - (previous?.calls ?? 0);
    opts.onProgress?.(progress);
  };
  await runPooled(
    todo,
    (item) => item.model.provider,
    opts.concurrency,
    async (item) => {
      progress.inFlight++;
      opts.onProgress?.(progress);
      const previous = unjudged.get(item.key);
      const outcome = await sampleOf(item, opts, previous).finally(() => {
        progress.inFlight--;
      });
      if (outcome === null) return; // abandoned by a hard stop
      const { sample, steps } = outcome;
      const saved: Promise<void> = store.save(sample, steps).then(
        () => onSaved(sample, previous),
        (error: unknown) => {
          saveFailure ??= { error };
        },
      );
      saving.add(saved);
      void saved.finally(() => saving.delete(saved));
      // Backpressure: a disk slower than the models must not let queued samples pile up.
      if (saving.size >= MAX_UNSAVED) await Promise.race(saving);
    },
    () => saveFailure !== null || shouldStop(),
  );
  await Promise.all(saving);
  if (saveFailure !== null) throw (saveFailure as { error: unknown }).error;
  return { planned: opts.plan.length, skipped: progress.skipped, answered, stoppedBy };
}

/** Samples waiting for their commit before new ones wait for them. */
const MAX_UNSAVED = 1024;

/** The sample for one plan item; anything the task throws becomes that sample's `error` verdict. */
async function sampleOf(item: PlanItem, ctx: RunContext, unjudged?: SampleRecord): Promise<Outcome | null> {
  const startedAt = new Date().toISOString();
  try {
    if (unjudged) return await grade(item, unjudged, ctx);
    return item.episode ? await runEpisode(item, ctx) : await runSingle(item, ctx);
  } catch (e) {
    if (ctx.signal.aborted) return null;
    const verdict = errorVerdict(item.episode ? "the episode" : "posing or grading the sample", e);
    return {
      sample: {
        ...baseSample(item, ctx.run, startedAt),
        status: "ok",
        prompt: null,
        text: null,
        verdict,
        score: verdict.score,
        passed: false,
        failureKind: "error",
        finishedAt: new Date().toISOString(),
      },
    };
  }
}
