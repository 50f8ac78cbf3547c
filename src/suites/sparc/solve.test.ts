import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sparcRecords } from "../../../test/support/sparc.ts";
import { Rng } from "../../core/rng.ts";
import { type Board, boardOf } from "./board.ts";
import { MIXES, type Mix, placeRules, randomLine } from "./generate.ts";
import { COLORS, type Puzzle, puzzleFromRecord } from "./puzzle.ts";
import type { Path } from "./record.ts";
import { solveBoard } from "./solve.ts";
import { verifyPath } from "./verify.ts";

const key = (path: Path) => JSON.stringify(path.map((p) => [p.x, p.y]));

/** Every self-avoiding line from S to E, each judged by the validator alone: no pruning at all. */
function bruteForce(board: Board): Set<string> {
  const { cols, size, neighbors, blocked, start, end } = board;
  const used = new Uint8Array(size);
  const line: number[] = [];
  const found = new Set<string>();
  const walk = (p: number) => {
    used[p] = 1;
    line.push(p);
    if (p === end) {
      const path = line.map((i) => ({ x: i % cols, y: Math.floor(i / cols) }));
      if (verifyPath(board, path).passed) found.add(key(path));
    } else {
      for (const q of neighbors[p] as number[]) if (!used[q] && !blocked[q]) walk(q);
    }
    line.pop();
    used[p] = 0;
  };
  walk(start);
  return found;
}

/** A small random puzzle: rules planted on a random line, then sometimes recoloured so it may have no solution. */
function smallPuzzle(seed: number, mix: Mix, scramble: boolean): Puzzle {
  const rng = new Rng(seed);
  const width = rng.int(2, 4);
  const height = rng.int(2, 3);
  const cols = 2 * width + 1;
  const rows = 2 * height + 1;
  const border = [];
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < cols; x++)
      if (x === 0 || y === 0 || x === cols - 1 || y === rows - 1) border.push({ x, y });
  const start = rng.pick(border);
  const end = rng.pick(border.filter((p) => p.x !== start.x || p.y !== start.y));
  const line = randomLine(cols, rows, start, end, rng.split("line")) ?? [start, end];
  const rules = new Set(MIXES[mix]);
  const puzzle = placeRules(
    { width, height, cols, rows, start, end },
    line,
    rules,
    rng.float(),
    rng.split("rules"),
  );
  if (!scramble) return puzzle;
  return {
    ...puzzle,
    symbols: puzzle.symbols.map((s) => ({ ...s, symbol: { ...s.symbol, color: rng.pick(COLORS) } })),
  };
}

describe("SPaRC solver", () => {
  it("reproduces exactly the stored solution set of every official test puzzle", () => {
    for (const r of sparcRecords()) {
      const result = solveBoard(boardOf(puzzleFromRecord(r)));
      expect(result.complete).toBe(true);
      const got = new Set(result.solutions.map(key));
      const want = new Set(r.solutions.map((s) => key(s.path)));
      expect(got, r.id).toEqual(want);
      expect(result.solutions).toHaveLength(r.solution_count);
    }
  }, 180_000);

  it("finds the same lines as unpruned brute force on small puzzles of every mix", () => {
    const mixes = Object.keys(MIXES) as Mix[];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(...mixes),
        fc.boolean(),
        (seed, mix, scramble) => {
          const board = boardOf(smallPuzzle(seed, mix, scramble));
          const solved = solveBoard(board);
          expect(solved.complete).toBe(true);
          expect(new Set(solved.solutions.map(key))).toEqual(bruteForce(board));
        },
      ),
      { numRuns: 300, seed: 42 },
    );
  });

  it("stops at the solution cap and at the node budget, and says the search was cut", () => {
    const records = sparcRecords();
    const many = records.find((r) => r.solution_count >= 10);
    if (!many) throw new Error("no puzzle with many solutions");
    const board = boardOf(puzzleFromRecord(many));
    const one = solveBoard(board, { maxSolutions: 1 });
    expect(one.solutions).toHaveLength(1);
    expect(one.complete).toBe(false);
    expect(many.solutions.map((s) => key(s.path))).toContain(key(one.solutions[0] as Path));
    const cut = solveBoard(board, { maxNodes: 5 });
    expect(cut.complete).toBe(false);
    expect(solveBoard(board, { maxSolutions: 0 })).toEqual({ solutions: [], complete: false, nodes: 0 });
  });

  it("stops promptly at the cap on a rule-free grid with millions of lines", () => {
    const r = solveBoard(boardOf(blank(5, 5)), { maxSolutions: 100 });
    expect(r.solutions).toHaveLength(100);
    expect(r.nodes).toBeLessThan(2000);
  });

  it("needs no call stack in proportion to the line: 2,000 points with a tenth of the stack left", () => {
    const corridor = blank(1000, 1);
    corridor.start = { x: 0, y: 2 };
    corridor.end = { x: corridor.cols - 1, y: 2 };
    const board = boardOf(corridor);
    const [line] = withLittleStack(0.1, () => solveBoard(board, { maxSolutions: 1 })).solutions;
    expect(line?.length).toBeGreaterThan(2000);
    expect(verifyPath(board, line ?? []).passed).toBe(true);
  });
});

/** A puzzle without rules, S at the bottom-left and E at the top-right. */
function blank(width: number, height: number): Puzzle {
  const cols = 2 * width + 1;
  const rows = 2 * height + 1;
  const start = { x: 0, y: rows - 1 };
  const end = { x: cols - 1, y: 0 };
  return { width, height, cols, rows, start, end, gaps: [], dots: [], symbols: [], shapes: new Map() };
}

/** Runs `f` when only about `share` of the call stack is left (a recursive search overflows). */
function withLittleStack<T>(share: number, f: () => T): T {
  let reached = 0;
  const dive = (depth: number, at: number): T => {
    reached = depth;
    return depth >= at ? f() : dive(depth + 1, at);
  };
  try {
    dive(0, Number.POSITIVE_INFINITY);
  } catch {
    // the stack is full: `reached` is its depth in frames of `dive`
  }
  return dive(0, Math.floor(reached * (1 - share)));
}
