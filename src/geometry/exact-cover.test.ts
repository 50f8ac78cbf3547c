import { DancingLinks } from "dancing-links";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ExactCoverProblem, solveExactCover } from "./dlx.ts";
import { tilingProblem } from "./exact-cover-tiling.ts";
import { PENTOMINOES, SOMA } from "./shapes.ts";
import { boxCells } from "./voxels.ts";

const pentominoes = Object.values(PENTOMINOES);
const somaCube = tilingProblem(Object.values(SOMA), boxCells([3, 3, 3]));

/** Every solution's rows, sorted, as sorted keys. */
function solutions(problem: ExactCoverProblem, branch: "fewest" | "first"): string[] {
  const out: string[] = [];
  solveExactCover(problem, {
    branch,
    onSolution: (rows) => {
      out.push(rows.toSorted((a, b) => a - b).join(","));
      return true;
    },
  });
  return out.sort();
}

/** Every subset of the rows that covers each primary column once and each secondary at most once. */
function bruteForce({ primary, secondary = 0, rows }: ExactCoverProblem): string[] {
  const out: string[] = [];
  for (let set = 0; set < 1 << rows.length; set++) {
    const hits = new Array(primary + secondary).fill(0);
    const chosen: number[] = [];
    rows.forEach((row, r) => {
      if ((set >> r) & 1) {
        chosen.push(r);
        for (const c of row) hits[c]++;
      }
    });
    if (hits.every((h, c) => (c < primary ? h === 1 : h <= 1))) out.push(chosen.join(","));
  }
  return out.sort();
}

/** Small problems; every row covers a primary column (a search never takes a row that covers none). */
const smallProblem = fc
  .record({ primary: fc.integer({ min: 1, max: 6 }), secondary: fc.integer({ min: 0, max: 3 }) })
  .chain(({ primary, secondary }) =>
    fc
      .array(
        fc
          .tuple(
            fc.integer({ min: 0, max: primary - 1 }),
            fc.uniqueArray(fc.integer({ min: 0, max: primary + secondary - 1 }), { maxLength: 4 }),
          )
          .map(([p, rest]) => [p, ...rest.filter((c) => c !== p)]),
        { maxLength: 11 },
      )
      .map((rows): ExactCoverProblem => ({ primary, secondary, rows })),
  );

describe("exact cover: both searches against brute force", () => {
  it("find exactly the exact covers, each once", () => {
    fc.assert(
      fc.property(smallProblem, (problem) => {
        const expected = bruteForce(problem);
        expect(solutions(problem, "first")).toEqual(expected);
        expect(solutions(problem, "fewest")).toEqual(expected);
        expect(solveExactCover(problem, { branch: "first" }).count).toBe(expected.length);
      }),
      { numRuns: 300 },
    );
  });

  it("agree with npm dancing-links", () => {
    const random = fc.sample(smallProblem, { numRuns: 30, seed: 19 }).map((p) => ({ ...p, secondary: 0 }));
    const tilings = [tilingProblem(pentominoes, boxCells([3, 20, 1])), somaCube];
    for (const problem of [
      ...random.filter((p) => p.rows.length > 0 && p.rows.every((r) => r.every((c) => c < p.primary))),
      ...tilings,
    ]) {
      const solver = new DancingLinks<number>().createSolver({ columns: problem.primary });
      problem.rows.forEach((row, r) => {
        solver.addSparseConstraint(r, [...row]);
      });
      const theirs = solver
        .findAll()
        .map((s) =>
          s
            .map((x) => x.data)
            .sort((a, b) => a - b)
            .join(","),
        )
        .sort();
      expect(solutions(problem, "first")).toEqual(theirs);
    }
  });
});

describe("exact cover: known tiling counts, first-empty-cell search", () => {
  it.each([
    [3, 20, 8],
    [4, 15, 1472],
    [5, 12, 4040],
    [6, 10, 9356],
  ])("pentominoes tile %i×%i in %i ways, every orientation counted", (a, b, expected) => {
    const r = solveExactCover(tilingProblem(pentominoes, boxCells([a, b, 1])), { branch: "first" });
    expect(r).toMatchObject({ count: expected, complete: true });
  });

  it("Soma cube: 11,520 solutions, as with the fewest-rows search", () => {
    const first = solveExactCover(somaCube, { branch: "first" });
    const fewest = solveExactCover(somaCube);
    expect(first.count).toBe(11520);
    expect(fewest.count).toBe(11520);
    expect(first.first).not.toBeNull();
  });

  it("stops at a solution limit or a node limit", () => {
    const r = solveExactCover(somaCube, { branch: "first", limit: 5 });
    expect(r).toMatchObject({ count: 5, complete: false });
    const n = solveExactCover(somaCube, { branch: "first", nodeLimit: 100 });
    expect(n).toMatchObject({ nodes: 100, complete: false });
    const stopped = solveExactCover(somaCube, { branch: "first", onSolution: () => false });
    expect(stopped).toMatchObject({ count: 1, complete: false });
  });

  it("falls back to dancing links past the bitmask width", () => {
    const wide = tilingProblem(pentominoes.slice(0, 2), boxCells([10, 13, 1]));
    expect(wide.primary).toBeGreaterThan(128);
    expect(solveExactCover(wide, { branch: "first" }).count).toBe(0);
  });
});
