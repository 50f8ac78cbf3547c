import type { Attempt, Usage } from "../core/model.ts";
import type { Verdict } from "../core/verdict.ts";

/** A named evaluation run; its config is what `plumb run` was given (for resume and reports). */
export interface RunRecord {
  name: string;
  createdAt: string;
  /** JSON: tasks, models, epochs, options. */
  config: unknown;
  status: "running" | "done" | "stopped";
}

/**
 * One (instance, model, epoch) of a run: what was asked, what came back, and its verdict.
 * `key` identifies it within the run (resume skips keys already answered).
 */
export interface SampleRecord {
  run: string;
  key: string;
  task: string;
  suite: string;
  tags: string[];
  /** The instance's level name or difficulty, when it has one (reports group by it). */
  level: string | null;
  instance: string;
  model: string;
  epoch: number;
  /** "ok": the model answered and the answer was judged; "error": the call failed after retries. */
  status: "ok" | "error";
  /** The prompt messages (images stored by their alt text only). */
  prompt: unknown;
  text: string | null;
  reasoning: string | null;
  /** The parsed answer; null on a parse failure or an error. */
  answer: unknown;
  verdict: Verdict | null;
  score: number | null;
  passed: boolean | null;
  /** "parse" | "invalid" | "wrong" | null */
  failureKind: string | null;
  usage: Usage;
  costUsd: number | null;
  latencyMs: number;
  attempts: Attempt[];
  error: string | null;
  /** True when the answer came from the response cache (no call was made). */
  cached: boolean;
  /** The judge's work, for tasks graded by a judge model; null otherwise. */
  judge: JudgeRecord | null;
  /** Episodes: steps taken and the optimal number of steps, when known. */
  steps: number | null;
  optimalSteps: number | null;
  startedAt: string;
  finishedAt: string;
}

/** What a judge model was asked and answered for one sample. */
export interface JudgeRecord {
  model: string;
  /** The grade read from the judge; null when every attempt failed. */
  grade: number | null;
  /** Every judge reply, in order (unreadable ones included). */
  replies: string[];
  /** Why each failed attempt failed. */
  errors: string[];
  usage: Usage;
  costUsd: number | null;
}

/** One step of an interactive episode. */
export interface StepRecord {
  run: string;
  sampleKey: string;
  index: number;
  observation: string;
  reply: string;
  action: unknown;
  reward: number;
  error: string | null;
  usage: Usage;
}
