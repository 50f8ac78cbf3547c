import { ParseFailure } from "../../../core/verdict.ts";
import { type StackingAction, stackingAction } from "./schema.ts";

/** A record read by readAction, checked against the action schema; a mismatch names the field. */
export function readActionRecord(
  record: Record<string, unknown> | ParseFailure,
): StackingAction | ParseFailure {
  if (record instanceof ParseFailure) return record;
  const parsed = stackingAction.safeParse(record);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? ` (${issue.path.join(".")})` : "";
  return new ParseFailure(
    `not a valid ${String(record.action)} action${field}: ${issue?.message ?? "bad shape"}`,
  );
}
