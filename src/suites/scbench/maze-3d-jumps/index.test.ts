import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { benchMaze3dJumps, maze3dJumpsTask as task } from "./index.ts";
import { dataSchema, type MazeData } from "./maze.ts";
import { GOOD, mazeInstance } from "./test-helpers.ts";

const levelNames = Object.keys(task.levels);
const make = (level: string, seed: string): Instance<MazeData> =>
  task.generate(task.params.parse(resolveParams(task as unknown as AnyTask, level)), new Rng(seed));

describe("maze-3d-jumps task", () => {
  it("has the six subpasses: sizes 5 to 30 needing 2 to 12 jumps", () => {
    const levels = levelNames.map((l) => task.params.parse(task.levels[l]));
    expect(levels.map((p) => [p.size, p.minJumps])).toEqual([
      [5, 2],
      [10, 4],
      [15, 6],
      [20, 8],
      [25, 10],
      [30, 12],
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
        const random = task.randomAnswer!(inst, new Rng(seed));
        expect(task.answer.safeParse(random).success).toBe(true);
        expect(() => task.verify(inst, random)).not.toThrow();
      }),
      { numRuns: 30 },
    );
  });

  it("is deterministic in (params, seed)", () => {
    for (const level of levelNames) {
      const a = make(level, "det");
      expect(make(level, "det")).toEqual(a);
      expect(task.solve!(make(level, "det"))).toEqual(task.solve!(a));
    }
    expect(task.solve!(make("size-10-jumps-4", "other"))).not.toEqual(
      task.solve!(make("size-10-jumps-4", "det")),
    );
  });

  it("honours fixed heights and other sizes, and refuses impossible jump counts", () => {
    const inst = task.generate(
      task.params.parse({ size: 7, minJumps: 5, startHeight: 6, endHeight: 0 }),
      new Rng(1),
    );
    expect(inst.data).toEqual({ size: 7, minJumps: 5, startHeight: 6, endHeight: 0 });
    expect(task.verify(inst, task.solve!(inst).answers[0]!).passed).toBe(true);
    expect(() => task.generate(task.params.parse({ size: 5, minJumps: 9 }), new Rng(1))).toThrow(InputError);
  });

  it("parses grids from replies and names the row of wrong length", () => {
    const inst = mazeInstance();
    expect(task.parse(`Here it is:\n\n${GOOD.join("\n")}\n\nDone.`, inst)).toEqual({ rows: GOOD });
    expect(
      task.parse(`\`\`\`text\n${GOOD.map((r) => r.split("").join(" ")).join("\n")}\n\`\`\``, inst),
    ).toEqual({
      rows: GOOD,
    });
    const ragged = task.parse(["A3202", "89893", "4045", "39898", "2343B"].join("\n"), inst);
    expect(isParseFailure(ragged) && ragged.message).toContain("row 2");
    const short = task.parse(GOOD.slice(0, 4).join("\n"), inst);
    expect(isParseFailure(short) && short.message).toContain("4 rows");
    const badChar = task.parse(`\`\`\`\n${GOOD.slice(0, 3).join("\n")}\nx3989\n2343B\n\`\`\``, inst);
    expect(isParseFailure(badChar) && badChar.message).toContain("row 3");
    expect(isParseFailure(task.parse("no grid here", inst))).toBe(true);
    expect(isParseFailure(task.parse('{"rows": ["A3202"]}', inst))).toBe(true);
  });

  it("states the rules in a plain-text prompt (explained variant) and checks options", () => {
    const inst = make("size-10-jumps-4", "p");
    const p = task.prompt(inst, { variant: "explained", maxOutputTokens: 5000 });
    expect(p.outputSchema).toBeUndefined();
    const text = p.messages[1]?.content ?? "";
    for (const s of ["10×10", "at least 4 jumps", "30%", "20%", "exactly one route", "5000 output tokens"])
      expect(text).toContain(s);
    expect(() => task.prompt(inst, { variant: "vision" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 1 })).toThrow(InputError);
  });

  it("benchmarks verification", () => {
    expect(benchMaze3dJumps(20)).toBeGreaterThan(0);
  });
});
