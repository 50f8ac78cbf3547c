import { z } from "zod";
import { fromZodError } from "../../../core/errors.ts";
import { absentIfNull, comBenchRecordSchema, optionalText } from "../records/schema.ts";

const text = z.string().trim().min(1, "must be a non-empty string");

/**
 * A record as the ComBench tasks hold it: the official fields, read as-is. Looser than the records
 * schema where official files are: a proof problem has no short answer, and IMO-ProofBench rows bring
 * their own categories and a difficulty level.
 */
export const taskRecordSchema = comBenchRecordSchema.extend({
  ref_answer: optionalText,
  category: z.preprocess(absentIfNull, text.optional()),
  level: z.preprocess(absentIfNull, text.optional()),
});

export type TaskRecord = z.infer<typeof taskRecordSchema>;

/** Reads one record; an InputError names the bad field. */
export function readRecord(raw: unknown): TaskRecord {
  const parsed = taskRecordSchema.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

/** The oracle's proof: the reference solution, or the reference answer for a record without one. */
export function referenceProof(record: TaskRecord): string {
  return record.ref_solution.trim() === "" ? record.ref_answer : record.ref_solution;
}

/** Construction-centric iff both the instruction and the verifier are non-empty. */
export function isConstructionCentric(record: TaskRecord): boolean {
  return record.instruction.trim() !== "" && record.verify_code.trim() !== "";
}

const YEAR = /\b(1[89]\d\d|20\d\d)\b/;

/**
 * The competition a source names: its text before the year, without a leading note in parentheses
 * ("IMO Shortlist 2012 C2" → "imo shortlist", "(Modified) IMO 2024 P1" → "imo"), lower case; the whole
 * source when nothing precedes a year.
 */
export function competitionOf(source: string): string {
  const plain = source.replace(/^\s*\([^()]{0,40}\)/, "").trim();
  let end = YEAR.exec(plain)?.index ?? plain.length;
  // Trimmed by hand: a regex anchored at the end rescans from every start, quadratic on a long run.
  while (end > 0 && " \t\n,;:(-".includes(plain[end - 1] as string)) end--;
  const name = plain.slice(0, end) || plain || source;
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * Reports group by these (the paper's Appendix A tables): "category:<c>" (lower case),
 * "type:analysis|construction", "source:<competition>" and "year:<y>" (from `year`, else from the source).
 */
export function recordTags(record: TaskRecord): string[] {
  const type = isConstructionCentric(record) ? "construction" : "analysis";
  const tags = record.category === undefined ? [] : [`category:${record.category.toLowerCase()}`];
  tags.push(`type:${type}`);
  const source = record.source?.trim() ?? "";
  if (source !== "") tags.push(`source:${competitionOf(source)}`);
  const year = record.year ?? YEAR.exec(source)?.[1];
  if (year !== undefined) tags.push(`year:${year}`);
  return tags;
}
