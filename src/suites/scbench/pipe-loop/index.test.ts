import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { pipeLoopTask as task } from "./index.ts";
import { dataSchema, type PipeData } from "./model.ts";

const levelNames = Object.keys(task.levels);
const make = (level: string, seed: string): Instance<PipeData> =>
  task.generate(task.params.parse(task.levels[level]), new Rng(seed));

describe("pipe-loop task", () => {
  it("has 40 levels from 3 pipes in a unit square to 420 pipes in a 50×50 square", () => {
    expect(levelNames).toHaveLength(40);
    expect(task.params.parse(task.levels["level-01"])).toEqual({ pipes: 3, side: 1, constraint: "none" });
    expect(task.params.parse(task.levels["level-40"])).toEqual({ pipes: 420, side: 50, constraint: "none" });
    const constrained = levelNames.filter((l) => task.levels[l]?.constraint !== "none");
    expect(constrained).toEqual(levelNames.slice(10, 20));
  });

  it("generate → solve → verify passes on every level, answers round-trip through parse", () => {
    fc.assert(
      fc.property(fc.constantFrom(...levelNames), fc.string({ maxLength: 6 }), (level, seed) => {
        const inst = make(level, seed);
        expect(dataSchema.parse(JSON.parse(JSON.stringify(inst.data)))).toEqual(inst.data);
        expect(task.level?.(inst)).toBe(level);
        const { answers, complete } = task.solve!(inst);
        expect(complete).toBe(true);
        const answer = answers[0]!;
        expect(answer.points).toHaveLength(inst.data.pipes);
        expect(task.verify(inst, answer).passed).toBe(true);
        expect(task.parse(task.formatAnswer!(answer, inst), inst)).toEqual(answer);
      }),
      { numRuns: 80 },
    );
  });

  it("is deterministic in (params, seed)", () => {
    for (const level of ["level-11", "level-13", "level-20"]) {
      expect(make(level, "det")).toEqual(make(level, "det"));
    }
    expect(make("level-13", "a").data).not.toEqual(make("level-13", "b").data);
  });

  it("reaches other sizes through params", () => {
    const inst = task.generate(
      task.params.parse({ pipes: 31, side: 5, constraint: "crossings" }),
      new Rng("p"),
    );
    expect(task.verify(inst, task.solve!(inst).answers[0]!).passed).toBe(true);
    expect(task.params.safeParse({ pipes: 5, side: 1 }).success).toBe(false);
  });

  it("randomAnswer is schema-valid and well-formed", () => {
    const inst = make("level-05", "r");
    const rng = new Rng("rand");
    for (let i = 0; i < 10; i++) {
      const answer = task.randomAnswer!(inst, rng);
      expect(task.answer.safeParse(answer).success).toBe(true);
      expect(task.verify(inst, answer).failure?.kind ?? "none").not.toBe("invalid");
    }
  });

  it("parse rejects malformed JSON, wrong shapes and non-numbers", () => {
    const inst = make("level-01", "p");
    const bad = [
      "no answer",
      '{"points": [[0, 0], [1, 0]',
      '{"loop": [[0, 0]]}',
      '{"points": [[0, 0, 1]]}',
      '{"points": [["NaN", 0]]}',
      '{"points": [["Infinity", 0]]}',
      '{"points": [[null, 0]]}',
    ];
    for (const text of bad) expect(isParseFailure(task.parse(text, inst)), text).toBe(true);
    expect(
      task.parse('{"points": [[0, 0]], "reasoning": "…", "__proto__": {"x": 1}, "constructor": 1}', inst),
    ).toEqual({ points: [[0, 0]] });
    expect(task.parse('```json\n{"points": [[0, 0], [1, 0], [0.5, 0.866]]}\n```', inst)).toEqual({
      points: [
        [0, 0],
        [1, 0],
        [0.5, 0.866],
      ],
    });
  });

  it("the explained prompt states the size, rules, tolerances, constraints and format", () => {
    const inst = make("level-20", "q");
    const p = task.prompt(inst, { maxOutputTokens: 2048, variant: "explained" });
    expect(p.messages.map((m) => m.role)).toEqual(["system", "user"]);
    const text = p.messages[1]!.content;
    expect(text).toContain("Lay 206 straight pipes");
    expect(text).toContain("square of side 25");
    expect(text).toContain(`(${inst.data.constraints.start!.x}, ${inst.data.constraints.start!.y})`);
    expect(text).toContain(`at least ${inst.data.constraints.minSeparation} apart`);
    expect(text).toContain("No crossings");
    expect(text).toContain("2048 output tokens");
    expect(task.prompt(make("level-11", "q"), { variant: "explained" }).messages[1]!.content).toContain(
      "Exact crossings",
    );
    expect(task.prompt(inst).messages[1]!.content).not.toContain("output tokens");
    expect(p.outputSchema).toMatchObject({ type: "object", required: ["points"] });
    expect(() => task.prompt(inst, { variant: "vision" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 1 })).toThrow(InputError);
  });
});
