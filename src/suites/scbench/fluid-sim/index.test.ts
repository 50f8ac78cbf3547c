import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { Rng } from "../../../core/rng.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { GOALS } from "./goals.ts";
import { benchFluid, fluidSimTask as task } from "./index.ts";
import { simulate } from "./simulate.ts";

const make = (level: string, seed: string) =>
  task.generate(task.params.parse(task.levels[level]), new Rng(seed));
const names = Object.keys(task.levels);

describe("fluid-sim task", () => {
  it("has the 11 goals as levels, sides growing from 16 to 64", () => {
    expect(names).toEqual(GOALS.map((_, k) => `goal-${k + 1}`));
    expect(task.levels["goal-1"]?.side).toBe(16);
    expect(task.levels["goal-11"]?.side).toBe(64);
  });

  it("generate → solve → verify passes, with at most 12 earthworks, on every level", () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.string({ maxLength: 6 }), (level, seed) => {
        const inst = make(level, seed);
        expect(task.data.parse(JSON.parse(JSON.stringify(inst.data)))).toEqual(inst.data);
        expect(task.level?.(inst)).toBe(level);
        const answer = task.solve?.(inst).answers[0];
        if (!answer) throw new Error("no reference");
        expect(answer.earthworks.length).toBeLessThanOrEqual(12);
        const verdict = task.verify(inst, answer);
        expect(verdict.passed, verdict.failure?.message).toBe(true);
        expect(verdict.score).toBe(1);
        expect(task.parse(task.formatAnswer?.(answer, inst) ?? "", inst)).toEqual(answer);
      }),
      { numRuns: 33 },
    );
  });

  it("the reference works on the smallest and largest sides a goal allows", () => {
    for (let goal = 1; goal <= 11; goal++)
      for (const side of goal === 7 ? [32, 64] : [16, 17, 64]) {
        const inst = task.generate(task.params.parse({ goal, side }), new Rng(`${goal}-${side}`));
        expect(task.verify(inst, task.solve?.(inst).answers[0] ?? { earthworks: [] }).passed).toBe(true);
      }
    expect(() => task.generate(task.params.parse({ goal: 7, side: 20 }), new Rng("x"))).toThrow(InputError);
  });

  it("the untouched terrain holds no water, so no goal is met without earthworks", () => {
    for (const level of names) {
      const inst = make(level, "dry");
      expect(simulate(inst.data.heights, []).measures.totalWater).toBe(0);
      expect(task.verify(inst, { earthworks: [] }).passed).toBe(false);
    }
  });

  it("is deterministic: same seed, same instance; different seeds, different terrain", () => {
    expect(make("goal-3", "s")).toEqual(make("goal-3", "s"));
    expect(make("goal-3", "s").data.heights).not.toEqual(make("goal-3", "t").data.heights);
  });

  it("random answers are well formed and verify without throwing; a pass is exactly a score of 1", () => {
    for (const level of names) {
      const inst = make(level, "rand");
      for (let k = 0; k < 4; k++) {
        const answer = task.randomAnswer?.(inst, new Rng(k));
        if (!answer) throw new Error("no random answer");
        const v = task.verify(inst, answer);
        expect(v.failure?.kind).not.toBe("invalid");
        expect(v.score).toBeGreaterThanOrEqual(0);
        expect(v.score).toBeLessThanOrEqual(1);
        // The prompt: "the answer passes only when the goal is met (score 1)".
        expect(v.passed, `${level} #${k}`).toBe(v.score === 1);
      }
    }
  });

  it("the prompt states the goal's numbers, the rules and the heights", () => {
    const inst = make("goal-9", "p");
    const prompt = task.prompt(inst, { maxOutputTokens: 999 });
    const text = prompt.messages.map((m) => m.content).join("\n");
    expect(text).toContain("Water at z = 2 and z = 4");
    expect(text).toContain("no water cell at z = 3 or z = 5");
    expect(text).toContain("at most 20 boxes");
    expect(text).toContain("outer ring");
    expect(text).toContain("999");
    expect(text).toContain(`y= 0: ${inst.data.heights[0]?.join("")}`);
    expect(prompt.outputSchema).toBeDefined();
    expect(() => task.prompt(inst, { shots: 1 })).toThrow(InputError);
  });

  it("rejects malformed replies as parse failures", () => {
    const inst = make("goal-1", "x");
    expect(isParseFailure(task.parse("not json at all", inst))).toBe(true);
    expect(
      isParseFailure(
        task.parse('{"earthworks": [{"material": "lava", "min": [1,1,1], "max": [2,2,2]}]}', inst),
      ),
    ).toBe(true);
    expect(
      isParseFailure(task.parse('{"earthworks": [{"material": "air", "min": [1,1], "max": [2,2,2]}]}', inst)),
    ).toBe(true);
  });

  it("renders the initial terrain and the simulated answer", () => {
    const inst = make("goal-8", "r");
    expect(task.render?.(inst).svg).toMatch(/^<svg/);
    const svg = task.render?.(inst, task.solve?.(inst).answers[0]).svg ?? "";
    expect(svg).toContain("#3a7bd5");
    expect(svg).toContain("goal met");
  });

  it("benchFluid times every level", () => {
    const rows = benchFluid(1);
    expect(rows.map((r) => r.level)).toEqual(names);
    for (const r of rows) expect(r.ms).toBeGreaterThanOrEqual(0);
  });
});
