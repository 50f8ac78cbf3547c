import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { timeSolver } from "./generate.ts";
import { asciiMap, dataSchema, gridOf, type LoopData } from "./grid.ts";
import { hamiltonianLoopTask as task } from "./index.ts";

const levelNames = Object.keys(task.levels);
const make = (level: string, seed: string): Instance<LoopData> =>
  task.generate(task.params.parse(resolveParams(task as unknown as AnyTask, level)), new Rng(seed));

describe("hamiltonian-loop task", () => {
  it("has ten levels from an empty 4×4 to a busy 16×16", () => {
    expect(levelNames).toHaveLength(10);
    const first = task.params.parse(task.levels[levelNames[0]!]);
    const last = task.params.parse(task.levels[levelNames[9]!]);
    expect(first).toEqual({ width: 4, height: 4, obstacles: 0 });
    expect(last).toMatchObject({ width: 16, height: 16 });
    expect(last.obstacles).toBeGreaterThanOrEqual(60);
  });

  it("generate → solve → verify passes on every level, answers round-trip through parse", () => {
    fc.assert(
      fc.property(fc.constantFrom(...levelNames), fc.string({ maxLength: 6 }), (level, seed) => {
        const inst = make(level, seed);
        const p = task.params.parse(inst.params);
        expect(dataSchema.parse(JSON.parse(JSON.stringify(inst.data)))).toEqual(inst.data);
        expect(inst.data.blocked).toHaveLength(p.obstacles);
        expect(task.level?.(inst)).toBe(level);
        const { answers, complete } = task.solve!(inst);
        expect(complete).toBe(true);
        const answer = answers[0]!;
        expect(task.verify(inst, answer).passed).toBe(true);
        expect(task.parse(task.formatAnswer!(answer, inst), inst)).toEqual(answer);
      }),
      { numRuns: 40 },
    );
  });

  it("is deterministic in (params, seed)", () => {
    for (const level of levelNames) {
      const a = make(level, "det");
      expect(make(level, "det")).toEqual(a);
      expect(task.solve!(a)).toEqual(task.solve!(a));
    }
    expect(make("busy-16x16", "other").data).not.toEqual(make("busy-16x16", "det").data);
  });

  it("honours width, height and obstacles, including odd sizes, and rejects impossible params", () => {
    const inst = task.generate(task.params.parse({ width: 7, height: 5, obstacles: 5 }), new Rng("odd"));
    expect(inst.data.width).toBe(7);
    expect(inst.data.height).toBe(5);
    expect(inst.data.blocked).toHaveLength(5);
    expect(task.verify(inst, task.solve!(inst).answers[0]!).passed).toBe(true);
    expect(task.params.safeParse({ width: 5, height: 5, obstacles: 0 }).success).toBe(false);
    expect(task.params.safeParse({ width: 4, height: 4, obstacles: 8 }).success).toBe(false);
    expect(task.params.safeParse({ width: 2, height: 2, obstacles: 2 }).success).toBe(false);
  });

  // Its speed is measured by `npm run bench`, not asserted here.
  it("the reference solver certifies 32×32 grids", () => {
    const times = timeSolver([{ width: 32, height: 32, obstacles: 300 }], "test");
    expect(times[0]).toMatchObject({ solved: true });
  });

  it("randomAnswer is schema-valid and never malformed", () => {
    const inst = make("sparse-8x8", "r");
    const rng = new Rng("rand");
    for (let i = 0; i < 20; i++) {
      const answer = task.randomAnswer!(inst, rng);
      expect(task.answer.safeParse(answer).success).toBe(true);
      expect(answer.loop).toHaveLength(gridOf(inst.data).freeCount);
      expect(task.verify(inst, answer).failure?.kind ?? "none").not.toBe("invalid");
    }
  });

  it("parse rejects malformed JSON and wrong shapes", () => {
    const inst = make("empty-4x4", "p");
    const bad = [
      "no answer here",
      '{"loop": [[0, 0], [1, 0]',
      '{"path": [[0, 0], [1, 0]]}',
      '{"loop": [[0, 0, 1]]}',
      '{"loop": [[0]]}',
      '{"loop": [[0.5, 0]]}',
      '{"loop": [["0", 0]]}',
      '{"loop": [["NaN", 0]]}',
      '{"loop": [{"x": 0, "y": 0}]}',
      '{"loop": "0,0 1,0"}',
    ];
    for (const text of bad) expect(isParseFailure(task.parse(text, inst)), text).toBe(true);
    expect(
      task.parse('{"loop": [[0, 0]], "reasoning": "…", "__proto__": {"x": 1}, "constructor": 1}', inst),
    ).toEqual({ loop: [[0, 0]] });
    expect(task.parse('Loop:\n```json\n{"loop": [[0, 0], [-1, 2]]}\n```', inst)).toEqual({
      loop: [
        [0, 0],
        [-1, 2],
      ],
    });
  });

  it("the explained prompt shows the same blocked cells the verifier uses, the rules and the format", () => {
    const inst = make("busy-12x12", "q");
    const p = task.prompt(inst, { variant: "explained", maxOutputTokens: 4096 });
    expect(p.messages.map((m) => m.role)).toEqual(["system", "user"]);
    const text = p.messages[1]!.content;
    for (const line of asciiMap(inst.data)) expect(text).toContain(line);
    for (const [x, y] of inst.data.blocked) expect(text).toContain(`(${x}, ${y})`);
    expect(text).toContain(`Free cells: ${gridOf(inst.data).freeCount}`);
    expect(text).toContain('{"loop": [[x, y]');
    expect(text).toContain("4096 output tokens");
    expect(task.prompt(inst, { variant: "explained" }).messages[1]!.content).not.toContain("output tokens");
    const faithful = task.prompt(inst).messages[1]!.content;
    for (const line of asciiMap(inst.data, "X")) expect(faithful).toContain(line);
    expect(p.outputSchema).toMatchObject({ type: "object", required: ["loop"] });
    expect(() => task.prompt(inst, { variant: "vision" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 1 })).toThrow(InputError);
    expect(task.prompt(inst, { variant: "default", shots: 0 }).messages).toHaveLength(2);
  });
});
