import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { legoShellTask as task } from "./index.ts";
import { partsOf } from "./inspect.ts";
import { MAX_BRICKS } from "./schema.ts";

const make = (level: string, seed: string) =>
  task.generate(task.params.parse(task.levels[level]), new Rng(seed));

describe("lego-shell task", () => {
  it("has the 8 levels from 40–70 mm to 150–180 mm", () => {
    expect(Object.values(task.levels).map((p) => [p.inner, p.outer])).toEqual([
      [40, 70],
      [56, 86],
      [71, 101],
      [87, 117],
      [103, 133],
      [119, 149],
      [134, 164],
      [150, 180],
    ]);
  });

  it("every level: generate → solve → verify scores 1, answers round-trip through text", () => {
    for (const level of Object.keys(task.levels)) {
      const inst = make(level, "ref");
      expect(task.data.parse(JSON.parse(JSON.stringify(inst.data)))).toEqual(inst.data);
      expect(task.level?.(inst)).toBe(level);
      const answer = task.solve?.(inst).answers[0];
      if (!answer) throw new Error("no reference");
      expect(answer.bricks.length).toBeLessThanOrEqual(MAX_BRICKS);
      const parsed = task.parse(task.formatAnswer?.(answer, inst) ?? "", inst);
      expect(parsed).toEqual(answer);
      const verdict = task.verify(inst, answer);
      expect(verdict.passed, `${level}: ${verdict.failure?.message}`).toBe(true);
      expect(verdict.score).toBe(1);
      expect(partsOf(answer.bricks)).toHaveLength(1);
    }
  });

  it("the reference passes on any shell the parameters allow", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 20, max: 190, noNaN: true }),
        fc.double({ min: 24, max: 40, noNaN: true }),
        (inner, thickness) => {
          const params = task.params.parse({ inner, outer: Math.min(220, inner + thickness) });
          const inst = task.generate(params, new Rng("p"));
          const answer = task.solve?.(inst).answers[0];
          if (!answer) throw new Error("no reference");
          const verdict = task.verify(inst, answer);
          expect(verdict.passed, `${inner}/${params.outer}: ${verdict.failure?.message}`).toBe(true);
        },
      ),
      { numRuns: 6 },
    );
  });

  it("rejects out-of-range parameters", () => {
    expect(task.params.safeParse({ inner: 40, outer: 58 }).success).toBe(false);
    expect(task.params.safeParse({ inner: 10, outer: 60 }).success).toBe(false);
  });

  it("is deterministic", () => {
    expect(make("level-3", "s")).toEqual(make("level-3", "s"));
    expect(make("level-3", "s").id).not.toBe(make("level-3", "t").id);
    const a = task.randomAnswer?.(make("level-1", "r"), new Rng("x"));
    expect(a).toEqual(task.randomAnswer?.(make("level-1", "r"), new Rng("x")));
  });

  it("rejects malformed replies as parse failures", () => {
    const inst = make("level-1", "p");
    for (const text of [
      "not json at all",
      '{"bricks": [{"x": 0, "y": 0, "layer": 0.5, "orientation": 0}]}',
      '{"bricks": [{"x": 0, "y": 0, "layer": 0, "orientation": 45}]}',
      '{"bricks": [{"x": "NaN", "y": 0, "layer": 0, "orientation": 0}]}',
      '{"bricks": [{"x": 0, "layer": 0, "orientation": 0}]}',
      '{"bricks": {}}',
      JSON.stringify({
        bricks: Array.from({ length: MAX_BRICKS + 1 }, () => ({ x: 0, y: 0, layer: 0, orientation: 0 })),
      }),
    ])
      expect(isParseFailure(task.parse(text, inst)), text.slice(0, 60)).toBe(true);
    expect(
      task.parse('Here: {"bricks": [{"x": -70, "y": -8, "layer": 0, "orientation": 90}]}', inst),
    ).toEqual({
      bricks: [{ x: -70, y: -8, layer: 0, orientation: 90 }],
    });
  });

  it("prompts state the radii and the rules' numbers, and reject unknown options", () => {
    const inst = make("level-8", "q");
    const p = task.prompt(inst, { variant: "explained", maxOutputTokens: 5000 });
    const text = p.messages[1]?.content ?? "";
    for (const s of [
      "150 mm",
      "180 mm",
      "32 mm × 16 mm",
      "9.6",
      "8 mm",
      "0.01 mm",
      "0.65",
      "At most 10000 bricks",
      "5000 output tokens",
    ])
      expect(text).toContain(s);
    expect(p.outputSchema).toBeDefined();
    expect(() => task.prompt(inst, { variant: "x" })).toThrow();
    expect(() => task.prompt(inst, { shots: 1 })).toThrow();
  });

  it("random answers are schema-valid and fail", () => {
    const inst = make("level-2", "r");
    const a = task.randomAnswer?.(inst, new Rng("x"));
    expect(task.answer.safeParse(a).success).toBe(true);
    if (a) expect(task.verify(inst, a).passed).toBe(false);
  });
});
