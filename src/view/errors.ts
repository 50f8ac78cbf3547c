import { InputError } from "../core/errors.ts";

/** A run, sample or scene that does not exist: the server answers 404. */
export class NotFound extends InputError {}

/** The task's own code failed on what was asked (a scene of a broken answer): the server answers 422. */
export class TaskCodeError extends Error {}

export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
