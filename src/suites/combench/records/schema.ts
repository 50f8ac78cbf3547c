import { z } from "zod";

export const COMBENCH_CATEGORIES = [
  "extremal",
  "existence and construction",
  "operations and strategies",
  "graph theory",
  "counting",
] as const;

const text = z.string().trim().min(1, "must be a non-empty string");

/**
 * A ComBench record in the official field names. Construction-centric records also carry `instruction`,
 * `ref_construction` and `verify_code`; analysis-centric ones leave them out or empty.
 */
export const comBenchRecordSchema = z.object({
  id: text,
  query: text,
  ref_answer: text,
  grading_guidelines: text,
  ref_solution: z.string(),
  instruction: z.string().default(""),
  ref_construction: z.string().default(""),
  verify_code: z.string().default(""),
  source: z.string().optional(),
  year: z.number().int().optional(),
  category: z.enum(COMBENCH_CATEGORIES).optional(),
  type: z.enum(["analysis", "construction"]).optional(),
});

export type ComBenchRecord = z.infer<typeof comBenchRecordSchema>;

/** Construction-centric iff both the instruction and the verifier are non-empty. */
export function isConstructionRecord(record: ComBenchRecord): boolean {
  return record.instruction.trim() !== "" && record.verify_code.trim() !== "";
}
