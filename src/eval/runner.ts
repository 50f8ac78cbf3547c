import { setMaxListeners } from "node:events";
import { stableId } from "../core/canonical.ts";
import { gradeResponse, readAction, readSafely, stepSafely } from "../core/grade.ts";
import {
  type Attempt,
  addUsage,
  type Model,
  ModelCallError,
  type ModelRequest,
  type ModelResponse,
  type Usage,
  ZERO_USAGE,
} from "../core/model.ts";
import type { Message, PromptOptions } from "../core/task.ts";
import { isParseFailure, type Verdict } from "../core/verdict.ts";
import { costOf, type PriceTable } from "../report/prices.ts";
import type { Store } from "../store/store.ts";
import type { JudgeRecord, SampleRecord, StepRecord } from "../store/types.ts";
import { type PlanItem, runPooled } from "./plan.ts";

export interface GenerationOptions {
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  reasoningEffort?: ModelRequest["reasoningEffort"];
  thinkingBudget?: number;
}

export interface RunOptions {
  run: string;
  store: Store;
  plan: PlanItem[];
  /** In-flight calls per provider. */
  concurrency: number;
  generation: GenerationOptions;
  prompt: PromptOptions;
  /** Re-run samples whose calls failed (otherwise a resumed run leaves them as they are). */
  retryErrors: boolean;
  budgetTokens?: number;
  budgetUsd?: number;
  prices: PriceTable;
  /** Episodes: the turns of history sent with each step, and the step cap. */
  history: number;
  maxSteps?: number;
  /** The judge model for tasks graded by one, and how many times to ask before leaving a sample unscored. */
  judge?: { model: Model; attempts: number };
  /** Environment options passed to `task.env`. */
  envOptions?: Record<string, unknown>;
  /** Replies longer than this (UTF-8 bytes) are not read (default DEFAULT_MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number;
  /** Soft stop: no new samples start; the ones in flight finish and are saved. */
  stopRequested: () => boolean;
  /** Hard stop: in-flight calls are abandoned (they are not saved). */
  signal: AbortSignal;
  onProgress?: (p: Progress) => void;
}

export interface Progress {
  total: number;
  done: number;
  skipped: number;
  passed: number;
  errors: number;
  usage: Usage;
  costUsd: number;
  inFlight: number;
}

export interface RunSummary {
  planned: number;
  skipped: number;
  answered: number;
  stoppedBy: "done" | "budget" | "interrupt";
}

/** The response cache key: who was asked what, with which options, in which epoch. */
export function cacheKey(model: Model, req: ModelRequest, epoch: number, step = -1): string {
  const { context: _context, images, ...rest } = req;
  const imageDigest = (images ?? []).map((i) => stableId(Buffer.from(i.data).toString("base64")));
  return stableId(
    model.provider,
    model.baseURL ?? null,
    model.id,
    { ...rest, images: imageDigest },
    epoch,
    step,
  );
}

/**
 * Runs the plan: every sample not yet answered in this run is asked, parsed, verified and
 * saved at once. Concurrency is per provider; calls already made (in any run) come from the
 * response cache; budgets stop new work; a soft stop lets in-flight samples finish.
 */
export async function runPlan(opts: RunOptions): Promise<RunSummary> {
  const { store, run } = opts;
  // Every call in flight listens to the run's signal.
  setMaxListeners(0, opts.signal);
  const status = store.sampleStatus(run);
  const todo = opts.plan.filter((item) => {
    const s = status.get(item.key);
    return s === undefined || (s === "error" && opts.retryErrors);
  });
  const totals = store.totals(run);
  const progress: Progress = {
    total: opts.plan.length,
    done: opts.plan.length - todo.length,
    skipped: opts.plan.length - todo.length,
    passed: totals.passed,
    errors: totals.errors,
    usage: totals.usage,
    costUsd: totals.costUsd,
    inFlight: 0,
  };
  let stoppedBy: RunSummary["stoppedBy"] = "done";
  const overBudget = () =>
    (opts.budgetTokens !== undefined && tokens(progress.usage) >= opts.budgetTokens) ||
    (opts.budgetUsd !== undefined && progress.costUsd >= opts.budgetUsd);
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
  await runPooled(
    todo,
    (item) => item.model.provider,
    opts.concurrency,
    async (item) => {
      progress.inFlight++;
      opts.onProgress?.(progress);
      const outcome = item.episode ? await runEpisode(item, opts) : await runSingle(item, opts);
      progress.inFlight--;
      if (outcome === null) return; // abandoned by a hard stop
      const { sample, steps } = outcome;
      store.saveSample(sample, steps);
      answered++;
      progress.done++;
      if (sample.passed) progress.passed++;
      if (sample.status === "error") progress.errors++;
      progress.usage = addUsage(progress.usage, sample.usage);
      progress.costUsd += sample.costUsd ?? 0;
      opts.onProgress?.(progress);
    },
    shouldStop,
  );
  return { planned: opts.plan.length, skipped: progress.skipped, answered, stoppedBy };
}

const tokens = (u: Usage) => u.input + u.output;

interface Outcome {
  sample: SampleRecord;
  steps?: StepRecord[];
}

/** Asks the model (or the cache), keeping every attempt. Null when a hard stop abandoned it. */
async function ask(
  item: PlanItem,
  req: ModelRequest,
  opts: RunOptions,
  step?: number,
  model: Model = item.model,
): Promise<{ response: ModelResponse; cached: boolean } | { error: string; attempts: Attempt[] } | null> {
  const key = model.local ? null : cacheKey(model, req, item.epoch, step);
  const hit = key ? opts.store.cacheGet(key) : undefined;
  if (hit) return { response: hit, cached: true };
  try {
    const response = await model.generate(req, opts.signal);
    if (key) opts.store.cachePut(key, response);
    return { response, cached: false };
  } catch (e) {
    if (opts.signal.aborted) return null;
    if (e instanceof ModelCallError) return { error: e.message, attempts: e.attempts };
    return { error: e instanceof Error ? e.message : String(e), attempts: [] };
  }
}

function request(
  item: PlanItem,
  messages: Message[],
  opts: RunOptions,
  images?: ModelRequest["images"],
): ModelRequest {
  return {
    messages,
    images,
    ...opts.generation,
    context: { task: item.task, instance: item.instance, epoch: item.epoch },
  };
}

function baseSample(
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
    model: item.model.id,
    epoch: item.epoch,
    reasoning: null,
    answer: null,
    verdict: null,
    score: null,
    passed: null,
    failureKind: null,
    usage: ZERO_USAGE,
    costUsd: 0,
    latencyMs: 0,
    attempts: [],
    error: null,
    cached: false,
    judge: null,
    steps: null,
    optimalSteps: null,
    startedAt,
    finishedAt: startedAt,
  };
}

const promptForStore = (messages: Message[], images?: ModelRequest["images"]) => ({
  messages,
  images: (images ?? []).map((i) => i.alt),
});

async function runSingle(item: PlanItem, opts: RunOptions): Promise<Outcome | null> {
  const startedAt = new Date().toISOString();
  const prompt = item.task.prompt(item.instance, {
    ...opts.prompt,
    maxOutputTokens: opts.generation.maxOutputTokens,
  });
  const req: ModelRequest = {
    ...request(item, prompt.messages, opts, prompt.images),
    outputSchema: prompt.outputSchema,
  };
  const got = await ask(item, req, opts);
  if (got === null) return null;
  const base = baseSample(item, opts.run, startedAt);
  const finishedAt = new Date().toISOString();
  const stored = promptForStore(prompt.messages, prompt.images);
  if ("error" in got) {
    return {
      sample: {
        ...base,
        status: "error",
        prompt: stored,
        text: null,
        attempts: got.attempts,
        error: got.error,
        latencyMs: got.attempts.reduce((s, a) => s + a.latencyMs, 0),
        finishedAt,
      },
    };
  }
  const { response, cached } = got;
  const graded = await gradeResponse(item.task, item.instance, response.text, {
    maxResponseBytes: opts.maxResponseBytes,
  });
  let { verdict } = graded;
  let judge: JudgeRecord | null = null;
  // An unreadable response scores 0 whatever a judge would say: the judge is not asked.
  if (item.task.judge && graded.answer !== null && verdict.failure?.kind !== "error") {
    const judged = await runJudge(item, response.text, graded.answer, verdict, opts);
    if (judged === null) return null;
    ({ verdict, judge } = judged);
  }
  return {
    sample: {
      ...base,
      status: "ok",
      prompt: stored,
      text: response.text,
      reasoning: response.reasoning ?? null,
      answer: graded.answer,
      verdict,
      score: verdict.score,
      passed: verdict.passed,
      failureKind: verdict.failure?.kind ?? null,
      usage: response.usage,
      costUsd: costOf(item.model.id, response.usage, opts.prices),
      latencyMs: response.latencyMs,
      attempts: response.attempts,
      cached,
      judge,
      finishedAt,
    },
  };
}

/** Judge calls are cached apart from the answer's call (and from episode steps) by their step number. */
const JUDGE_STEP = -1000;

/**
 * Asks the judge model up to `attempts` times until its reply reads as a grade, then lets the
 * task combine grade and verdict. A sample whose judge never gave a readable grade is kept,
 * unscored. Null when a hard stop abandoned it.
 */
async function runJudge(
  item: PlanItem,
  text: string,
  answer: unknown,
  verdict: Verdict,
  opts: RunOptions,
): Promise<{ verdict: Verdict; judge: JudgeRecord } | null> {
  const spec = item.task.judge;
  if (!spec) throw new Error(`${item.task.id} has no judge`);
  if (!opts.judge) throw new Error(`${item.task.id} is graded by a judge model, and none was given`);
  const { model, attempts } = opts.judge;
  const prompt = spec.prompt(item.instance, { text, answer, verdict });
  const record: JudgeRecord = {
    model: model.id,
    grade: null,
    replies: [],
    errors: [],
    usage: ZERO_USAGE,
    costUsd: 0,
  };
  for (let attempt = 0; attempt < attempts && record.grade === null; attempt++) {
    const req: ModelRequest = {
      ...request(item, prompt.messages, opts, prompt.images),
      outputSchema: prompt.outputSchema,
    };
    const got = await ask(item, req, opts, JUDGE_STEP - attempt, model);
    if (got === null) return null;
    if ("error" in got) {
      record.errors.push(`call failed: ${got.error}`);
      continue;
    }
    const { response } = got;
    record.replies.push(response.text);
    record.usage = addUsage(record.usage, response.usage);
    const c = costOf(model.id, response.usage, opts.prices);
    record.costUsd = record.costUsd === null || c === null ? null : record.costUsd + c;
    const grade = readSafely(response.text, (t) => spec.read(t), "the grade", opts.maxResponseBytes);
    if (isParseFailure(grade)) record.errors.push(grade.message);
    else record.grade = grade;
  }
  const note =
    record.grade === null
      ? `no readable grade from ${model.id} after ${attempts} attempt${attempts === 1 ? "" : "s"}: ${record.errors.at(-1) ?? ""}`
      : `graded ${record.grade} by ${model.id}`;
  return { verdict: spec.combine(item.instance, verdict, record.grade, note), judge: record };
}

/** Turns of an episode whose environment sets no budget and whose run gives no --max-steps. */
const EPISODE_TURN_CAP = 200;

/**
 * An interactive episode: the environment's instructions as the system message, then each
 * turn the observation (with the last `history` turns before it) and the model's reply, read
 * with the environment's action parser; an unreadable reply costs a turn and is answered with
 * an "invalid action" observation. The episode ends when the environment says so or after the
 * turn cap (--max-steps, else the environment's budget); its step count is the turns taken.
 * Every step is stored.
 */
async function runEpisode(item: PlanItem, opts: RunOptions): Promise<Outcome | null> {
  const startedAt = new Date().toISOString();
  const envOf = item.task.env;
  if (!envOf) throw new Error(`${item.task.id} has no environment`);
  const env = envOf(item.instance, opts.envOptions);
  const system: Message = { role: "system", content: env.instructions() };
  const turns: Message[] = [];
  const steps: StepRecord[] = [];
  let observation = env.observe();
  let usage = ZERO_USAGE;
  let cost: number | null = 0;
  let latency = 0;
  const attempts: Attempt[] = [];
  let lastReply: string | null = null;
  let allCached = true;
  let error: string | null = null;
  let crashed: Verdict | null = null;
  // Unreadable replies are turns too, so a model that never answers in form still ends.
  const cap = opts.maxSteps ?? env.maxSteps ?? EPISODE_TURN_CAP;
  for (let i = 0; !env.done && i < cap; i++) {
    const user: Message = { role: "user", content: observation.text };
    const window = turns.slice(Math.max(0, turns.length - 2 * opts.history));
    const req: ModelRequest = {
      ...request(item, [system, ...window, user], opts, observation.images),
      context: { task: item.task, instance: item.instance, epoch: item.epoch, env },
    };
    const got = await ask(item, req, opts, i);
    if (got === null) return null;
    if ("error" in got) {
      error = got.error;
      attempts.push(...got.attempts);
      break;
    }
    const { response } = got;
    allCached &&= got.cached;
    usage = addUsage(usage, response.usage);
    const c = costOf(item.model.id, response.usage, opts.prices);
    cost = cost === null || c === null ? null : cost + c;
    latency += response.latencyMs;
    attempts.push(...response.attempts);
    lastReply = response.text;
    const action = readAction(env, response.text, opts.maxResponseBytes);
    let reward = 0;
    let stepError: string | null = null;
    if (isParseFailure(action)) {
      stepError = `invalid action: ${action.message}`;
      observation = { ...env.observe(), text: `${stepError}\n\n${env.observe().text}` };
    } else {
      const result = stepSafely(env, action);
      if ("crashed" in result) {
        crashed = result.crashed;
        stepError = crashed.failure?.message ?? "the environment failed";
      } else {
        reward = result.reward;
        stepError = result.error ?? null;
        observation = result.observation;
      }
    }
    steps.push({
      run: opts.run,
      sampleKey: item.key,
      index: i,
      observation: user.content,
      reply: response.text,
      action: isParseFailure(action) ? null : action,
      reward,
      error: stepError,
      usage: response.usage,
    });
    turns.push(user, { role: "assistant", content: response.text });
    if (crashed) break;
  }
  const passed = crashed === null && env.success;
  const verdict: Verdict = crashed
    ? crashed
    : passed
      ? { score: 1, passed: true, checks: [{ name: "episode.success", ok: true }] }
      : {
          score: 0,
          passed: false,
          checks: [
            {
              name: "episode.success",
              ok: false,
              detail: env.done ? "episode ended unsolved" : "step cap reached",
            },
          ],
          failure: {
            kind: "wrong",
            message: env.done ? "the episode ended without solving the task" : "step cap reached",
          },
        };
  // A call that failed after its retries leaves the episode unfinished: an error, not a verdict.
  const failed = error !== null;
  return {
    sample: {
      ...baseSample(item, opts.run, startedAt),
      status: failed ? "error" : "ok",
      prompt: { system: system.content },
      text: lastReply,
      verdict: failed ? null : verdict,
      score: failed ? null : verdict.score,
      passed: failed ? null : passed,
      failureKind: failed ? null : (verdict.failure?.kind ?? null),
      usage,
      costUsd: cost,
      latencyMs: latency,
      attempts,
      error,
      cached: steps.length > 0 && allCached,
      steps: steps.length,
      optimalSteps: env.optimalSteps ?? null,
      finishedAt: new Date().toISOString(),
    },
    steps,
  };
}
