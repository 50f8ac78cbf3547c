/**
 * `npm run bench`: SPaRC solver, validator and generator throughput, median of several runs.
 * Usage: npm run bench [-- --runs N]
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateInstances, resolveParams } from "../src/core/instances.ts";
import { parseJsonl } from "../src/core/jsonl.ts";
import type { AnyTask } from "../src/core/task.ts";
import { registerAllTasks } from "../src/suites/catalog.ts";
import { boardOf } from "../src/suites/sparc/board.ts";
import { MIXES } from "../src/suites/sparc/generate.ts";
import { sparcTask } from "../src/suites/sparc/index.ts";
import { puzzleFromRecord } from "../src/suites/sparc/puzzle.ts";
import { sparcRecordSchema } from "../src/suites/sparc/record.ts";
import { solveBoard } from "../src/suites/sparc/solve.ts";
import { verifyPath } from "../src/suites/sparc/verify.ts";
import { benchAnalysis } from "./analysis.ts";
import { benchBurrTiers } from "./burr-tiers.ts";
import { benchBurr, benchDlx, benchStacking } from "./chain.ts";
import { benchComBench } from "./combench.ts";
import { benchExactCover } from "./exact-cover.ts";
import { benchHarness, type HarnessFigures } from "./harness.ts";
import { benchHostile } from "./hostile.ts";
import { benchScbench } from "./scbench.ts";
import { benchServe } from "./serve.ts";
import { benchSparcDistribution } from "./sparc-distribution.ts";
import { benchStartup } from "./startup.ts";
import { benchStore } from "./store.ts";
import { benchView } from "./view.ts";

const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;

const fixture = fileURLToPath(new URL("../test/fixtures/sparc/test-puzzles.jsonl", import.meta.url));
const records = parseJsonl(readFileSync(fixture, "utf8")).lines.map((l) => sparcRecordSchema.parse(l.value));
registerAllTasks();
const task = sparcTask as unknown as AnyTask;
const instances = records.map((r) => task.load?.(r)).filter((i) => i !== undefined);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

function repeat<T>(fn: () => T): { ms: number; result: T } {
  const times: number[] = [];
  let result: T | undefined;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    result = fn();
    times.push(performance.now() - t0);
  }
  return { ms: median(times), result: result as T };
}

const rows: [string, string, string][] = [...benchStartup(median, RUNS)];

// Solver: every solution of the 100 official test puzzles.
const solver = repeat(() => {
  let slowest = { id: "", ms: 0 };
  let nodes = 0;
  for (const r of records) {
    const board = boardOf(puzzleFromRecord(r));
    const t0 = performance.now();
    const res = solveBoard(board);
    const ms = performance.now() - t0;
    nodes += res.nodes;
    if (ms > slowest.ms) slowest = { id: r.id, ms };
  }
  return { slowest, nodes };
});
rows.push([
  "solver: all solutions, 100 official puzzles (total)",
  `${solver.ms.toFixed(0)} ms`,
  `${solver.result.nodes.toLocaleString("en")} nodes`,
]);
rows.push(["solver: slowest puzzle", `${solver.result.slowest.ms.toFixed(0)} ms`, solver.result.slowest.id]);
const medianPuzzle = repeat(() => {
  const per = records.map((r) => {
    const board = boardOf(puzzleFromRecord(r));
    const t0 = performance.now();
    solveBoard(board);
    return performance.now() - t0;
  });
  return median(per);
});
rows.push(["solver: median puzzle", `${medianPuzzle.result.toFixed(2)} ms`, ""]);

// The same search without pruning: every self-avoiding line from S to E, each validated. Only
// feasible on the small puzzles, which is the point of the comparison.
function bruteForce(board: ReturnType<typeof boardOf>): number {
  const used = new Uint8Array(board.size);
  const line: number[] = [];
  let found = 0;
  const walk = (p: number) => {
    used[p] = 1;
    line.push(p);
    if (p === board.end) {
      const path = line.map((i) => ({ x: i % board.cols, y: Math.floor(i / board.cols) }));
      if (verifyPath(board, path).passed) found++;
    } else {
      for (const q of board.neighbors[p] as number[]) if (!used[q] && !board.blocked[q]) walk(q);
    }
    line.pop();
    used[p] = 0;
  };
  walk(board.start);
  return found;
}
const small = records.filter((r) => r.grid_size.width * r.grid_size.height <= 12);
const smallBoards = small.map((r) => boardOf(puzzleFromRecord(r)));
const pruned = repeat(() => smallBoards.reduce((n, b) => n + solveBoard(b).solutions.length, 0));
const brute = repeat(() => smallBoards.reduce((n, b) => n + bruteForce(b), 0));
if (pruned.result !== brute.result) throw new Error("brute force and solver disagree");
rows.push([
  `solver vs unpruned brute force (${small.length} puzzles ≤ 12 cells)`,
  `${pruned.ms.toFixed(1)} ms vs ${brute.ms.toFixed(0)} ms`,
  `${(brute.ms / pruned.ms).toFixed(0)}× faster, same ${brute.result} solutions`,
]);

// Validator: every stored solution; valid lines are the worst case (every rule is evaluated).
const boards = records.map((r) => boardOf(puzzleFromRecord(r)));
const paths = records.flatMap((r, i) => r.solutions.map((s) => ({ board: boards[i], path: s.path })));
const validator = repeat(() => {
  let passed = 0;
  for (let k = 0; k < 10; k++)
    for (const { board, path } of paths) if (board && verifyPath(board, path).passed) passed++;
  return passed;
});
const checked = paths.length * 10;
rows.push([
  "validator: valid paths checked per second",
  `${Math.round(checked / (validator.ms / 1000)).toLocaleString("en")} /s`,
  `${paths.length} stored solutions × 10`,
]);

// Generator: the full mix, and each split.
const COUNT = 40;
const gen = repeat(() => generateInstances(task, resolveParams(task, "all"), COUNT, "bench"));
rows.push([
  "generator: full mix (all)",
  `${(COUNT / (gen.ms / 1000)).toFixed(1)} puzzles/s`,
  `${COUNT} puzzles, 2-6 × 2-6`,
]);
for (const mix of Object.keys(MIXES).filter((m) => m !== "all")) {
  const n = 10;
  const g = repeat(() => generateInstances(task, resolveParams(task, mix), n, "bench"));
  rows.push([`generator: ${mix}`, `${(n / (g.ms / 1000)).toFixed(1)} puzzles/s`, `${n} puzzles`]);
}

rows.push(...benchSparcDistribution());

// The evaluation pipeline against a fake server, beside a bare HTTP client on the same server.
const harnessRuns: HarnessFigures[] = [];
for (let i = 0; i < RUNS; i++) harnessRuns.push(await benchHarness(task, instances, 3_000));
const mid = [...harnessRuns].sort((a, b) => a.samplesPerSecond - b.samplesPerSecond)[
  Math.floor(harnessRuns.length / 2)
] as HarnessFigures;
const wire = median(harnessRuns.map((h) => h.wirePerSecond));
const undici = median(harnessRuns.map((h) => h.undiciPerSecond));
rows.push([
  "harness vs bare client: samples/s, fake server, concurrency 64",
  `${mid.samplesPerSecond.toFixed(0)} vs ${wire.toFixed(0)} /s`,
  `${((100 * mid.samplesPerSecond) / wire).toFixed(0)}% of a bare fetch loop; ${mid.samples} samples, durable commits`,
]);
rows.push([
  "harness vs bare undici.request loop (its own transport)",
  `${mid.samplesPerSecond.toFixed(0)} vs ${undici.toFixed(0)} /s`,
  `${((100 * mid.samplesPerSecond) / undici).toFixed(0)}%: the harness's own work per sample`,
]);
rows.push([
  "harness: peak RSS, heap kept per sample",
  `${Math.max(...harnessRuns.map((h) => h.peakRssMb)).toFixed(0)} MB, ${median(harnessRuns.map((h) => h.heapPerSampleKb)).toFixed(1)} KB`,
  "whole process, server and checker threads included",
]);

rows.push(...(await benchScbench(median, RUNS)));
rows.push(...benchDlx(repeat));
rows.push(...benchExactCover(median, RUNS));
rows.push(...benchStacking(median, RUNS));
rows.push(...benchBurr());
rows.push(...benchBurrTiers());
rows.push(...(await benchComBench(median, RUNS)));
rows.push(...(await benchHostile(median, RUNS)));
rows.push(...(await benchView(median, RUNS)));
rows.push(...(await benchServe()));
rows.push(...(await benchStore(task, instances, RUNS)));
rows.push(...(await benchAnalysis(median, RUNS)));

const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c]?.length ?? 0), 6));
const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(" | ")} |`;
console.log(`Plumb benchmarks (median of ${RUNS} runs, Node ${process.version})\n`);
console.log(line(["measure", "value", "note"]));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const r of rows) console.log(line(r));
