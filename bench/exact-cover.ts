/**
 * Exact cover, Plumb against npm dancing-links on the same rows: pentominoes in a 5×12 box (all
 * 4,040 tilings) and a 6×10 box (all 9,356), and the Soma cube (all 11,520). Plumb runs its
 * first-empty-cell bitmask search (`branch: "first"`) and, for comparison, its dancing-links search
 * (the default, fewest rows; not on 6×10, where it takes some 20 s a run). Goal: Plumb at least
 * 10× faster than dancing-links on each.
 */
import { DancingLinks } from "dancing-links";
import { type ExactCoverProblem, solveExactCover } from "../src/geometry/dlx.ts";
import { tilingProblem } from "../src/geometry/exact-cover-tiling.ts";
import { PENTOMINOES, SOMA } from "../src/geometry/shapes.ts";
import { boxCells } from "../src/geometry/voxels.ts";

type Row = [string, string, string];

function theirs(problem: ExactCoverProblem): number {
  const solver = new DancingLinks<number>().createSolver({ columns: problem.primary });
  problem.rows.forEach((row, r) => {
    solver.addSparseConstraint(r, [...row]);
  });
  return solver.findAll().length;
}

interface Case {
  name: string;
  problem: ExactCoverProblem;
  expected: number;
  /** Timed runs of Plumb's bitmask search. */
  runs: number;
  /** Timed runs of dancing-links (and of Plumb's own dancing links), at most `runs`. */
  slowRuns: number;
  fewest: boolean;
}

export function benchExactCover(median: (xs: number[]) => number, runs: number): Row[] {
  const pentominoes = Object.values(PENTOMINOES);
  const cases: Case[] = [
    {
      name: "pentominoes 5×12, all tilings",
      problem: tilingProblem(pentominoes, boxCells([5, 12, 1])),
      expected: 4040,
      runs,
      slowRuns: runs,
      fewest: true,
    },
    {
      name: "pentominoes 6×10, all tilings",
      problem: tilingProblem(pentominoes, boxCells([6, 10, 1])),
      expected: 9356,
      runs,
      // dancing-links takes 15–25 s a run here.
      slowRuns: 1,
      fewest: false,
    },
    {
      name: "Soma cube, all solutions",
      problem: tilingProblem(Object.values(SOMA), boxCells([3, 3, 3])),
      expected: 11520,
      // Some 30 ms against 0.4 s: more rounds, for a steadier median.
      runs: 3 * runs,
      slowRuns: 3 * runs,
      fewest: true,
    },
  ];
  const rows: Row[] = [];
  for (const { name, problem, expected, runs: n, slowRuns, fewest } of cases) {
    const solvers: [string, () => number, number][] = [
      ["first", () => solveExactCover(problem, { branch: "first" }).count, n],
      ["dancing-links", () => theirs(problem), slowRuns],
    ];
    if (fewest) solvers.push(["fewest", () => solveExactCover(problem).count, slowRuns]);
    const times = solvers.map(() => [] as number[]);
    // Interleaved rounds, so that load on the machine falls on every solver alike.
    for (let r = 0; r < n; r++) {
      solvers.forEach(([label, run, rounds], i) => {
        if (r >= rounds) return;
        const t0 = performance.now();
        const count = run();
        times[i]?.push(performance.now() - t0);
        if (count !== expected)
          throw new Error(`${name}, ${label}: ${count} solutions, expected ${expected}`);
      });
    }
    const [first, dl, fewestMs] = times.map((t) => median(t)) as [number, number, number | undefined];
    const speedUp = dl / first;
    const runsNote =
      slowRuns < n
        ? ` (dancing-links: ${slowRuns} run${slowRuns === 1 ? "" : "s"}, Plumb: median of ${n})`
        : ` (median of ${n})`;
    rows.push([
      `exact cover: ${name} (${expected.toLocaleString("en")}), Plumb vs dancing-links`,
      `${first.toFixed(0)} ms vs ${dl.toFixed(0)} ms`,
      `${speedUp.toFixed(1)}× faster; goal ≥ 10×: ${speedUp >= 10 ? "met" : "NOT met"}${runsNote}`,
    ]);
    if (fewestMs !== undefined)
      rows.push([
        `exact cover: ${name}, Plumb's dancing links (fewest rows)`,
        `${fewestMs.toFixed(0)} ms`,
        `${(dl / fewestMs).toFixed(1)}× dancing-links' speed`,
      ]);
  }
  return rows;
}
