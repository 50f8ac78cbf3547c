import { loadStarterRecords } from "../records/load.ts";
import { type NativeVerifier, nativeVerifiers } from "../records/native/index.ts";
import type { TaskRecord } from "./record.ts";

let starterCode: Map<string, string> | undefined;

/**
 * The TypeScript port of a record's verifier. A port was written for one starter record's code, so it
 * applies only when the record carries that very code: an edited or unrelated record with the same id
 * goes to Python.
 */
export function nativePortFor(record: TaskRecord): NativeVerifier | undefined {
  starterCode ??= new Map(loadStarterRecords().map((r) => [r.id, r.verify_code]));
  const port = nativeVerifiers[record.id];
  return port !== undefined && starterCode.get(record.id) === record.verify_code ? port : undefined;
}
