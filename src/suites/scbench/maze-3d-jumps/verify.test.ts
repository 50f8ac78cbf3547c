import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { moveGraph } from "./maze.ts";
import { GOOD, mazeInstance, withCell } from "./test-helpers.ts";
import { analyseMaze, verifyMaze } from "./verify.ts";

const failed = (rows: string[], data = mazeInstance().data) =>
  verifyMaze(data, { rows })
    .checks.filter((c) => !c.ok)
    .map((c) => c.name);

/** Simple A→B paths counted by exhaustive search, stopping at `cap`. */
function countPaths(h: number[], size: number, a: number, b: number, cap: number): number {
  const graph = moveGraph(h, size);
  const on = new Uint8Array(h.length);
  let count = 0;
  const dfs = (u: number) => {
    if (count >= cap) return;
    if (u === b) {
      count++;
      return;
    }
    on[u] = 1;
    for (const m of graph[u] ?? []) if (!on[m.to]) dfs(m.to);
    on[u] = 0;
  };
  dfs(a);
  return count;
}

describe("maze-3d-jumps verify", () => {
  it("accepts the hand-checked maze", () => {
    const v = verifyMaze(mazeInstance().data, { rows: GOOD });
    expect(v.passed).toBe(true);
    expect(v.checks.map((c) => c.name)).toEqual([
      "maze.size",
      "maze.endpoints",
      "maze.height_spread",
      "maze.reachable",
      "maze.unique_path",
      "maze.path_coverage",
      "maze.jumps",
    ]);
  });

  it("rejects a second route (a wall lowered into a shortcut)", () => {
    // The shortcut A → 3 → 4 → row 4 skips both jumps, so the shortest route is jump-short too.
    expect(failed(withCell(GOOD, 1, 0, "3"))).toEqual(["maze.unique_path", "maze.jumps"]);
    expect(failed(withCell(GOOD, 1, 0, "3"), mazeInstance({ minJumps: 0 }).data)).toEqual([
      "maze.unique_path",
    ]);
  });

  it("allows dead ends off the route", () => {
    expect(failed(withCell(GOOD, 3, 3, "6"))).toEqual([]);
  });

  it("rejects a jump over a cell only 1 lower (it becomes a walk, one jump short)", () => {
    expect(failed(withCell(GOOD, 0, 3, "1"))).toEqual(["maze.jumps"]);
  });

  it("rejects a jump over a higher cell (no move at all)", () => {
    expect(failed(withCell(GOOD, 2, 1, "6"))).toEqual(["maze.reachable"]);
  });

  it("rejects a jump landing on a different height", () => {
    expect(failed(withCell(GOOD, 0, 4, "3"))).toEqual(["maze.reachable"]);
  });

  it("rejects too few jumps", () => {
    expect(failed(GOOD, mazeInstance({ minJumps: 3 }).data)).toEqual(["maze.jumps"]);
  });

  it("rejects too short a route", () => {
    const rows = ["A320B", "56789", "67895", "78956", "89567"];
    expect(failed(rows, mazeInstance({ minJumps: 1 }).data)).toEqual(["maze.path_coverage"]);
  });

  it("rejects one height on more than 30% of the cells", () => {
    let rows = GOOD;
    for (const [r, c] of [
      [1, 0],
      [1, 2],
      [3, 2],
      [3, 4],
    ] as const)
      rows = withCell(rows, r, c, "9");
    expect(failed(rows)).toEqual(["maze.height_spread"]);
  });

  it("counts A and B at their fixed heights", () => {
    // With A at height 0 the first step (to 3) is no longer a walk.
    expect(failed(GOOD, mazeInstance({ startHeight: 0 }).data)).toEqual(["maze.reachable"]);
  });

  it("marks malformed grids invalid", () => {
    const short = verifyMaze(mazeInstance().data, { rows: GOOD.slice(0, 4) });
    expect(short.failure?.kind).toBe("invalid");
    const ragged = verifyMaze(mazeInstance().data, { rows: withCell(GOOD, 2, 4, "") });
    expect(ragged.failure?.message).toContain("row 2");
    const twoA = verifyMaze(mazeInstance().data, { rows: withCell(GOOD, 4, 4, "A") });
    expect(twoA.failure?.kind).toBe("invalid");
    expect(twoA.checks.find((c) => !c.ok)?.name).toBe("maze.endpoints");
  });

  it("agrees with exhaustive simple-path counting on random small grids", () => {
    const rng = new Rng("brute");
    let unique = 0;
    let several = 0;
    for (let t = 0; t < 400; t++) {
      const size = 4;
      const h = Array.from({ length: size * size }, () => rng.int(0, rng.int(2, 5)));
      const a = rng.int(0, size * size - 1);
      let b = rng.int(0, size * size - 2);
      if (b >= a) b++;
      const { path, shared } = analyseMaze(h, size, a, b);
      const count = countPaths(h, size, a, b, 2);
      expect(path !== null && shared.length === 0).toBe(count === 1);
      expect(path === null).toBe(count === 0);
      if (count === 1) unique++;
      if (count === 2) several++;
    }
    expect(unique).toBeGreaterThan(20);
    expect(several).toBeGreaterThan(20);
  });
});
