import type { Attempt, ToolCall, Usage } from "../core/model.ts";
import type { Verdict } from "../core/verdict.ts";

/** Who writes a run: one process, named by a fresh id, with its pid and host to tell whether it still lives. */
export interface LeaseOwner {
  id: string;
  pid: number;
  host: string;
}

/** The statuses a run is stored with; "interrupted" is only ever derived when reading. */
export type StoredRunStatus = "running" | "done" | "stopped";

/** A named evaluation run; its config is the spec `plumb run` was given (for resume and reports). */
export interface RunRecord {
  name: string;
  createdAt: string;
  /** JSON: the run spec (tasks, models, epochs, options). */
  config: unknown;
  /**
   * "interrupted": stored as running, but no process holds its lease any more (it lapsed, or its
   * holder on this host is gone): the run was killed and can be resumed.
   */
  status: StoredRunStatus | "interrupted";
  /** The process writing the run and until when (ms since the epoch), if its lease is held and live. */
  lease: { holder: LeaseOwner; expiresAt: number } | null;
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
  /** The instance's id. */
  instance: string;
  /** The content hash of the instance, kept once per run in the store's instances; null for samples stored before hashes. */
  instanceHash: string | null;
  model: string;
  epoch: number;
  /**
   * "ok": the model answered and the answer was graded (a task that failed on it is graded
   * `failureKind: "error"`); "error": the model call failed after its retries.
   */
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
  /** The verdict's failure kind (core/verdict.ts FailureKind): "parse" | "invalid" | "wrong" | "unscored" | "error" | null. */
  failureKind: string | null;
  /** Why the model stopped ("stop", "length": truncated, …), of the last reply; null when there was none. */
  finishReason: string | null;
  /** Tokens of the sample's replies, cached or not (episodes: every turn; the judge's are in `judge`). */
  usage: Usage;
  /** What `usage` costs, whether or not it came from the cache; null when unpriced. */
  costUsd: number | null;
  /** What the calls actually made for this sample cost (episode turns and judge calls included); null when unpriced. */
  spentUsd: number | null;
  /** Model calls actually made for this sample: episode turns and judge calls included, cache hits not. */
  calls: number;
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
  /** The tool calls made while answering, in order (a tools setting); null without tools. */
  toolCalls: ToolCall[] | null;
  /** Tool use by tool name (calls, or the units a provider bills), which prices may charge for; null without tools. */
  toolUse: Record<string, number> | null;
  startedAt: string;
  finishedAt: string;
}

/**
 * What reports and comparisons read of a sample: its outcome, usage and costs, not what was asked
 * or answered. A large run's report reads these, which allocate a fraction of whole samples.
 */
export type ReportSample = Pick<
  SampleRecord,
  | "run"
  | "key"
  | "task"
  | "suite"
  | "tags"
  | "level"
  | "instance"
  | "model"
  | "epoch"
  | "status"
  | "verdict"
  | "score"
  | "passed"
  | "failureKind"
  | "finishReason"
  | "usage"
  | "costUsd"
  | "spentUsd"
  | "calls"
  | "latencyMs"
  | "cached"
  | "judge"
  | "steps"
  | "optimalSteps"
  | "toolUse"
>;

/** A failure-mode label a judge gave one sample (`plumb analyse failures`). */
export interface LabelRecord {
  run: string;
  sampleKey: string;
  /** The label set's id ("scbench"). */
  taxonomy: string;
  /** The judge model's id. */
  judge: string;
  /** The label's id; null when no reply read as a label (a later analysis asks again). */
  label: string | null;
  confidence: number | null;
  /** The judge's one-line reason. */
  reason: string | null;
  /** Every reply, unreadable ones included, and why each failed one failed. */
  replies: string[];
  errors: string[];
  usage: Usage;
  costUsd: number | null;
  createdAt: string;
}

/** A judge's choice among the first k samples of one (model, task, instance) (`plumb analyse selection`). */
export interface PickRecord {
  run: string;
  model: string;
  task: string;
  instance: string;
  k: number;
  judge: string;
  /** The chosen sample's key; null when no reply read as a choice. */
  picked: string | null;
  /** The candidates' sample keys in the order the judge saw them. */
  candidates: string[];
  replies: string[];
  errors: string[];
  usage: Usage;
  costUsd: number | null;
  createdAt: string;
}

/** What a judge model was asked and answered for one sample. */
export interface JudgeRecord {
  model: string;
  /** The grade read from the judge; null when every attempt failed (the sample can be judged again). */
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
