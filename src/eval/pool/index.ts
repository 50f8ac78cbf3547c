import { availableParallelism, totalmem } from "node:os";
import { inlineChecker } from "./inline.ts";
import { poolChecker } from "./pool.ts";
import type { Checker, CheckerOptions } from "./types.ts";

export { JobError, type JobFailure } from "./errors.ts";
export type {
  CallOptions,
  Checker,
  CheckerOptions,
  Episode,
  EpisodeState,
  GradeJobOptions,
  StepOutcome,
} from "./types.ts";
export { EPISODE_TURN_CAP } from "./types.ts";

/** A checker: worker threads (started as jobs wait for them), or the calling thread when `size` is 0. */
export function createChecker(opts: CheckerOptions): Checker {
  const size = opts.size ?? availableParallelism();
  if (!Number.isInteger(size) || size < 0)
    throw new Error(`checker size must be a whole number ≥ 0, got ${size}`);
  if (size === 0) return inlineChecker(opts.textJobs);
  return poolChecker({
    size,
    tasks: opts.tasks,
    ...(opts.textJobs ? { textJobs: opts.textJobs } : {}),
    jobTimeoutMs: opts.jobTimeoutMs ?? 600_000,
    maxMemoryMb: opts.maxMemoryMb ?? defaultMaxMemoryMb(size),
  });
}

/** A share of the machine's memory per thread (and one for the calling thread), between 512 MB and 4 GB. */
function defaultMaxMemoryMb(size: number): number {
  const share = Math.floor(totalmem() / 2 ** 20 / (size + 1));
  return Math.max(512, Math.min(4096, share));
}
