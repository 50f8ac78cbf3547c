/** ComBench: construction verifier runs per second, the sandboxed Python path against the native ports. */
import { availableParallelism } from "node:os";
import { loadStarterRecords } from "../src/suites/combench/records/load.ts";
import { nativeVerifiers } from "../src/suites/combench/records/native/index.ts";
import { runVerifier } from "../src/suites/combench/sandbox/index.ts";

type Row = [string, string, string];

export async function benchComBench(median: (xs: number[]) => number, runs: number): Promise<Row[]> {
  const records = loadStarterRecords();
  const rows: Row[] = [];
  const probe = await runVerifier(records[0]?.verify_code ?? "", records[0]?.ref_construction ?? "");
  if (probe.status === "unavailable") {
    rows.push(["combench: Python verifiers", "skipped", probe.reason]);
  } else {
    const serial: number[] = [];
    const parallel: number[] = [];
    for (let r = 0; r < runs; r++) {
      let t0 = performance.now();
      for (const rec of records) {
        const res = await runVerifier(rec.verify_code, rec.ref_construction);
        if (res.status !== "pass")
          throw new Error(`${rec.id}: reference construction ${res.status}: ${res.reason}`);
      }
      serial.push(records.length / ((performance.now() - t0) / 1000));
      t0 = performance.now();
      const batch = [...records, ...records, ...records];
      await Promise.all(batch.map((rec) => runVerifier(rec.verify_code, rec.ref_construction)));
      parallel.push(batch.length / ((performance.now() - t0) / 1000));
    }
    rows.push([
      "combench: Python verifier in the sandbox, one at a time",
      `${median(serial).toFixed(1)} runs/s`,
      `${records.length} starter references, ${probe.isolation?.network ?? ""} network isolation`,
    ]);
    rows.push([
      `combench: Python verifier in the sandbox, ${availableParallelism()} in parallel`,
      `${median(parallel).toFixed(1)} runs/s`,
      "the same references, three times over",
    ]);
  }
  const rates: number[] = [];
  for (let r = 0; r < runs; r++) {
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 300) {
      for (const rec of records) {
        const check = nativeVerifiers[rec.id];
        if (!check) throw new Error(`${rec.id} has no native port`);
        if (!check(rec.ref_construction).pass)
          throw new Error(`${rec.id}: native port rejects the reference`);
        n++;
      }
    }
    rates.push(n / ((performance.now() - t0) / 1000));
  }
  rows.push([
    "combench: native TypeScript port",
    `${Math.round(median(rates)).toLocaleString("en")} runs/s`,
    `${records.length} starter references (parse + check)`,
  ]);
  return rows;
}
