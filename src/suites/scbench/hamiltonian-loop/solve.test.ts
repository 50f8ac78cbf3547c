import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { toAnswer } from "./generate.ts";
import { type Grid, gridOf, type LoopData, neighbours } from "./grid.ts";
import { findLoop } from "./solve.ts";
import { verifyLoop } from "./verify.ts";

/** Exhaustive search: does the free-cell graph have a Hamiltonian cycle? */
function bruteForce(g: Grid): boolean {
  const free = Array.from(g.open.keys()).filter((i) => g.open[i]);
  if (free.length < 4) return false;
  const start = free[0] as number;
  const used = new Uint8Array(g.open.length);
  used[start] = 1;
  const go = (head: number, depth: number): boolean => {
    if (depth === free.length) return neighbours(g, head).includes(start);
    for (const j of neighbours(g, head)) {
      if (used[j]) continue;
      used[j] = 1;
      if (go(j, depth + 1)) return true;
      used[j] = 0;
    }
    return false;
  };
  return go(start, 1);
}

describe("hamiltonian-loop solver", () => {
  it("agrees with exhaustive search on small random layouts", () => {
    let solvable = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 2, max: 4 }),
        fc.string({ maxLength: 6 }),
        (width, height, seed) => {
          const rng = new Rng(seed);
          const blocked: [number, number][] = [];
          for (let y = 0; y < height; y++)
            for (let x = 0; x < width; x++) if (rng.bool(0.15)) blocked.push([x, y]);
          const data: LoopData = { width, height, blocked };
          const g = gridOf(data);
          const expected = bruteForce(g);
          const { loop, decided } = findLoop(g);
          expect(decided).toBe(true);
          expect(loop !== null).toBe(expected);
          if (loop !== null) {
            solvable++;
            expect(verifyLoop(data, toAnswer(width, loop)).passed).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(solvable).toBeGreaterThan(20);
  });

  it("rejects layouts with unequal colour classes or a dead-end cell", () => {
    expect(findLoop(gridOf({ width: 3, height: 3, blocked: [[1, 0]] })).loop).toBeNull();
    expect(
      findLoop(
        gridOf({
          width: 4,
          height: 4,
          blocked: [
            [1, 0],
            [0, 1],
          ],
        }),
      ).loop,
    ).toBeNull();
    expect(findLoop(gridOf({ width: 3, height: 3, blocked: [[1, 1]] })).loop).not.toBeNull();
  });
});
