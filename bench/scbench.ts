/**
 * SCBench: generation time per level and verifications per second of each task's reference answers;
 * for the simulators and CSG-graded tasks, time per level (or per criterion) instead.
 */
import { generateInstances, resolveParams } from "../src/core/instances.ts";
import { loadTasks } from "../src/core/registry.ts";
import { timeSolver } from "../src/suites/scbench/hamiltonian-loop/generate.ts";
import { simulatorRows } from "./scbench-simulators.ts";

/** Graded one level at a time by their own bench (a physics or CSG run per answer). */
const PER_LEVEL = new Set([
  "scbench/terrain-levelling",
  "scbench/interlocking-parts",
  "scbench/lego-shell",
  "scbench/csg-union",
  "scbench/fluid-sim",
  "scbench/tetra-shadow",
]);

type Row = [string, string, string];

export async function benchScbench(median: (xs: number[]) => number, runs: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const task of await loadTasks("scbench")) {
    const levels = Object.keys(task.levels);
    const samples: { inst: ReturnType<typeof generateInstances>[number]; answer: unknown }[] = [];
    for (const level of levels) {
      const times: number[] = [];
      for (let r = 0; r < runs; r++) {
        const t0 = performance.now();
        const [inst] = generateInstances(task, resolveParams(task, level), 1, `bench-${r}`);
        times.push(performance.now() - t0);
        if (r === 0 && inst) samples.push({ inst, answer: task.solve?.(inst).answers[0] });
      }
      rows.push([
        `${task.id}: generate ${level}`,
        `${median(times).toFixed(2)} ms`,
        "per instance, solver proof included",
      ]);
    }
    if (PER_LEVEL.has(task.id)) continue;
    const rates: number[] = [];
    for (let r = 0; r < runs; r++) {
      let n = 0;
      const t0 = performance.now();
      while (performance.now() - t0 < 200) {
        for (const { inst, answer } of samples) await task.verify(inst, answer);
        n += samples.length;
      }
      rates.push(n / ((performance.now() - t0) / 1000));
    }
    rows.push([
      `${task.id}: verify`,
      `${Math.round(median(rates)).toLocaleString("en")} /s`,
      `reference answers, all ${levels.length} levels`,
    ]);
  }
  rows.push(...hamiltonianSolver(median, runs));
  rows.push(...simulatorRows(runs));
  return rows;
}

/** The Hamiltonian-loop reference solver on busy 16×16 and 32×32 grids (a quarter of the cells blocked). */
function hamiltonianSolver(median: (xs: number[]) => number, runs: number): Row[] {
  const sizes = [
    { width: 16, height: 16, obstacles: 64 },
    { width: 32, height: 32, obstacles: 256 },
  ];
  return sizes.map((size) => {
    const times: number[] = [];
    for (let r = 0; r < Math.max(runs, 5); r++) {
      const [t] = timeSolver([size], `bench-${r}`);
      if (!t?.solved) throw new Error(`hamiltonian solver failed on ${size.width}×${size.height}`);
      times.push(t.solveMs);
    }
    return [
      `scbench/hamiltonian-loop: solve ${size.width}×${size.height}, ${size.obstacles} blocked`,
      `${median(times).toFixed(1)} ms`,
      "reference solver, certified by the verifier",
    ];
  });
}
