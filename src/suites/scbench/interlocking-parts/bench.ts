import type { InterlockingData } from "./schema.ts";
import { solveInterlocking } from "./solve.ts";
import { CRITERIA, runCriteria } from "./verify.ts";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * Median milliseconds to grade the reference on the original's sizes, per criterion (each run
 * alone, so each includes turning the 10 meshes into solids), and for the whole verdict.
 */
export function benchInterlocking(runs = 5): { criterion: string; ms: number }[] {
  const data: InterlockingData = { innerWidth: 350, innerHeight: 700, build: [400, 400, 400] };
  const answer = solveInterlocking(data);
  const time = (only?: ReadonlySet<(typeof CRITERIA)[number]>) =>
    median(
      Array.from({ length: runs }, () => {
        const start = performance.now();
        runCriteria(data, answer, only);
        return performance.now() - start;
      }),
    );
  return [
    ...CRITERIA.map((c) => ({ criterion: c, ms: time(new Set([c])) })),
    { criterion: "all", ms: time() },
  ];
}
