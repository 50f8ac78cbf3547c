import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { voxelProjectionTask as task, voxelProjectionBench } from "./index.ts";
import { dataSchema, type VoxelProjectionData } from "./schema.ts";

const levelNames = Object.keys(task.levels);
const make = (level: string, seed: string): Instance<VoxelProjectionData> =>
  task.generate(task.params.parse(resolveParams(task as unknown as AnyTask, level)), new Rng(seed));

describe("voxel-projection task", () => {
  it("has the six levels of the original", () => {
    const sizes = levelNames.map((l) => {
      const p = task.params.parse(task.levels[l]);
      return [p.n, p.voxels, p.forbiddenSumDigit];
    });
    expect(sizes).toEqual([
      [6, 50, null],
      [8, 100, null],
      [12, 200, null],
      [16, 400, null],
      [24, 1000, null],
      [20, 500, 7],
    ]);
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
        expect(task.verify(inst, answer).passed).toBe(true);
        expect(task.parse(task.formatAnswer!(answer, inst), inst)).toEqual(answer);
      }),
      { numRuns: 18 },
    );
  });

  it("is deterministic in (params, seed)", () => {
    for (const level of levelNames) expect(make(level, "det")).toEqual(make(level, "det"));
    const inst = make("n8-v100", "det");
    expect(task.solve!(inst)).toEqual(task.solve!(make("n8-v100", "det")));
  });

  it("reaches other sizes through params and rejects impossible counts", () => {
    const inst = task.generate(task.params.parse({ n: 5, voxels: 30, forbiddenSumDigit: 3 }), new Rng("p"));
    expect(task.verify(inst, task.solve!(inst).answers[0]!).passed).toBe(true);
    expect(task.level?.(inst)).toBeNull();
    expect(task.params.safeParse({ n: 6, voxels: 35 }).success).toBe(false);
    expect(task.params.safeParse({ n: 4, voxels: 64 }).success).toBe(false);
  });

  it("randomAnswer is schema-valid, in range and (almost surely) wrong", () => {
    const inst = make("n6-v50", "r");
    const rng = new Rng("rand");
    for (let i = 0; i < 10; i++) {
      const answer = task.randomAnswer!(inst, rng);
      expect(task.answer.safeParse(answer).success).toBe(true);
      expect(answer.voxels).toHaveLength(50);
      expect(task.verify(inst, answer).failure?.kind ?? "none").not.toBe("invalid");
    }
  });

  it("parse rejects malformed JSON and wrong shapes", () => {
    const inst = make("n6-v50", "p");
    const bad = [
      "no answer here",
      '{"voxels": [[0, 0, 1]',
      '{"cells": [[0, 0, 1]]}',
      '{"voxels": [[0, 0]]}',
      '{"voxels": [[0, 0, 1, 2]]}',
      '{"voxels": [[0, 0.5, 1]]}',
      '{"voxels": [[0, "NaN", 1]]}',
      '{"voxels": [[0, null, 1]]}',
      '{"voxels": {"0": [0, 0, 0]}}',
    ];
    for (const text of bad) expect(isParseFailure(task.parse(text, inst)), text).toBe(true);
    expect(task.parse('Here: ```json\n{"voxels": [[1, 2, 3]]}\n```', inst)).toEqual({ voxels: [[1, 2, 3]] });
  });

  it("prompt states the rules, the no-7 rule, the schema and the token cap", () => {
    const plain = task.prompt(make("n6-v50", "q"), { variant: "explained" });
    expect(plain.messages.map((m) => m.role)).toEqual(["system", "user"]);
    const text = plain.messages[1]!.content;
    expect(text).toContain("exactly 50 voxels");
    expect(text).toContain("6×6×6");
    expect(text).toContain("47 non-identity symmetries");
    expect(text).not.toContain("digit");
    expect(plain.outputSchema?.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    const no7 = task.prompt(make("n20-v500-no7", "q"), { variant: "explained", maxOutputTokens: 4000 })
      .messages[1]!.content;
    expect(no7).toContain("digit 7");
    expect(no7).toContain("7, 17, 27");
    expect(no7).toContain("4000 output tokens");
    expect(() => task.prompt(make("n6-v50", "q"), { variant: "other" })).toThrow(InputError);
    expect(() => task.prompt(make("n6-v50", "q"), { shots: 1 })).toThrow(InputError);
  });

  it("renders the instance, a solution and a wrong answer", () => {
    const inst = make("n20-v500-no7", "svg");
    const answer = task.solve!(inst).answers[0]!;
    const empty = task.render!(inst);
    expect(empty.svg).toContain("no 7 in x+y+z");
    expect(task.render!(inst)).toEqual(empty);
    expect(task.render!(inst, answer).svg).toContain("valid");
    const wrong = task.render!(inst, { voxels: [...answer.voxels.slice(1), [1, 2, 4]] });
    expect(wrong.svg).toContain("voxels.forbidden_sum");
    expect(wrong.svg).toContain("#d62728");
  });

  it("exports a verification thunk for benchmarks", () => {
    const run = voxelProjectionBench();
    expect(run()).toBe(true);
    expect(run()).toBe(true);
  });
});
