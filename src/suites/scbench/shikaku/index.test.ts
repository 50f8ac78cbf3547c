import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { shikakuTask as task } from "./index.ts";
import { dataSchema, type ShikakuData } from "./puzzle.ts";

const levelNames = Object.keys(task.levels);
const make = (level: string, seed: string): Instance<ShikakuData> =>
  task.generate(task.params.parse(resolveParams(task as unknown as AnyTask, level)), new Rng(seed));

describe("shikaku task", () => {
  it("has six levels growing from 7×7 to 15×15", () => {
    expect(levelNames).toHaveLength(6);
    const sizes = levelNames.map((l) => task.params.parse(task.levels[l]).rows);
    expect(sizes).toEqual([7, 8, 10, 12, 15, 15]);
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
        expect(task.verify(inst, task.references!(inst)[0]!).passed).toBe(true);
        expect(task.parse(task.formatAnswer!(answer, inst), inst)).toEqual(answer);
        // unique is the default: exactly one solution.
        const all = task.solve!(inst, { all: true, maxSolutions: 2 });
        expect(all.answers).toHaveLength(1);
        expect(all.complete).toBe(true);
      }),
      { numRuns: 36 },
    );
  });

  it("is deterministic in (params, seed)", () => {
    for (const level of levelNames) {
      const a = make(level, "det");
      const b = make(level, "det");
      expect(b).toEqual(a);
      expect(make(level, "other").data).not.toEqual(a.data);
    }
  });

  it("honours rows, cols and max area params", () => {
    const params = task.params.parse({ rows: 4, cols: 9, maxArea: 5, unique: false });
    const inst = task.generate(params, new Rng("p"));
    expect(inst.data.grid).toHaveLength(4);
    expect(inst.data.grid.every((row) => row.length === 9)).toBe(true);
    expect(Math.max(...inst.data.grid.flat())).toBeLessThanOrEqual(5);
    expect(Math.min(...inst.data.grid.flat().filter((v) => v > 0))).toBeGreaterThanOrEqual(2);
    expect(task.params.safeParse({ minArea: 9, maxArea: 4 }).success).toBe(false);
  });

  it("randomAnswer is schema-valid and well-formed", () => {
    const inst = make("easy-7x7", "r");
    const rng = new Rng("rand");
    for (let i = 0; i < 20; i++) {
      const answer = task.randomAnswer!(inst, rng);
      expect(task.answer.safeParse(answer).success).toBe(true);
      const verdict = task.verify(inst, answer);
      expect(verdict.failure?.kind ?? "none").not.toBe("invalid");
    }
  });

  it("parse rejects malformed JSON and wrong shapes", () => {
    const inst = make("easy-7x7", "p");
    const bad = [
      "no answer here",
      '{"rectangles": [[0, 0, 1, 1]',
      '{"rects": [[0, 0, 1, 1]]}',
      '{"rectangles": [[0, 0, 1]]}',
      '{"rectangles": [[0, 0, 1, 1, 2]]}',
      '{"rectangles": [[0, 0, 1.5, 1]]}',
      '{"rectangles": [["0", 0, 1, 1]]}',
      '{"rectangles": [["NaN", 0, 1, 1]]}',
      '{"rectangles": {"0": [0, 0, 1, 1]}}',
      "[[0, 0, 1]]",
    ];
    for (const text of bad) expect(isParseFailure(task.parse(text, inst)), text).toBe(true);
    expect(
      task.parse(
        '{"reasoning": "…", "rectangles": [[0, 0, 1, 1]], "__proto__": {"x": 1}, "constructor": 1}',
        inst,
      ),
    ).toEqual({ rectangles: [[0, 0, 1, 1]] });
    const ok = task.parse('Here it is:\n```json\n{"rectangles": [[0, 0, 1, 1], [-1, 2, 3, 4]]}\n```', inst);
    expect(ok).toEqual({
      rectangles: [
        [0, 0, 1, 1],
        [-1, 2, 3, 4],
      ],
    });
  });

  it("prompts (--variant explained) state the grid, rules and format, with the token cap when given", () => {
    const inst = make("easy-7x7", "q");
    const p = task.prompt(inst, { variant: "explained", maxOutputTokens: 4096 });
    expect(p.messages.map((m) => m.role)).toEqual(["system", "user"]);
    const text = p.messages[1]!.content;
    for (const row of inst.data.grid) expect(text).toContain(row.join(" "));
    expect(text).toContain("left_col, top_row, right_col, bottom_row");
    expect(text).toContain("exactly one clue");
    expect(text).toContain("4096 output tokens");
    expect(task.prompt(inst).messages[1]!.content).not.toContain("output tokens");
    expect(p.outputSchema).toMatchObject({ type: "object", required: ["rectangles"] });
    expect(() => task.prompt(inst, { variant: "vision" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 2 })).toThrow(InputError);
    expect(task.prompt(inst, { variant: "default", shots: 0 }).messages).toHaveLength(2);
  });
});
