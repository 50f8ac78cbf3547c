/**
 * ComBench: construction verifier runs per second — in the bubblewrap jail, beside the same runs with no
 * jail (rlimits and seccomp only, what --unsafe-verifiers falls back to) to show what isolation costs,
 * a payload that must be evaluated first (two jails per check), and the native TypeScript ports.
 */
import { availableParallelism } from "node:os";
import { createSandbox, type Sandbox } from "../src/sandbox/index.ts";
import { runConstructionVerifier } from "../src/suites/combench/common/construction-check.ts";
import { loadStarterRecords } from "../src/suites/combench/records/load.ts";
import { nativeVerifiers } from "../src/suites/combench/records/native/index.ts";

type Row = [string, string, string];

const EVALUATES = "import sys\ndata = eval(sys.stdin.read())\nprint(data == list(range(1, 101)))";

export async function benchComBench(median: (xs: number[]) => number, runs: number): Promise<Row[]> {
  const records = loadStarterRecords();
  const rows: Row[] = [];
  const jailed = createSandbox();
  const env = await jailed.environment();
  if (!env.available || env.jailed === undefined) {
    const why = env.available ? env.why : env.reason;
    return [["combench: Python verifiers", "skipped", why ?? ""]];
  }
  const bare = createSandbox({ bubblewrap: "/nonexistent/bwrap" });
  const rate = async (sandbox: Sandbox, unisolated: boolean, parallel: boolean) => {
    const check = async (code: string, payload: string) => {
      const r = await runConstructionVerifier(code, payload, { sandbox, unisolated });
      if (r.status !== "pass") throw new Error(`reference construction ${r.status}: ${r.reason}`);
    };
    const rates: number[] = [];
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      if (parallel) await Promise.all(records.map((rec) => check(rec.verify_code, rec.ref_construction)));
      else for (const rec of records) await check(rec.verify_code, rec.ref_construction);
      rates.push(records.length / ((performance.now() - t0) / 1000));
    }
    return `${median(rates).toFixed(1)} runs/s`;
  };
  const cpus = availableParallelism();
  for (const [label, sandbox, unisolated] of [
    ["bubblewrap jail", jailed, false],
    ["no jail (rlimits and seccomp only)", bare, true],
  ] as const) {
    rows.push([
      `combench: Python verifier, ${label}, one at a time`,
      await rate(sandbox, unisolated, false),
      `${records.length} starter references`,
    ]);
    rows.push([
      `combench: Python verifier, ${label}, ${cpus} in parallel`,
      await rate(sandbox, unisolated, true),
      "the same references, all at once",
    ]);
  }
  const evaluated: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const n = 10;
    for (let i = 0; i < n; i++) {
      const run = await runConstructionVerifier(EVALUATES, "[i for i in range(1, 101)]", { sandbox: jailed });
      if (run.status !== "pass" || run.payload !== "evaluated")
        throw new Error(`evaluated payload: ${run.reason}`);
    }
    evaluated.push(n / ((performance.now() - t0) / 1000));
  }
  rows.push([
    "combench: an expression payload, evaluated in a jail first, then verified",
    `${median(evaluated).toFixed(1)} checks/s`,
    "two jails per check, one at a time",
  ]);
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
