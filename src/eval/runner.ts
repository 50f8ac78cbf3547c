import { setMaxListeners } from "node:events";
import { addUsage, type Usage } from "../core/model.ts";
import { errorVerdict } from "../core/verdict.ts";
import type { SampleRecord } from "../store/types.ts";
import type { SampleClaims } from "./claim.ts";
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
  /**
   * A run shared with other processes: the samples this one asks are those it claims, a few at a
   * time, until none is left open; when the others hold all that is left, it waits for them to
   * save those or to die (their claims lapse, and it takes them).
   */
  claims?: SampleClaims;
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
  const work = async (item: PlanItem) => {
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
  };
  const halted = () => saveFailure !== null || shouldStop();
  const group = (item: PlanItem) => item.model.provider;
  if (opts.claims) {
    await runClaimed(opts.claims, {
      plan: opts.plan,
      todo,
      retried: (key) => status.has(key),
      batch: sumOfLimits(opts.plan, group, opts.concurrency),
      answer: (items) => runPooled(items, group, opts.concurrency, work, halted),
      halted,
      // What this process saved is committed before it asks what is left, so it is not counted open.
      settled: () => Promise.all(saving).then(() => undefined),
      openLeft: (open) => {
        progress.done = Math.max(progress.done, progress.total - open);
        opts.onProgress?.(progress);
      },
    });
  } else await runPooled(todo, group, opts.concurrency, work, halted);
  await Promise.all(saving);
  if (saveFailure !== null) throw (saveFailure as { error: unknown }).error;
  return { planned: opts.plan.length, skipped: progress.skipped, answered, stoppedBy };
}

/** How long a process with nothing to claim waits before asking again (others hold what is left). */
const CLAIM_POLL_MS = 500;

/** Samples claimed at once: as many as can be in flight, so that no claim waits long for a slot. */
function sumOfLimits(
  items: PlanItem[],
  group: (i: PlanItem) => string,
  limit: (g: string) => number,
): number {
  let sum = 0;
  for (const g of new Set(items.map(group))) sum += Math.max(1, limit(g));
  return Math.max(1, sum);
}

interface ClaimedWork {
  plan: PlanItem[];
  todo: PlanItem[];
  /** The key has a sample already (a failed call or an unjudged sample, asked again). */
  retried: (key: string) => boolean;
  batch: number;
  answer: (items: PlanItem[]) => Promise<void>;
  halted: () => boolean;
  settled: () => Promise<void>;
  openLeft: (open: number) => void;
}

/**
 * A shared run: puts this process's open samples in the run's claims, then claims and answers
 * them a batch at a time until the run has none open, or the run stops.
 */
async function runClaimed(claims: SampleClaims, w: ClaimedWork): Promise<void> {
  const seq = new Map(w.plan.map((item, i) => [item.key, i]));
  claims.plan(
    w.todo.map((item) => ({ key: item.key, seq: seq.get(item.key) ?? 0, retry: w.retried(item.key) })),
  );
  const byKey = new Map(w.plan.map((item) => [item.key, item]));
  while (!w.halted()) {
    const keys = claims.take(w.batch);
    if (keys.length > 0) {
      // A run resumed only with the same spec, so every process has the same plan: every key is in it.
      await w.answer(keys.flatMap((k) => byKey.get(k) ?? []));
      continue;
    }
    await w.settled();
    const { open, free } = claims.left();
    w.openLeft(open);
    if (open === 0) return;
    if (free === 0) await new Promise((r) => setTimeout(r, CLAIM_POLL_MS));
  }
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
