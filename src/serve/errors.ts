import type { ZodError } from "zod";
import { fieldPath, InputError } from "../core/errors.ts";
import { JobError } from "../eval/pool/index.ts";
import type { ErrorBody } from "./api.ts";

/** A request the service refuses or cannot answer: its HTTP status, a stable code, a message and the field at fault. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }

  body(): ErrorBody {
    const error: ErrorBody["error"] = { status: this.status, code: this.code, message: this.message };
    if (this.field) error.field = this.field;
    return { error };
  }
}

/** The first issue of a zod error as a 400 naming its field (with `prefix` before the issue's path). */
export function invalid(error: ZodError, prefix: readonly PropertyKey[] = []): ApiError {
  const issue = error.issues[0];
  if (!issue) return new ApiError(400, "invalid_body", "invalid value");
  const path = [...prefix, ...issue.path];
  // An unknown key is named itself, not the object holding it.
  if (issue.code === "unrecognized_keys" && issue.keys.length > 0) path.push(issue.keys[0] as string);
  const field = fieldPath(path) || undefined;
  return new ApiError(400, "invalid_body", field ? `${field}: ${issue.message}` : issue.message, field);
}

/**
 * What the service answers for an error: its own ApiErrors as they are, input errors as 400s naming
 * the field, a job over its time limit as 504, a lost thread as 503, a task's own throw (generation,
 * prompts) as 422; anything else is a bug: `bug` is told (to log its stack) and the answer is a
 * generic 500.
 */
export function toApiError(e: unknown, bug: (e: unknown) => void): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof InputError) return new ApiError(400, "invalid_input", e.message, e.field);
  if (e instanceof JobError) {
    switch (e.reason) {
      case "timeout":
        return new ApiError(504, "timeout", e.message);
      case "lost":
        return new ApiError(503, "worker_lost", e.message);
      case "input":
        return new ApiError(400, "invalid_input", e.field ? `${e.field}: ${e.message}` : e.message, e.field);
      case "task":
        return new ApiError(422, "task_error", e.message);
    }
  }
  bug(e);
  return new ApiError(500, "internal", "internal error (logged by the server)");
}
