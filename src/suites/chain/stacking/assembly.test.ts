import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { boxCells, type Cell, cellKey } from "../../../geometry/voxels.ts";
import { assemblyOrder, SlotGraph } from "./assembly.ts";
import { clearLine, LINES } from "./fixture.ts";
import { growPartition } from "./partition.ts";
import { DIRECTION_VECTORS } from "./rules.ts";
import { INSERTION_RULES, type InsertionRule } from "./schema.ts";

/** Every order of the pieces, each piece tried along every allowed line: a valid one, by brute force. */
function bruteForceOrderExists(solution: readonly Cell[][], box: Cell, rule: InsertionRule): boolean {
  const occupied = new Set<string>();
  const used = solution.map(() => false);
  const go = (left: number): boolean => {
    if (left === 0) return true;
    for (let i = 0; i < solution.length; i++) {
      const cells = solution[i] as Cell[];
      if (used[i]) continue;
      const supported = cells.some((c) => c[2] === 0 || occupied.has(cellKey([c[0], c[1], c[2] - 1])));
      if (!supported || !LINES[rule].some((d) => clearLine(cells, d, occupied, box))) continue;
      used[i] = true;
      for (const c of cells) occupied.add(cellKey(c));
      const ok = go(left - 1);
      for (const c of cells) occupied.delete(cellKey(c));
      used[i] = false;
      if (ok) return true;
    }
    return false;
  };
  return go(solution.length);
}

/** Replays an order from the empty box: every piece supported on arrival, along an allowed, clear line. */
function orderIsValid(
  order: readonly { piece: number; direction: keyof typeof DIRECTION_VECTORS }[],
  solution: readonly Cell[][],
  box: Cell,
  rule: InsertionRule,
): boolean {
  const occupied = new Set<string>();
  if (new Set(order.map((s) => s.piece)).size !== solution.length) return false;
  return order.every(({ piece, direction }) => {
    const cells = solution[piece] as Cell[];
    const d = DIRECTION_VECTORS[direction];
    const allowed = LINES[rule].some((l) => l.join() === d.join());
    const supported = cells.some((c) => c[2] === 0 || occupied.has(cellKey([c[0], c[1], c[2] - 1])));
    const ok = allowed && supported && clearLine(cells, d, occupied, box);
    for (const c of cells) occupied.add(cellKey(c));
    return ok;
  });
}

describe("assembly orders under an insertion rule", () => {
  it("exist exactly when brute force over every order finds one, and replay as valid (small random packings)", () => {
    const found: Record<InsertionRule, [number, number]> = { down: [0, 0], axis: [0, 0] };
    for (const box of [
      [2, 2, 3],
      [2, 3, 3],
      [3, 3, 2],
    ] as Cell[]) {
      for (let seed = 0; seed < 60; seed++) {
        const solution = growPartition(box, new Rng(`brute/${seed}`), { min: 2, max: 6, planar: false });
        if (solution === null || solution.length > 7) continue;
        for (const rule of INSERTION_RULES) {
          const order = assemblyOrder(solution, box, rule);
          expect(order !== null, JSON.stringify(solution)).toBe(bruteForceOrderExists(solution, box, rule));
          if (order !== null) expect(orderIsValid(order, solution, box, rule)).toBe(true);
          found[rule][order === null ? 1 : 0]++;
        }
      }
    }
    // Both outcomes were compared; no small packing blocks every axis (see the interlocked one below).
    expect(found.down.every((n) => n > 0)).toBe(true);
    expect(found.axis[0]).toBeGreaterThan(0);
  });

  it("straight down needs every piece below another filled first; any axis lets it come from the side", () => {
    // An L in the x-z plane hangs over the bar under its arm: the bar must go in first.
    const bar: Cell[] = [[1, 0, 0]];
    const hook: Cell[] = [
      [0, 0, 0],
      [0, 0, 1],
      [1, 0, 1],
    ];
    const box: Cell = [2, 1, 2];
    expect(assemblyOrder([hook, bar], box, "down")).toEqual([
      { piece: 1, direction: "-z" },
      { piece: 0, direction: "-z" },
    ]);
    // The hook first, then the bar slides in along -x under the hook's arm.
    const graph = new SlotGraph([hook, bar], box, "axis");
    expect(graph.completion([true, false], [0, 1])).toEqual([{ piece: 1, direction: "-x" }]);
    expect(new SlotGraph([hook, bar], box, "down").completion([true, false], [0, 1])).toBeNull();
  });

  it("finds none for an interlocked packing under either rule", () => {
    // Found by search in a 3×3×2 box: the square leaves, but the two hooks left behind block
    // each other along every axis.
    const square: Cell[] = [
      [1, 0, 0],
      [2, 0, 0],
      [1, 0, 1],
      [2, 0, 1],
    ];
    const hookA: Cell[] = [
      [0, 0, 0],
      [0, 1, 0],
      [0, 2, 0],
      [1, 2, 0],
      [1, 2, 1],
      [2, 2, 1],
      [0, 0, 1],
    ];
    const hookB: Cell[] = [
      [0, 2, 1],
      [0, 1, 1],
      [1, 1, 1],
      [1, 1, 0],
      [2, 1, 0],
      [2, 2, 0],
      [2, 1, 1],
    ];
    for (const rule of INSERTION_RULES)
      expect(assemblyOrder([square, hookA, hookB], [3, 3, 2], rule)).toBeNull();
  });

  it("stacks layers from the floor up", () => {
    const layers = [0, 1, 2].map((z) => boxCells([2, 2, 1]).map(([x, y]) => [x, y, z] as Cell));
    expect(assemblyOrder(layers, [2, 2, 3], "down")?.map((s) => s.piece)).toEqual([0, 1, 2]);
  });
});
