import type { Instance, PromptOptions } from "../../core/task.ts";
import type { Verdict } from "../../core/verdict.ts";
import type { GradeJobOptions } from "./types.ts";

/** What the pool asks of a worker. Tasks travel by id; the worker looks them up in its own registry. */
export type Job =
  | { kind: "grade"; task: string; instance: Instance; text: string; opts?: GradeJobOptions }
  | { kind: "verify"; task: string; instance: Instance; answer: unknown }
  | { kind: "generate"; task: string; params: unknown; count: number; seed: string }
  | { kind: "prompt"; task: string; instance: Instance; opts: Omit<PromptOptions, "template"> }
  | {
      kind: "combine";
      task: string;
      instance: Instance;
      verdict: Verdict;
      grade: number | null;
      note: string;
    }
  | { kind: "open"; task: string; instance: Instance; envOptions?: Record<string, unknown>; episode: number }
  | { kind: "step"; episode: number; reply: string; maxResponseBytes?: number }
  | { kind: "legal"; episode: number }
  | { kind: "reference"; episode: number }
  | { kind: "text"; name: string; input: string };

/**
 * An instance on the wire: its number, with its data only the first time a thread sees it, so
 * that a thread keeps one copy of each instance (and the caches tasks hang on it) instead of a
 * fresh clone per job.
 */
export interface InstanceRef {
  ref: number;
  value?: Instance;
}

/** A job as sent to a thread: its instance by reference. */
export type WireJob = Job extends infer J
  ? J extends { instance: Instance }
    ? Omit<J, "instance"> & { instance: InstanceRef }
    : J
  : never;

/**
 * A job to run (`forget`: drop every instance kept so far first), or an episode to forget (sent at
 * once, not queued behind jobs).
 */
export type Request = { id: number; job: WireJob; forget?: true } | { drop: number };

/**
 * A worker's messages: its tasks are registered, or a job's result (`error`: what the job threw;
 * `input`: it was an InputError, a problem with what was asked rather than a bug).
 */
export type Reply =
  | { ready: true }
  | { id: number; value: unknown }
  | { id: number; error: string; input?: { reason: string; field?: string } };

export interface WorkerInit {
  tasks: string;
  /** The module of text jobs (CheckerOptions.textJobs), if any. */
  textJobs?: string;
  /** The calling thread's --unsafe-verifiers setting (core/untrusted.ts), which a worker does not share. */
  unisolatedCode: boolean;
}
