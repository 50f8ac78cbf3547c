/**
 * Exact cover, Plumb against npm dancing-links on the same rows: pentominoes in a 5×12 box (all
 * 4,040 tilings; 6×10 would cost dancing-links some 25 s a run) and the Soma cube (all 11,520).
 * Plumb runs its first-empty-cell bitmask search (`branch: "first"`) and, for comparison, its
 * dancing-links search (the default, fewest rows). Goal: at least 10× faster than dancing-links.
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

export function benchExactCover(median: (xs: number[]) => number, runs: number): Row[] {
  const cases = [
    {
      name: "pentominoes 5×12, all tilings",
      problem: tilingProblem(Object.values(PENTOMINOES), boxCells([5, 12, 1])),
      expected: 4040,
    },
    {
      name: "Soma cube, all solutions",
      problem: tilingProblem(Object.values(SOMA), boxCells([3, 3, 3])),
      expected: 11520,
    },
  ];
  const rows: Row[] = [];
  for (const { name, problem, expected } of cases) {
    const solvers: [string, () => number][] = [
      ["first", () => solveExactCover(problem, { branch: "first" }).count],
      ["fewest", () => solveExactCover(problem).count],
      ["dancing-links", () => theirs(problem)],
    ];
    const times = solvers.map(() => [] as number[]);
    // Interleaved rounds, so that load on the machine falls on every solver alike.
    for (let r = 0; r < runs; r++) {
      solvers.forEach(([label, run], i) => {
        const t0 = performance.now();
        const count = run();
        times[i]?.push(performance.now() - t0);
        if (count !== expected)
          throw new Error(`${name}, ${label}: ${count} solutions, expected ${expected}`);
      });
    }
    const [first, fewest, dl] = times.map((t) => median(t)) as [number, number, number];
    const speedUp = dl / first;
    rows.push([
      `exact cover: ${name} (${expected.toLocaleString("en")}), Plumb vs dancing-links`,
      `${first.toFixed(0)} ms vs ${dl.toFixed(0)} ms`,
      `${speedUp.toFixed(1)}× faster; goal ≥ 10×: ${speedUp >= 10 ? "met" : "NOT met"}`,
    ]);
    rows.push([
      `exact cover: ${name}, Plumb's dancing links (fewest rows)`,
      `${fewest.toFixed(0)} ms`,
      `${(dl / fewest).toFixed(1)}× dancing-links' speed`,
    ]);
  }
  return rows;
}
