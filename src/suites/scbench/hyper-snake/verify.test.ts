import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { Box } from "./box.ts";
import { hyperSnakeTask as task } from "./index.ts";
import type { HyperSnakeData } from "./schema.ts";
import { solveSnake } from "./solve.ts";
import { verifySnake } from "./verify.ts";

const failed = (data: HyperSnakeData, path: number[][]): string[] =>
  verifySnake(data, { path })
    .checks.filter((c) => !c.ok)
    .map((c) => c.name);

// 3×3 with the centre walled: the eight border cells form a ring.
const ring: HyperSnakeData = { shape: [3, 3], walls: [[1, 1]], food: [[2, 2]], start: [0, 0] };
const around = [
  [0, 0],
  [1, 0],
  [2, 0],
  [2, 1],
  [2, 2],
  [1, 2],
  [0, 2],
  [0, 1],
];

describe("hyper-snake verify", () => {
  it("accepts a full legal path", () => {
    const v = verifySnake(ring, { path: around });
    expect(v.passed).toBe(true);
    expect(v.score).toBe(1);
  });

  it("enforces walls (a path through the centre wall fails)", () => {
    const v = verifySnake(ring, {
      path: [
        [0, 0],
        [0, 1],
        [1, 1],
        [2, 1],
        [2, 2],
      ],
    });
    expect(v.checks.find((c) => c.name === "moves.no_wall")?.ok).toBe(false);
    expect(v.score).toBe(0);
    expect(v.failure?.kind).toBe("wrong");
  });

  it("rejects steps changing two coordinates or moving by 2", () => {
    expect(
      failed(ring, [
        [0, 0],
        [1, 0],
        [2, 1],
        [2, 2],
      ]),
    ).toContain("moves.unit_step");
    expect(
      failed(ring, [
        [0, 0],
        [2, 0],
        [2, 1],
        [2, 2],
      ]),
    ).toContain("moves.unit_step");
    expect(
      failed(ring, [
        [0, 0],
        [0, 0],
        [1, 0],
      ]),
    ).toContain("moves.unit_step");
  });

  it("rejects leaving the box, revisiting, a wrong start and wrong arity", () => {
    expect(
      failed(ring, [
        [0, 0],
        [-1, 0],
      ]),
    ).toContain("moves.in_bounds");
    expect(
      failed(ring, [
        [0, 0],
        [0, 1],
        [0, 2],
        [0, 3],
      ]),
    ).toContain("moves.in_bounds");
    expect(
      failed(ring, [
        [0, 0],
        [1, 0],
        [0, 0],
      ]),
    ).toContain("moves.no_self_collision");
    expect(
      failed(ring, [
        [1, 0],
        [2, 0],
      ]),
    ).toContain("path.start");
    const v = verifySnake(ring, {
      path: [
        [0, 0],
        [1, 0, 0],
      ],
    });
    expect(v.checks.find((c) => c.name === "path.arity")?.ok).toBe(false);
    expect(v.failure?.kind).toBe("invalid");
    expect(v.score).toBe(0);
  });

  it("scores coverage / 0.98 with walls, divided by uneaten food + 1", () => {
    // 5 of 8 open cells, food at [2,2] eaten: (5/8)/0.98.
    expect(verifySnake(ring, { path: around.slice(0, 5) }).score).toBeCloseTo(5 / 8 / 0.98, 12);
    // 3 of 8, food uneaten: (3/8)/0.98/2.
    const v = verifySnake(ring, { path: around.slice(0, 3) });
    expect(v.score).toBeCloseTo(3 / 8 / 0.98 / 2, 12);
    expect(v.passed).toBe(false);
    expect(v.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["food.all_eaten", "score.coverage"]);
    // Without walls there is no allowance: 35 of 36 cells is not full coverage.
    const open: HyperSnakeData = { shape: [6, 6], walls: [], food: [], start: [0, 0] };
    const snake = solveSnake(open);
    expect(verifySnake(open, { path: snake }).score).toBe(1);
    expect(verifySnake(open, { path: snake.slice(0, 35) }).score).toBeCloseTo(35 / 36, 12);
  });

  it("the 98% allowance earns full coverage on a walled level", () => {
    const inst = task.generate(task.params.parse(task.levels["10d-binary-walls"]), new Rng("allow"));
    const data = { ...inst.data, food: [] };
    const path = solveSnake(data);
    const needed = Math.ceil(0.98 * (1024 - data.walls.length));
    expect(verifySnake(data, { path: path.slice(0, needed) }).score).toBe(1);
    const short = verifySnake(data, { path: path.slice(0, needed - 1) });
    expect(short.passed).toBe(false);
    expect(short.score).toBeCloseTo((needed - 1) / (1024 - data.walls.length) / 0.98, 12);
  });

  it("reference matches an exhaustive search for the longest snake on small boxes", () => {
    const rng = new Rng("brute");
    for (let t = 0; t < 12; t++) {
      const shape = rng.pick([
        [3, 3],
        [2, 5],
        [3, 4],
        [2, 2, 3],
        [2, 2, 2, 2],
      ]);
      const box = new Box(shape);
      const cells = rng.shuffle(Array.from({ length: box.size }, (_, k) => k));
      const walls = cells.slice(1, 1 + rng.int(1, 2));
      const data: HyperSnakeData = {
        shape,
        walls: walls.map((k) => box.point(k)),
        food: [],
        start: box.point(cells[0] ?? 0),
      };
      const blocked = new Set(walls);
      let longest = 0;
      const dfs = (k: number, depth: number): void => {
        longest = Math.max(longest, depth);
        blocked.add(k);
        for (const n of box.neighbours(k)) if (!blocked.has(n)) dfs(n, depth + 1);
        blocked.delete(k);
      };
      dfs(cells[0] ?? 0, 1);
      const reference = solveSnake(data);
      expect(
        verifySnake(data, { path: reference })
          .checks.slice(0, 6)
          .every((c) => c.ok),
      ).toBe(true);
      expect(reference.length).toBe(longest);
    }
  });
});
