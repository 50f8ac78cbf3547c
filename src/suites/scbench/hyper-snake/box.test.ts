import { describe, expect, it } from "vitest";
import { Box, boustrophedon, hamiltonianCycle } from "./box.ts";

const unitApart = (a: readonly number[], b: readonly number[]): boolean =>
  a.reduce((s, x, i) => s + Math.abs(x - (b[i] ?? 0)), 0) === 1;

const shapes = [
  [6, 6],
  [3, 4],
  [5, 5, 5],
  [3, 3, 3, 3, 3],
  [3, 3, 3, 2, 2, 2],
  [3, 2, 2, 2, 2, 2, 2, 2, 2],
  [2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
];

describe("hyper-snake box", () => {
  it("indexes cells and lists unit-step neighbours", () => {
    const box = new Box([3, 4, 2]);
    for (let k = 0; k < box.size; k++) {
      expect(box.index(box.point(k))).toBe(k);
      for (const n of box.neighbours(k)) expect(unitApart(box.point(k), box.point(n))).toBe(true);
    }
    expect(box.neighbours(0)).toHaveLength(3);
    expect(box.contains([2, 3, 1])).toBe(true);
    expect(box.contains([3, 0, 0])).toBe(false);
    expect(box.contains([0, 0])).toBe(false);
  });

  it("boustrophedon visits every cell once by unit steps", () => {
    for (const shape of shapes) {
      const box = new Box(shape);
      const order = boustrophedon(shape);
      expect(new Set(order.map((p) => box.index(p))).size).toBe(box.size);
      expect(order.every((p, i) => i === 0 || unitApart(order[i - 1] ?? [], p))).toBe(true);
    }
  });

  it("hamiltonianCycle closes on every box with an even cell count", () => {
    for (const shape of shapes) {
      const box = new Box(shape);
      if (box.size % 2 === 1) {
        expect(() => hamiltonianCycle(shape)).toThrow();
        continue;
      }
      const cycle = hamiltonianCycle(shape);
      expect(new Set(cycle.map((p) => box.index(p))).size).toBe(box.size);
      expect(cycle.every((p, i) => unitApart(cycle[(i + cycle.length - 1) % cycle.length] ?? [], p))).toBe(
        true,
      );
    }
  });
});
