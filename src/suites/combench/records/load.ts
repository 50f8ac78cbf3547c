import { fileURLToPath } from "node:url";
import { readJsonlFile, validateLine } from "../../../core/jsonl.ts";
import { type ComBenchRecord, comBenchRecordSchema } from "./schema.ts";

const STARTER = fileURLToPath(new URL("./starter-construction.jsonl", import.meta.url));

/** Reads ComBench records from JSONL; a bad line is an InputError naming the file, line and field. */
export function loadComBenchRecords(path: string): ComBenchRecord[] {
  const { lines, errors } = readJsonlFile(path);
  const first = errors[0];
  if (first) throw first;
  return lines.map((line) => validateLine(comBenchRecordSchema, line, path));
}

/** The starter set of construction-centric records shipped with Plumb. */
export function loadStarterRecords(): ComBenchRecord[] {
  return loadComBenchRecords(STARTER);
}
