import { describe, expect, it } from "vitest";
import { sparcRecords } from "../../../test/support/sparc.ts";
import { Rng } from "../../core/rng.ts";
import { astarAction, astarPath, movesOf } from "./astar.ts";
import { boardOf } from "./board.ts";
import { SparcGym } from "./gym.ts";
import { isRuleCell, type Puzzle, puzzleFromRecord } from "./puzzle.ts";
import type { Point } from "./record.ts";
import { verifyPath } from "./verify.ts";

const records = sparcRecords();

/** Moves of a shortest S→E line by breadth-first search, or null: the brute-force reference. */
function bfsLength(p: Puzzle): number | null {
  const free = (x: number, y: number) =>
    x >= 0 &&
    y >= 0 &&
    x < p.cols &&
    y < p.rows &&
    !isRuleCell(x, y) &&
    !p.gaps.some((g) => g.x === x && g.y === y);
  const dist = new Map<string, number>([[`${p.start.x},${p.start.y}`, 0]]);
  let frontier: Point[] = [p.start];
  for (let d = 0; frontier.length > 0; d++) {
    if (frontier.some((q) => q.x === p.end.x && q.y === p.end.y)) return d;
    const next: Point[] = [];
    for (const q of frontier) {
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const n = { x: q.x + dx, y: q.y + dy };
        if (!free(n.x, n.y) || dist.has(`${n.x},${n.y}`)) continue;
        dist.set(`${n.x},${n.y}`, d + 1);
        next.push(n);
      }
    }
    frontier = next;
  }
  return null;
}

/** A random board up to 4×4 cells: S and E on the border, gaps on line positions. */
function randomPuzzle(rng: Rng): Puzzle {
  const width = rng.int(1, 4);
  const height = rng.int(1, 4);
  const cols = 2 * width + 1;
  const rows = 2 * height + 1;
  const onLine: Point[] = [];
  for (let y = 0; y < rows; y++) for (let x = 0; x < cols; x++) if (!isRuleCell(x, y)) onLine.push({ x, y });
  const border = onLine.filter((q) => q.x === 0 || q.y === 0 || q.x === cols - 1 || q.y === rows - 1);
  const start = rng.pick(border);
  const end = rng.pick(border.filter((q) => q !== start));
  const gapShare = rng.float() * 0.45;
  const gaps = onLine.filter((q) => q !== start && q !== end && rng.float() < gapShare);
  return { width, height, cols, rows, start, end, gaps, dots: [], symbols: [], shapes: new Map() };
}

function expectWalkable(p: Puzzle, path: Point[]): void {
  expect(path[0]).toEqual(p.start);
  expect(path.at(-1)).toEqual(p.end);
  const seen = new Set<string>();
  path.forEach((q, i) => {
    expect(isRuleCell(q.x, q.y)).toBe(false);
    expect(p.gaps.some((g) => g.x === q.x && g.y === q.y)).toBe(false);
    expect(q.x >= 0 && q.y >= 0 && q.x < p.cols && q.y < p.rows).toBe(true);
    expect(seen.has(`${q.x},${q.y}`)).toBe(false);
    seen.add(`${q.x},${q.y}`);
    const prev = path[i - 1];
    if (prev) expect(Math.abs(prev.x - q.x) + Math.abs(prev.y - q.y)).toBe(1);
  });
}

describe("astarPath (the SPaRC CLI's A* ablation)", () => {
  it("finds a shortest line around gaps and rule cells, or none, as breadth-first search does", () => {
    const rng = new Rng("astar-vs-bfs");
    let unreachable = 0;
    for (let i = 0; i < 3000; i++) {
      const p = randomPuzzle(rng);
      const path = astarPath(p);
      const shortest = bfsLength(p);
      if (shortest === null) {
        unreachable++;
        expect(path).toBeNull();
        continue;
      }
      expect(path, JSON.stringify(p)).not.toBeNull();
      expectWalkable(p, path as Point[]);
      expect((path as Point[]).length - 1).toBe(shortest);
    }
    expect(unreachable).toBeGreaterThan(50);
  });

  it("breaks ties as the CLI: the same lines as its Python on the fixtures", () => {
    // Lines of `_astar_find_path` (lkaesberg/SPaRC 5778bb4), which agrees on all 100 fixtures.
    const line = (prefix: string): string => {
      const r = records.find((x) => x.id.startsWith(prefix));
      const path = r && astarPath(puzzleFromRecord(r));
      return (path ?? []).map((q) => `${q.x},${q.y}`).join(" ");
    };
    expect(line("934d9932")).toBe("0,1 0,2 0,3");
    expect(line("5569f163")).toBe(
      "1,0 2,0 2,1 2,2 2,3 2,4 2,5 2,6 2,7 2,8 2,9 2,10 3,10 4,10 5,10 6,10 7,10 8,10 9,10 10,10 11,10 12,10 12,11",
    );
    expect(line("52df57cc")).toBe(
      "11,0 10,0 9,0 8,0 7,0 6,0 6,1 6,2 5,2 4,2 3,2 2,2 1,2 0,2 0,3 0,4 0,5 0,6 0,7 0,8 0,9",
    );
    for (const r of records) expectWalkable(puzzleFromRecord(r), astarPath(puzzleFromRecord(r)) as Point[]);
  });

  it("solves 9 of the 100 fixture puzzles, all of levels 1 and 2", () => {
    const solved = records.filter((r) => {
      const p = puzzleFromRecord(r);
      return verifyPath(boardOf(p), astarPath(p) as Point[]).passed;
    });
    expect(solved.length).toBe(9);
    expect(solved.map((r) => r.difficulty_level).sort()).toEqual([1, 1, 1, 1, 1, 1, 2, 2, 2]);
  });

  it("plays its plan in the gym with the same outcome", () => {
    for (const r of records) {
      const p = puzzleFromRecord(r);
      const plan = movesOf(astarPath(p) as Point[]);
      const gym = new SparcGym(r, p);
      while (!gym.done) {
        const step = gym.steps;
        gym.step(astarAction(plan, step, gym.legalActions(), new Rng(`t/${step}`)));
      }
      expect(gym.success, r.id).toBe(verifyPath(boardOf(p), astarPath(p) as Point[]).passed);
      expect(gym.steps).toBe(plan.length);
    }
  });
});

describe("astarAction", () => {
  it("follows the plan while its move is legal, else draws a legal action from the Rng", () => {
    const plan = ["up", "right"] as const;
    expect(astarAction(plan, 0, ["up", "down"], new Rng("a"))).toBe("up");
    expect(astarAction(plan, 1, ["up", "down"], new Rng("a"))).toBe(new Rng("a").pick(["up", "down"]));
    const drawn = new Set(
      Array.from({ length: 40 }, (_, i) => astarAction(plan, 5, ["left", "down"], new Rng(i))),
    );
    expect(drawn).toEqual(new Set(["left", "down"]));
  });
});
