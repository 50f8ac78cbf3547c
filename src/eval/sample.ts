import type { Model, ModelRequest, ToolHost, Usage } from "../core/model.ts";
import { ZERO_USAGE } from "../core/model.ts";
import type { Message, PromptOptions } from "../core/task.ts";
import type { Store } from "../store/store.ts";
import type { SampleRecord, StepRecord } from "../store/types.ts";
import type { CacheMode } from "./cache-mode.ts";
import type { PlanItem } from "./plan.ts";
import type { Checker } from "./pool/index.ts";

/** What every sample of a run shares: where it is stored, how calls are cached and graded. */
export interface RunContext {
  run: string;
  store: Store;
  cache: CacheMode;
  signal: AbortSignal;
  checker: Checker;
  prompt: PromptOptions;
  judge?: { model: Model; attempts: number };
  /** What a model's usage (and its units of tool use) costs, or null when its price is unknown. */
  costOf: (model: Model, usage: Usage, toolUse?: Readonly<Record<string, number>>) => number | null;
  /** Runs the tools Plumb executes itself (models under `--tools python`). */
  toolHost?: ToolHost;
  maxResponseBytes?: number;
  /** Episode turns kept in the context; undefined: each task's own default. */
  history?: number;
  maxSteps?: number;
  envOptions?: Record<string, unknown>;
}

export interface Outcome {
  sample: SampleRecord;
  steps?: StepRecord[];
}

export function baseSample(
  item: PlanItem,
  run: string,
  startedAt: string,
): Omit<SampleRecord, "prompt" | "text" | "status"> {
  return {
    run,
    key: item.key,
    task: item.task.id,
    suite: item.task.suite,
    tags: [...item.task.tags, ...(item.task.instanceTags?.(item.instance) ?? [])],
    level: item.task.level?.(item.instance) ?? null,
    instance: item.instance.id,
    instanceHash: item.instanceHash,
    model: item.model.id,
    epoch: item.epoch,
    reasoning: null,
    answer: null,
    verdict: null,
    score: null,
    passed: null,
    failureKind: null,
    finishReason: null,
    usage: ZERO_USAGE,
    costUsd: 0,
    spentUsd: 0,
    calls: 0,
    latencyMs: 0,
    attempts: [],
    error: null,
    cached: false,
    judge: null,
    steps: null,
    optimalSteps: null,
    toolCalls: null,
    toolUse: null,
    startedAt,
    finishedAt: startedAt,
  };
}

export const promptForStore = (messages: Message[], images?: ModelRequest["images"]) => ({
  messages,
  images: (images ?? []).map((i) => i.alt),
});
