import { z } from "zod";

export const COMBENCH_CATEGORIES = [
  "extremal",
  "existence and construction",
  "operations and strategies",
  "graph theory",
  "counting",
] as const;

const text = z.string().trim().min(1, "must be a non-empty string");

/** Official records write `null` for a field they do not have; read it as absent. */
export const absentIfNull = (value: unknown) => (value === null ? undefined : value);

/** An optional text field: a string, or null/absent read as "". */
export const optionalText = z.preprocess(absentIfNull, z.string().default(""));

/** The spellings of `type` Plumb reads, after lower-casing and writing runs of spaces, "_" and "-" as "-". */
export const RECORD_TYPE_SPELLINGS = {
  analysis: "analysis",
  "analysis-centric": "analysis",
  plain: "analysis",
  construction: "construction",
  "construction-centric": "construction",
} as const;

export type RecordType = "analysis" | "construction";

/**
 * `type` is informational: like the original code, Plumb decides a record's kind by its instruction and
 * verifier, never by this field. It is still read, so that a misspelt one is caught.
 */
const recordType = z.preprocess(absentIfNull, z.string().optional()).transform((value, ctx) => {
  if (value === undefined) return undefined;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-");
  const type = RECORD_TYPE_SPELLINGS[key as keyof typeof RECORD_TYPE_SPELLINGS] as RecordType | undefined;
  if (type === undefined) {
    ctx.addIssue({
      code: "custom",
      message: `"${value.slice(0, 40)}" is not a record type (${Object.keys(RECORD_TYPE_SPELLINGS).join(", ")}; any case, "_" or " " for "-")`,
    });
    return z.NEVER;
  }
  return type;
});

/** A year as a number or as a string of digits ("2016"). */
const year = z.preprocess((value) => {
  const present = absentIfNull(value);
  return typeof present === "string" && /^\s*\d{1,4}\s*$/.test(present) ? Number(present) : present;
}, z
  .number({ error: 'must be a year: a whole number or a string of digits such as "2016"' })
  .int('must be a year: a whole number or a string of digits such as "2016"')
  .optional());

/**
 * A ComBench record in the official field names. Construction-centric records also carry `instruction`,
 * `ref_construction` and `verify_code`; analysis-centric ones leave them out, empty or null. Optional
 * fields may be null (official records write null for a missing reference solution).
 */
export const comBenchRecordSchema = z.object({
  id: text,
  query: text,
  ref_answer: text,
  grading_guidelines: text,
  ref_solution: optionalText,
  instruction: optionalText,
  ref_construction: optionalText,
  verify_code: optionalText,
  source: z.preprocess(absentIfNull, z.string().optional()),
  year,
  category: z.preprocess(absentIfNull, z.enum(COMBENCH_CATEGORIES).optional()),
  type: recordType,
});

export type ComBenchRecord = z.infer<typeof comBenchRecordSchema>;

/** Construction-centric iff both the instruction and the verifier are non-empty. */
export function isConstructionRecord(record: ComBenchRecord): boolean {
  return record.instruction.trim() !== "" && record.verify_code.trim() !== "";
}
