import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { benchPackPrisms, packPrismsTask as task } from "./index.ts";
import type { PackAnswer } from "./schema.ts";

const make = (level: string, seed: string) =>
  task.generate(task.params.parse(task.levels[level]), new Rng(seed));

describe("pack-prisms task", () => {
  it("generate → solve → verify passes and answers round-trip, on every level", () => {
    const names = Object.keys(task.levels);
    expect(names).toHaveLength(9);
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.string({ maxLength: 6 }), (level, seed) => {
        const inst = make(level, seed);
        expect(task.data.parse(JSON.parse(JSON.stringify(inst.data)))).toEqual(inst.data);
        expect(task.level!(inst)).toBe(level);
        const answer = task.solve!(inst).answers[0]!;
        const verdict = task.verify(inst, answer);
        expect(verdict.passed).toBe(true);
        expect(verdict.score).toBe(1);
        expect(task.parse(task.formatAnswer!(answer, inst), inst)).toEqual(answer);
      }),
      { numRuns: 12 },
    );
  });

  it("reference reaches ≥ 0.95 efficiency on every level (perfect where found)", () => {
    const expected: Record<string, string> = {
      "level-1": "found",
      "level-2": "unknown",
      "level-3": "ruled-out",
      "level-4": "unknown",
      "level-5": "ruled-out",
      "level-6": "found",
      "level-7": "found",
      "level-8": "ruled-out",
      "level-9": "ruled-out",
    };
    for (const level of Object.keys(task.levels)) {
      const inst = make(level, "ref");
      expect(inst.data.target).toBeGreaterThanOrEqual(0.95);
      if (inst.data.perfect === "found") expect(inst.data.target).toBe(1);
      if (expected[level]) expect(inst.data.perfect).toBe(expected[level]);
    }
  });

  it("level 1 and 2 hold the prime counts [7,5,3,2] and [11,7,5,3]", () => {
    expect(task.levels["level-1"]?.classes?.map((c) => c.count)).toEqual([7, 5, 3, 2]);
    expect(task.levels["level-2"]?.classes?.map((c) => c.count)).toEqual([11, 7, 5, 3]);
  });

  it("is deterministic, and the target does not depend on the seed", () => {
    expect(make("level-4", "s")).toEqual(make("level-4", "s"));
    expect(make("level-6", "s").data.target).toBe(make("level-6", "t").data.target);
  });

  it("rejects malformed replies as parse failures", () => {
    const inst = make("level-1", "p");
    for (const text of [
      "no json here",
      '{"boxes": [{"min": [0,0], "max": [1,1,1]}]}',
      '{"boxes": "x"}',
      '{"boxes": [{"min": ["NaN",0,0], "max": [1,1,1]}]}',
    ])
      expect(isParseFailure(task.parse(text, inst))).toBe(true);
  });

  it("the explained prompt states the rules; unknown options are refused", () => {
    const inst = make("level-2", "q");
    const p = task.prompt(inst, { variant: "explained", maxOutputTokens: 1000 });
    expect(p.messages[1]?.content).toContain("11 prism(s) of size 1 × 2 × 2");
    expect(p.messages[1]?.content).toContain("1000 output tokens");
    expect(() => task.prompt(inst, { variant: "x" })).toThrow();
    expect(() => task.prompt(inst, { shots: 1 })).toThrow();
  });

  it("random answers are schema-valid", () => {
    const inst = make("level-1", "r");
    const a: PackAnswer = task.randomAnswer!(inst, new Rng("x"));
    expect(task.answer.safeParse(a).success).toBe(true);
    expect(task.verify(inst, a).passed).toBe(false);
  });

  it("bench runs", () => {
    expect(benchPackPrisms(20)).toBeGreaterThan(0);
  });
});
