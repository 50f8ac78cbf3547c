import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateInstances, resolveParams } from "../../core/instances.ts";
import { toJsonl } from "../../core/jsonl.ts";
import type { AnyTask } from "../../core/task.ts";
import { boardOf } from "./board.ts";
import { difficulty } from "./difficulty.ts";
import { levelSpread } from "./distribution.ts";
import { MIXES, type Mix } from "./generate.ts";
import { puzzleOf, sparcTask } from "./index.ts";
import { TABLE5_LEVELS } from "./paper-tables.ts";
import { ruleKinds } from "./puzzle.ts";
import type { SparcRecord } from "./record.ts";
import { solveBoard } from "./solve.ts";
import { verifyPath } from "./verify.ts";

const task = sparcTask as unknown as AnyTask;
const key = (path: { x: number; y: number }[]) => JSON.stringify(path.map((p) => [p.x, p.y]));

describe("SPaRC generator", () => {
  it("makes puzzles whose stored solutions are exactly what the solver finds, 1..k of them, planted line included", () => {
    const mixes = Object.keys(MIXES) as Mix[];
    fc.assert(
      fc.property(fc.constantFrom(...mixes), fc.string({ maxLength: 8 }), (mix, seed) => {
        const [inst] = generateInstances(task, resolveParams(task, mix), 1, seed);
        const record = inst?.data as SparcRecord;
        const puzzle = puzzleOf(record);
        const board = boardOf(puzzle);
        expect(record.solution_count).toBe(record.solutions.length);
        expect(record.solution_count).toBeGreaterThanOrEqual(1);
        expect(record.solution_count).toBeLessThanOrEqual(50);
        for (const s of record.solutions) expect(verifyPath(board, s.path).passed).toBe(true);
        const planted = record.plumb?.planted ?? [];
        expect(verifyPath(board, planted).passed).toBe(true);
        const solved = solveBoard(board);
        expect(solved.complete).toBe(true);
        expect(new Set(solved.solutions.map(key))).toEqual(new Set(record.solutions.map((s) => key(s.path))));
        const d = difficulty(puzzle);
        expect(record.difficulty_level).toBe(d.level);
        // Only the mix's rule kinds appear.
        for (const kind of ruleKinds(puzzle)) expect(MIXES[mix] as readonly string[]).toContain(kind);
      }),
      { numRuns: 40, seed: 7 },
    );
  }, 120_000);

  it("is deterministic in the seed, and sets are prefix-stable", () => {
    const params = resolveParams(task, "all");
    const a = toJsonl(generateInstances(task, params, 6, 7).map((i) => i.data));
    const b = toJsonl(generateInstances(task, params, 6, 7).map((i) => i.data));
    expect(a).toBe(b);
    const prefix = toJsonl(generateInstances(task, params, 3, 7).map((i) => i.data));
    expect(a.startsWith(prefix)).toBe(true);
    expect(toJsonl(generateInstances(task, params, 6, 8).map((i) => i.data))).not.toBe(a);
  }, 60_000);

  it("honours sizes and a target difficulty level", () => {
    for (const level of [1, 3, 5]) {
      const params = resolveParams(task, `difficulty-${level}`);
      for (const inst of generateInstances(task, params, 2, `lvl${level}`)) {
        expect((inst.data as SparcRecord).difficulty_level).toBe(level);
      }
    }
    const sized = resolveParams(task, "stones", { width: 3, height: 4 });
    const [inst] = generateInstances(task, sized, 1, 1);
    expect((inst as { data: SparcRecord }).data.grid_size).toEqual({ width: 3, height: 4 });
  }, 60_000);

  it("draws each split's levels in the proportions of the paper's Table 5", () => {
    for (const mix of ["gaps", "gaps_dots_triangles"] as const) {
      const spread = levelSpread(
        generateInstances(task, resolveParams(task, mix), 100, `t5-${mix}`).map((i) => i.data as SparcRecord),
      );
      const paper = TABLE5_LEVELS[mix];
      spread.forEach((n, level) => {
        const p = (paper[level] as number) / 50;
        // Within four binomial standard deviations of 100 draws; a level the paper never has stays empty.
        expect(Math.abs(n - 100 * p)).toBeLessThanOrEqual(4 * Math.sqrt(100 * p * (1 - p)));
      });
    }
    // "natural" keeps the old behaviour: gaps puzzles at whatever level their size gives.
    const natural = generateInstances(task, resolveParams(task, "gaps", { levels: "natural" }), 5, 1);
    expect(natural).toHaveLength(5);
  }, 60_000);

  it("uses the official triangle counts (1, 2, 4, never 3) and poly sizes", () => {
    const records = generateInstances(task, resolveParams(task, "all"), 60, "shapes").map(
      (i) => i.data as SparcRecord,
    );
    const counts = new Set<number>();
    const sizes = new Set<number>();
    for (const r of records) {
      const p = puzzleOf(r);
      for (const { symbol } of p.symbols) {
        if (symbol.kind === "triangle") counts.add(symbol.count);
        if (symbol.kind === "poly") sizes.add(p.shapes.get(symbol.shape)?.length ?? 0);
      }
    }
    expect(counts.has(3)).toBe(false);
    expect([...counts].sort()).toEqual([1, 2, 4]);
    expect(sizes.has(4)).toBe(true);
  }, 60_000);

  it("writes records the official loader reads back unchanged", () => {
    const [inst] = generateInstances(task, resolveParams(task, "polys_ylops"), 1, 3);
    if (!inst) throw new Error("no instance");
    const again = task.load?.(JSON.parse(JSON.stringify(task.dump?.(inst))));
    expect(again?.data).toEqual(inst.data);
    expect(again?.id).toBe(inst.id);
  });

  it("rejects parameters outside the paper's ranges, naming the field", () => {
    expect(() => resolveParams(task, undefined, { width: 7 })).toThrow(/params\.width/);
    expect(() => resolveParams(task, "nope")).toThrow(/unknown level/);
    expect(() => resolveParams(task, undefined, { colour: "red" })).toThrow();
  });
});
