import { DancingLinks } from "dancing-links";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ExactCoverProblem, solveExactCover } from "./dlx.ts";
import { searchFirstColumn } from "./exact-cover-bits.ts";
import { layOutSmall, searchSmall } from "./exact-cover-small.ts";
import { tilingProblem } from "./exact-cover-tiling.ts";
import { PENTOMINOES, SOMA } from "./shapes.ts";
import { boxCells, type Cell } from "./voxels.ts";

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

/**
 * Small problems shaped like tilings, for exact-cover-small.ts: cells first (up to 8), then groups
 * (up to 4), then secondary columns (up to 2). Each row covers some cells, one group and maybe
 * secondary columns: a group's cells in each of two random partitions of the cells among the
 * groups (so that most problems have covers), and random rows of one to three cells.
 */
const smallTiling = fc
  .record({
    cells: fc.integer({ min: 1, max: 8 }),
    groups: fc.integer({ min: 1, max: 4 }),
    secondary: fc.integer({ min: 0, max: 2 }),
  })
  .chain(({ cells, groups, secondary }) => {
    const group = fc.integer({ min: 0, max: groups - 1 });
    const someSecondary = fc.subarray(Array.from({ length: secondary }, (_, k) => cells + groups + k));
    const partition = fc.array(group, { minLength: cells, maxLength: cells });
    const random = fc.array(
      fc.tuple(
        fc.uniqueArray(fc.integer({ min: 0, max: cells - 1 }), { minLength: 1, maxLength: 3 }),
        group,
        someSecondary,
      ),
      { maxLength: 6 },
    );
    return fc
      .tuple(partition, partition, random, someSecondary)
      .map(([a, b, rows, planted]): ExactCoverProblem => {
        const out = rows.map(([c, g, s]) => [...c, cells + g, ...s]);
        for (const [i, part] of [a, b].entries()) {
          for (let g = 0; g < groups; g++) {
            const row = part.flatMap((p, c) => (p === g ? [c] : []));
            if (row.length > 0) out.push([...row, cells + g, ...(i === 0 && g === 0 ? planted : [])]);
          }
        }
        return { primary: cells + groups, secondary, rows: out };
      });
  });

/** The solutions in the order found, by the 32-bit search and by the general bitmask search. */
function inOrder(problem: ExactCoverProblem, limit = Number.POSITIVE_INFINITY): [number[][], number[][]] {
  const layout = layOutSmall(problem.primary, problem.rows);
  if (layout === null) throw new Error("the problem does not fit 32-bit masks");
  const small: number[][] = [];
  const general: number[][] = [];
  const lim = (out: number[][]) => ({
    limit,
    nodeLimit: Number.POSITIVE_INFINITY,
    onSolution: (rows: readonly number[]) => {
      out.push([...rows]);
      return true;
    },
  });
  searchSmall(layout, lim(small));
  searchFirstColumn(problem.primary, problem.rows, lim(general));
  return [small, general];
}

/** A 1×n strip tiled by straight pieces of the given lengths, each row also covering `extra(piece, x)`. */
function strip(n: number, lengths: number[], secondary: number, extra: (k: number, x: number) => number[]) {
  const rows: number[][] = [];
  lengths.forEach((len, k) => {
    for (let x = 0; x + len <= n; x++)
      rows.push([...Array.from({ length: len }, (_, i) => x + i), n + k, ...extra(k, x)]);
  });
  return { primary: n + lengths.length, secondary, rows };
}

/**
 * Wider problems (20–100 primary columns, up to 28 secondary): two random partitions of the
 * primary columns, some parts with a secondary column, and random rows. Most have rows that span
 * more than 32 columns, which the bitmask search tests in full.
 */
const wideProblem = fc
  .record({ primary: fc.integer({ min: 20, max: 100 }), secondary: fc.integer({ min: 0, max: 28 }) })
  .chain(({ primary, secondary }) => {
    const partition = fc.array(fc.integer({ min: 0, max: 15 }), { minLength: primary, maxLength: primary });
    const column = fc.integer({ min: 0, max: primary + secondary - 1 });
    const extra = fc.array(fc.uniqueArray(column, { minLength: 1, maxLength: 6 }), { maxLength: 24 });
    return fc.tuple(partition, partition, extra).map(([a, b, rows]): ExactCoverProblem => {
      for (const part of [a, b]) {
        for (let id = 0; id <= 15; id++) {
          const row = part.flatMap((p, c) => (p === id ? [c] : []));
          if (row.length === 0) continue;
          if (id % 3 === 0 && id / 3 < secondary) row.push(primary + id / 3);
          rows.push(row);
        }
      }
      return { primary, secondary, rows };
    });
  });

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
    fc.assert(
      fc.property(smallTiling, (problem) => {
        expect(layOutSmall(problem.primary, problem.rows)).not.toBeNull();
        const expected = bruteForce(problem);
        expect(solutions(problem, "first")).toEqual(expected);
        expect(solutions(problem, "fewest")).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("32-bit search: the general search's solutions in the same order, also up to a limit", () => {
    fc.assert(
      fc.property(smallTiling, fc.integer({ min: 1, max: 3 }), (problem, limit) => {
        const [small, general] = inOrder(problem);
        expect(small).toEqual(general);
        const [smallFew, generalFew] = inOrder(problem, limit);
        expect(smallFew).toEqual(generalFew);
      }),
      { numRuns: 300 },
    );
    const [small, general] = inOrder(somaCube);
    expect(small).toHaveLength(11520);
    expect(small).toEqual(general);
  });

  it("32-bit search: taken up to 32 cells and secondary columns, not past", () => {
    // A 3×11 box (33 cells) by the V tromino and six pentominoes; a 4×8 one (32) by four
    // pentominoes and the planar tetrominoes.
    const [V, L, T, Z] = Object.values(SOMA);
    const box33 = tilingProblem([V as Cell[], ...pentominoes.slice(0, 6)], boxCells([3, 11, 1]));
    const box32 = tilingProblem([...pentominoes.slice(0, 4), L, T, Z] as Cell[][], boxCells([4, 8, 1]));
    // Straight pieces in a strip, two of which share a secondary column past cell 9: 31 cells
    // and 2 secondary columns, then 30 and 2.
    const shared = (n: number) =>
      strip(n, [10, 10, n - 20], 2, (k, x) => (k < 2 && x >= 10 ? [n + 3] : x === 0 ? [n + 4] : []));
    for (const [problem, fits] of [
      [box33, false],
      [box32, true],
      [shared(31), false],
      [shared(30), true],
    ] as const) {
      expect(layOutSmall(problem.primary, problem.rows) !== null).toBe(fits);
      const fewest = solutions(problem, "fewest");
      expect(fewest.length).toBeGreaterThan(0);
      expect(solutions(problem, "first")).toEqual(fewest);
    }
  });

  it("agree with each other on wider problems", () => {
    fc.assert(
      fc.property(wideProblem, (problem) => {
        const fewest = solutions(problem, "fewest");
        expect(fewest.length).toBeGreaterThan(0);
        expect(solutions(problem, "first")).toEqual(fewest);
        expect(solveExactCover(problem, { branch: "first" }).count).toBe(fewest.length);
      }),
      { numRuns: 100 },
    );
  });

  it("handle more than 32 distinct highest columns, wide rows and a secondary column", () => {
    // Columns 2k, 2k+1 (k < 33) by a pair, or for k < 5 by two single rows, of which those for 2k
    // share secondary column 66; one row covers 0, 1, 64 and 65. That makes 6 + 5 covers.
    const rows: number[][] = [[0, 1, 64, 65]];
    for (let k = 0; k < 33; k++) rows.push([2 * k, 2 * k + 1]);
    for (let k = 0; k < 5; k++) rows.push([2 * k, 66], [2 * k + 1]);
    const problem: ExactCoverProblem = { primary: 66, secondary: 1, rows };
    const fewest = solutions(problem, "fewest");
    expect(fewest).toHaveLength(11);
    expect(solutions(problem, "first")).toEqual(fewest);
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
  // 6×10 (9,356 tilings) is checked by the bench, bench/exact-cover.ts.
  it.each([
    [3, 20, 8],
    [4, 15, 1472],
    [5, 12, 4040],
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
