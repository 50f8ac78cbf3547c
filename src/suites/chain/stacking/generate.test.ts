import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { generateInstances } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask } from "../../../core/task.ts";
import { type Cell, canonicalKey } from "../../../geometry/voxels.ts";
import { auditStacking } from "./audit.ts";
import { checkStackingPuzzle } from "./checker.ts";
import { countDistinctPuzzles } from "./enumerate.ts";
import { defaultHardMinNodes, generateStacking } from "./generate.ts";
import { stackingTask } from "./index.ts";
import { INSERTION_RULES, type InsertionRule, MODES, type Mode, stackingParams } from "./schema.ts";

const task = stackingTask as unknown as AnyTask;
const SMALL: Cell[] = [
  [2, 2, 3],
  [2, 3, 3],
  [3, 3, 3],
  [3, 3, 4],
];

describe("generated puzzles pass every constraint (independent checker)", () => {
  it("for random small sizes, modes and seeds", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SMALL),
        fc.constantFrom(...MODES),
        fc.string({ maxLength: 8 }),
        (size, mode, seed) => {
          const params = stackingParams.parse({ size, mode });
          const data = generateStacking(params, new Rng(seed));
          expect(checkStackingPuzzle(data, params)).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("the mode rules hold: easy cuboids, mid planar pieces, hard distinct shapes above the node floor", () => {
    const hard = stackingParams.parse({ size: [3, 3, 4], mode: "hard" });
    for (let s = 0; s < 5; s++) {
      const d = generateStacking(hard, new Rng(`hard/${s}`));
      const keys = d.pieces.map((p) => canonicalKey(p.cells));
      expect(new Set(keys).size).toBe(keys.length);
      expect(d.stats.nodes).toBeGreaterThanOrEqual(defaultHardMinNodes([3, 3, 4]));
    }
  });

  it("stores an assembly order under the asked rule, and the checker catches a tampered one", () => {
    for (const insertion of INSERTION_RULES) {
      const params = stackingParams.parse({ size: [3, 3, 3], mode: "hard", insertion });
      const data = generateStacking(params, new Rng("order"));
      expect(data.insertion).toBe(insertion);
      expect(checkStackingPuzzle(data, params)).toEqual([]);
      const other = stackingParams.parse({ ...params, insertion: insertion === "down" ? "axis" : "down" });
      expect(checkStackingPuzzle(data, other)).toContain(
        `the puzzle's insertion rule ${insertion} is not the asked ${other.insertion}`,
      );
      const reversed = { ...data, assembly: data.assembly.slice().reverse() };
      expect(checkStackingPuzzle(reversed, params)).not.toEqual([]);
    }
    const params = stackingParams.parse({ size: [3, 3, 3], mode: "hard" });
    const data = generateStacking(params, new Rng("order"));
    const sideways = structuredClone(data);
    const first = sideways.assembly[0] as { piece: string; direction: string };
    first.direction = "+x";
    expect(checkStackingPuzzle(sideways as typeof data, params)).toEqual([
      `${first.piece} travels +x, which the down rule does not allow`,
    ]);
    const tampered = structuredClone(data);
    const [a, b] = tampered.solution;
    tampered.solution[0] = b as Cell[];
    tampered.solution[1] = a as Cell[];
    tampered.signature = "0";
    expect(checkStackingPuzzle(tampered, params)).toContain("the signature is stale");
  });

  it("uses the staged fallback to 3-cell pieces when 4 admits nothing (2×2×2 hard)", () => {
    const params = stackingParams.parse({ size: [2, 2, 2], mode: "hard", attempts: 40 });
    const d = generateStacking(params, new Rng(1));
    expect(d.minPiece).toBe(3);
    expect(d.pieces.map((p) => p.cells.length).sort()).toEqual([3, 5]);
  });

  it("throws an InputError when no stage admits a puzzle", () => {
    const params = stackingParams.parse({
      size: [2, 2, 2],
      mode: "mid",
      minPiece: 3,
      maxPiece: 3,
      attempts: 20,
    });
    expect(() => generateStacking(params, new Rng(1))).toThrow(InputError);
  });

  it("is deterministic for a seed", () => {
    const params = stackingParams.parse({ size: [3, 3, 3], mode: "mid" });
    expect(generateStacking(params, new Rng("x"))).toEqual(generateStacking(params, new Rng("x")));
  });
});

describe("distinct puzzles", () => {
  // Exhaustive counts (min piece 4 unless noted, max 6). Straight down admits 7 of the 13 hard
  // 2×2×3 puzzles that have an assembly order along any axis.
  const admitted: [Cell, Mode, InsertionRule, number][] = [
    [[2, 2, 2], "easy", "down", 1],
    [[2, 2, 2], "mid", "down", 1],
    [[2, 2, 2], "hard", "down", 1],
    [[2, 2, 3], "easy", "down", 1],
    [[2, 2, 3], "mid", "down", 3],
    [[2, 2, 3], "hard", "down", 7],
    [[2, 2, 3], "hard", "axis", 13],
    [[2, 3, 3], "easy", "down", 2],
    [[3, 3, 4], "easy", "down", 5],
  ];

  it.each(admitted)(
    "%j %s %s admits %i, and the generator yields them all, then says so",
    (size, mode, insertion, n) => {
      expect(countDistinctPuzzles(size, mode, { insertion }).count).toBe(n);
      const params = stackingParams.parse({ size, mode, insertion, attempts: mode === "hard" ? 40 : 300 });
      const set = generateInstances(task, params, n, "distinct");
      expect(new Set(set.map((i) => task.signature?.(i))).size).toBe(n);
      expect(() => generateInstances(task, params, n + 1, "distinct")).toThrow(/only \d+ distinct/);
    },
  );

  it("signatures ignore piece order and rotation, and differ for different multisets", () => {
    const params = stackingParams.parse({ size: [3, 3, 3], mode: "hard" });
    const a = generateStacking(params, new Rng(1));
    const b = generateStacking(params, new Rng(2));
    expect(a.signature).not.toBe(b.signature);
    expect(a.signature).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe("auditStacking", () => {
  it("generates, de-duplicates and checks a few puzzles per size and mode without a problem", () => {
    const rows = auditStacking(
      [
        [2, 2, 3],
        [3, 3, 4],
      ],
      MODES,
      8,
    );
    for (const r of rows) {
      expect(r.problems, `${r.size} ${r.mode}`).toEqual([]);
      if (r.exhausted === null) expect(r.generated).toBe(8);
    }
    const tiny = rows.find((r) => r.size[2] === 3 && r.size[1] === 2 && r.mode === "easy");
    expect(tiny?.generated).toBe(1);
    expect(tiny?.exhausted).toMatch(/only 1 distinct/);
  });
});
