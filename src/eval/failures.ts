import type { LabelSet, TaskCard } from "../core/failure-modes.ts";
import type { Model, Usage } from "../core/model.ts";
import type { AnyTask, Instance } from "../core/task.ts";
import type { Store } from "../store/store.ts";
import type { SampleRecord } from "../store/types.ts";
import { isAgentModel } from "./agents.ts";
import type { CacheMode } from "./cache-mode.ts";
import { failurePrompt, readFailureLabel } from "./failure-judge.ts";
import { askUntilReadable, type JudgeWork } from "./judge-loop.ts";
import { runPooled } from "./plan.ts";

/** Failure-label calls are cached apart from answers, episode turns and grades by their step number. */
const LABEL_STEP = -2000;

export interface AnalysisContext {
  run: string;
  store: Store;
  judge: Model;
  /** Judge replies read before one counts as unreadable. */
  attempts: number;
  /** Judge calls in flight. */
  concurrency: number;
  cache: CacheMode;
  signal: AbortSignal;
  costOf: (model: Model, usage: Usage) => number | null;
  maxResponseBytes?: number;
  /** The run's tasks by id (their cards; the judge's requests are about their instances). */
  tasks: ReadonlyMap<string, AnyTask>;
  /** Only these models' samples (all when absent). */
  models?: readonly string[];
  stopRequested?: () => boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface FailureOptions extends AnalysisContext {
  set: LabelSet;
  /** Samples scoring below this are labelled. */
  threshold: number;
  /** Cards over the tasks' own, by task id. */
  cards?: Readonly<Record<string, TaskCard>>;
}

export interface AnalysisSummary {
  /** What was to be judged, and what of it already had a readable result from this judge. */
  candidates: number;
  alreadyDone: number;
  /** Judged now: with a readable result, and without one (asked again next time). */
  readable: number;
  unreadable: number;
  /** Left out: failed calls and Plumb's own errors have no attempt to judge. */
  leftOut: number;
  calls: number;
  spentUsd: number | null;
  stopped: boolean;
}

/** The instance a stored sample was asked about (a stand-in for runs that kept none). */
export function storedInstance(store: Store, run: string, s: SampleRecord): Instance {
  const kept = s.instanceHash === null ? undefined : store.instance(run, s.instanceHash);
  return kept ?? { id: s.instance, task: s.task, params: null, seed: null, data: null };
}

export function checkJudge(judge: Model): void {
  if (isAgentModel(judge) || judge.local)
    throw new Error(`${judge.id} is a built-in agent; a judge must be a model`);
}

/**
 * SCBench's failure-mode attribution: every answered sample of the run below the threshold is
 * shown, with its task's card, to a judge that gives exactly one label of the set, a confidence and
 * a one-line reason (read strictly, asked again up to `attempts` times). Each result is stored at
 * once; a rerun skips samples this judge has already labelled and asks again about unreadable ones.
 */
export async function analyseFailures(o: FailureOptions): Promise<AnalysisSummary> {
  checkJudge(o.judge);
  const done = new Set(
    o.store
      .labels(o.run, o.set.id)
      .filter((l) => l.judge === o.judge.id && l.label !== null)
      .map((l) => l.sampleKey),
  );
  const wanted = o.store
    .samples(o.run)
    .filter((s) => (o.models === undefined || o.models.includes(s.model)) && (s.score ?? 0) < o.threshold);
  const judgeable = wanted.filter((s) => s.status === "ok" && s.failureKind !== "error");
  const todo = judgeable.filter((s) => !done.has(s.key));
  const tally = { candidates: judgeable.length, alreadyDone: judgeable.length - todo.length };
  return judgeEach(o, todo, { ...tally, leftOut: wanted.length - judgeable.length }, async (s) => {
    const task = o.tasks.get(s.task);
    const card = o.cards?.[s.task] ?? task?.card;
    const steps = s.steps === null ? [] : o.store.steps(o.run, s.key);
    const prompt = failurePrompt(o.set, card, s, steps);
    const work = await askUntilReadable(o, {
      model: o.judge,
      request: { messages: prompt.messages, outputSchema: prompt.outputSchema, ...o.judge.options },
      read: (t) => readFailureLabel(t, o.set),
      what: "the label",
      attempts: o.attempts,
      step: LABEL_STEP,
      turn: { task: task as AnyTask, instance: storedInstance(o.store, o.run, s), epoch: s.epoch },
      maxResponseBytes: o.maxResponseBytes,
      costOf: o.costOf,
    });
    if (work !== null)
      o.store.saveLabel({
        run: o.run,
        sampleKey: s.key,
        taxonomy: o.set.id,
        judge: o.judge.id,
        label: work.value?.label ?? null,
        confidence: work.value?.confidence ?? null,
        reason: work.value?.reason ?? null,
        replies: work.replies,
        errors: work.errors,
        usage: work.usage,
        costUsd: work.costUsd,
        createdAt: new Date().toISOString(),
      });
    return work;
  });
}

/**
 * Judges each item (`judge` asks and stores; null: abandoned by a hard stop), at most
 * `concurrency` at a time, stopping softly on request, and tallies what came of it.
 */
export async function judgeEach<T>(
  o: AnalysisContext,
  todo: readonly T[],
  tally: Pick<AnalysisSummary, "candidates" | "alreadyDone" | "leftOut">,
  judge: (item: T) => Promise<JudgeWork<unknown> | null>,
): Promise<AnalysisSummary> {
  const summary: AnalysisSummary = {
    ...tally,
    readable: 0,
    unreadable: 0,
    calls: 0,
    spentUsd: 0,
    stopped: false,
  };
  let finished = 0;
  o.onProgress?.(0, todo.length);
  await runPooled(
    todo,
    () => o.judge.provider,
    () => o.concurrency,
    async (item) => {
      const work = await judge(item);
      if (work === null) return;
      if (work.value === null) summary.unreadable++;
      else summary.readable++;
      summary.calls += work.calls;
      summary.spentUsd =
        summary.spentUsd === null || work.spentUsd === null ? null : summary.spentUsd + work.spentUsd;
      o.onProgress?.(++finished, todo.length);
    },
    () => {
      const stop = o.signal.aborted || o.stopRequested?.() === true;
      if (stop) summary.stopped = true;
      return stop;
    },
  );
  await o.store.flush();
  return summary;
}
