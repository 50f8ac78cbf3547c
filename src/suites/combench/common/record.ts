import { z } from "zod";
import { fromZodError } from "../../../core/errors.ts";
import { comBenchRecordSchema } from "../records/schema.ts";

const text = z.string().trim().min(1, "must be a non-empty string");

/**
 * A record as the ComBench tasks hold it: the official fields, read as-is. Looser than the records
 * schema where official files are: a staged record may lack `ref_solution`, a proof problem has no short
 * answer, and IMO-ProofBench rows bring their own categories and a difficulty level.
 */
export const taskRecordSchema = comBenchRecordSchema.extend({
  ref_answer: z.string().default(""),
  ref_solution: z.string().default(""),
  category: text.optional(),
  level: text.optional(),
});

export type TaskRecord = z.infer<typeof taskRecordSchema>;

/** Reads one record; an InputError names the bad field. */
export function readRecord(raw: unknown): TaskRecord {
  const parsed = taskRecordSchema.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

/** Construction-centric iff both the instruction and the verifier are non-empty. */
export function isConstructionCentric(record: TaskRecord): boolean {
  return record.instruction.trim() !== "" && record.verify_code.trim() !== "";
}

/** Reports group by these: "category:<c>" (lower case) and "type:analysis|construction". */
export function recordTags(record: TaskRecord): string[] {
  const type = isConstructionCentric(record) ? "construction" : "analysis";
  const category = record.category === undefined ? [] : [`category:${record.category.toLowerCase()}`];
  return [...category, `type:${type}`];
}
