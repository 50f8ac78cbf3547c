import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { hyperSnakeTask as task } from "./index.ts";
import { dataSchema, type HyperSnakeData } from "./schema.ts";

const levelNames = Object.keys(task.levels);
const make = (level: string, seed: string): Instance<HyperSnakeData> =>
  task.generate(task.params.parse(resolveParams(task as unknown as AnyTask, level)), new Rng(seed));

describe("hyper-snake task", () => {
  it("has twelve levels from 2D to 10D", () => {
    expect(levelNames).toHaveLength(12);
    const dims = levelNames.map((l) => task.params.parse(task.levels[l]).shape.length);
    expect(dims).toEqual([2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10]);
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
        const verdict = task.verify(inst, answer);
        expect(verdict.passed).toBe(true);
        expect(verdict.score).toBe(1);
        expect(task.parse(task.formatAnswer!(answer, inst), inst)).toEqual(answer);
      }),
      { numRuns: 24 },
    );
  });

  it("is deterministic in (params, seed)", () => {
    for (const level of levelNames) {
      const a = make(level, "det");
      expect(make(level, "det")).toEqual(a);
      expect(make(level, "other").data).not.toEqual(a.data);
    }
  });

  it("honours shape, walls and food params and rejects impossible ones", () => {
    const inst = task.generate(task.params.parse({ shape: [3, 5, 2], walls: 2, food: 4 }), new Rng("p"));
    expect(inst.data.shape).toEqual([3, 5, 2]);
    expect(inst.data.walls).toHaveLength(2);
    expect(inst.data.food).toHaveLength(4);
    expect(task.level?.(inst)).toBeNull();
    expect(task.params.safeParse({ shape: [3, 3], walls: 0 }).success).toBe(false);
    expect(task.params.safeParse({ shape: [20, 20, 20] }).success).toBe(false);
    expect(task.params.safeParse({ shape: [6, 6], walls: 10 }).success).toBe(false);
    expect(task.params.safeParse({ shape: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2] }).success).toBe(false);
  });

  it("randomAnswer is schema-valid and never malformed", () => {
    const inst = make("4d-3^4-walls", "r");
    const rng = new Rng("rand");
    for (let i = 0; i < 20; i++) {
      const answer = task.randomAnswer!(inst, rng);
      expect(task.answer.safeParse(answer).success).toBe(true);
      expect(task.verify(inst, answer).failure?.kind ?? "none").not.toBe("invalid");
    }
  });

  it("parse rejects malformed JSON and wrong shapes", () => {
    const inst = make("2d-6x6", "p");
    for (const text of [
      "no answer here",
      '{"path": [[0, 0]',
      '{"moves": [[0, 0]]}',
      '{"path": []}',
      '{"path": [[0, 0.5]]}',
      '{"path": [[0, "1"]]}',
      '{"path": [0, 1]}',
    ]) {
      expect(isParseFailure(task.parse(text, inst)), text).toBe(true);
    }
    expect(task.parse('Here: {"path": [[1, 2], [1, 3]]}', inst)).toEqual({
      path: [
        [1, 2],
        [1, 3],
      ],
    });
  });

  it("the explained prompt states the rules, data and format; rejects unknown options", () => {
    const inst = make("2d-10x10-walls", "q");
    const prompt = task.prompt(inst, { variant: "explained", maxOutputTokens: 5000 });
    const user = prompt.messages[1]?.content ?? "";
    expect(prompt.messages[0]?.role).toBe("system");
    expect(user).toContain(`Start: [${inst.data.start.join(",")}]`);
    expect(user).toContain("divided by 0.98");
    expect(user).toContain("5000 output tokens");
    expect(prompt.outputSchema).toBeDefined();
    expect(task.prompt(make("2d-6x6", "q"), { variant: "explained" }).messages[1]?.content).not.toContain(
      "0.98",
    );
    expect(() => task.prompt(inst, { variant: "vision" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 2 })).toThrow(InputError);
  });

  it("renders deterministic SVGs with the answer overlaid and errors marked", () => {
    for (const level of ["2d-10x10-walls", "3d-4x4x4", "10d-binary-walls"]) {
      const inst = make(level, "render");
      const answer = task.solve!(inst).answers[0]!;
      expect(task.render!(inst).svg).toContain("open cells");
      const solved = task.render!(inst, answer);
      expect(solved.svg).toContain("all checks pass");
      expect(task.render!(inst, answer).svg).toBe(solved.svg);
      const wrong = { path: [...answer.path.slice(0, 5), inst.data.walls[0] ?? answer.path[0]!] };
      const bad = task.render!(inst, wrong);
      expect(bad.svg).toContain("fails: moves.");
      expect(bad.svg).toContain("#d50000");
    }
  });
});
