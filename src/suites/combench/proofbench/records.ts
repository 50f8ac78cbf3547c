import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { InputError } from "../../../core/errors.ts";
import { readRecord, type TaskRecord } from "../common/record.ts";
import { csvObjects } from "./csv.ts";
import { rubricFromProofBench } from "./guidelines.ts";

/** IMO-ProofBench v2 (google-deepmind/superhuman, imobench/, CC-BY-4.0), copied unchanged. */
const PROOFBENCH = fileURLToPath(new URL("./proofbench_v2.csv", import.meta.url));

const COLUMNS = [
  "Problem ID",
  "Problem",
  "Solution",
  "Grading guidelines",
  "Category",
  "Level",
  "Short Answer",
  "Source",
] as const;

/** One ProofBench row as an analysis-centric ComBench record. */
export function proofBenchRecord(row: Readonly<Record<string, string>>): TaskRecord {
  const missing = COLUMNS.find((name) => row[name] === undefined);
  if (missing) throw new InputError("missing column", { field: missing });
  const column = (name: (typeof COLUMNS)[number]) => (row[name] ?? "").trim();
  return readRecord({
    id: column("Problem ID"),
    query: column("Problem"),
    ref_answer: column("Short Answer"),
    grading_guidelines: rubricFromProofBench(column("Grading guidelines")),
    ref_solution: column("Solution"),
    source: column("Source"),
    category: column("Category"),
    type: "analysis",
    level: column("Level"),
  });
}

/** ProofBench rows from CSV text; an error names the line (and the column). */
export function proofBenchRecords(text: string, source?: string): TaskRecord[] {
  return csvObjects(text, source).map(({ values, line }) => {
    try {
      return proofBenchRecord(values);
    } catch (e) {
      if (e instanceof InputError) throw e.withLocation({ line, source });
      throw e;
    }
  });
}

let shipped: TaskRecord[] | undefined;

/** The 60 IMO-ProofBench problems shipped with Plumb. */
export function loadProofBench(): TaskRecord[] {
  shipped ??= proofBenchRecords(readFileSync(PROOFBENCH, "utf8"), "proofbench_v2.csv");
  return shipped;
}
