/**
 * Why a job gave no result, for callers that must tell these apart (the reward service answers 504,
 * 400 or 500): `timeout`, it ran over the job time limit and its thread was replaced; `lost`, its
 * thread died or the checker closed; `input`, the task refused what was asked (an InputError, with
 * its field); `task`, the task's own code threw.
 */
export type JobFailure = "timeout" | "lost" | "input" | "task";

export class JobError extends Error {
  constructor(
    readonly reason: JobFailure,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "JobError";
  }
}
