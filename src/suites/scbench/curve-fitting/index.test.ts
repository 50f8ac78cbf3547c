import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { PASS_ACCURACY } from "./cells.ts";
import { curveFittingTask as task } from "./index.ts";
import { type CurveFittingData, curveFittingData } from "./schema.ts";

const levelNames = Object.keys(task.levels);
const make = (level: string, seed: string): Instance<CurveFittingData> =>
  task.generate(task.params.parse(resolveParams(task as unknown as AnyTask, level)), new Rng(seed));
const sizeOf = (level: string): number => task.params.parse(task.levels[level]).size;
const small = levelNames.filter((l) => sizeOf(l) <= 24);
const large = levelNames.filter((l) => sizeOf(l) > 24);

function roundTrip(level: string, inst: Instance<CurveFittingData>): void {
  expect(curveFittingData.parse(JSON.parse(JSON.stringify(inst.data)))).toEqual(inst.data);
  expect(task.level?.(inst)).toBe(level);
  const { answers, complete } = task.solve!(inst);
  expect(complete).toBe(true);
  const answer = answers[0]!;
  const verdict = task.verify(inst, answer);
  expect(verdict.passed).toBe(true);
  expect(verdict.checks.find((c) => c.name === "cells.accuracy")?.ok).toBe(true);
  expect(inst.data.reference?.accuracy).toBeGreaterThanOrEqual(PASS_ACCURACY);
  expect(task.verify(inst, task.references!(inst)[0]!).passed).toBe(true);
  expect(task.parse(task.formatAnswer!(answer, inst), inst)).toEqual(answer);
}

describe("polynomial curve fitting task", () => {
  it("has the original's nine subpasses", () => {
    expect(levelNames.map(sizeOf)).toEqual([8, 12, 24, 24, 48, 64, 96, 50, 128]);
    expect(task.tags[0]).toBe("constructive");
    expect(task.id).toBe("scbench/polynomial-curve-fitting");
  });

  it("generate → solve → verify passes on the text-sized levels for random seeds", () => {
    fc.assert(
      fc.property(fc.constantFrom(...small), fc.string({ maxLength: 6 }), (level, seed) => {
        roundTrip(level, make(level, seed));
      }),
      { numRuns: 16 },
    );
  });

  it("generate → solve → verify passes on every image-sized level", () => {
    for (const level of large) roundTrip(level, make(level, `large-${level}`));
  }, 20_000);

  it("is deterministic in (params, seed)", () => {
    for (const level of [small[0]!, small[2]!, large[0]!]) {
      const a = make(level, "det");
      expect(make(level, "det")).toEqual(a);
      expect(make(level, "other").data.rows).not.toEqual(a.data.rows);
    }
  });

  it("honours params: size, fill ratio and maxDegree", () => {
    const params = task.params.parse({ size: 16, fillRatio: 0.3, maxDegree: 4 });
    const inst = task.generate(params, new Rng("p"));
    expect(inst.data.rows).toHaveLength(16);
    expect(inst.data.reference?.degree).toBeLessThanOrEqual(4);
    const ones = inst.data.rows
      .join("")
      .split("")
      .filter((c) => c === "1").length;
    expect(ones / 256).toBeCloseTo(0.3, 1);
    expect(task.params.safeParse({ size: 2 }).success).toBe(false);
    expect(task.params.safeParse({ fillRatio: 0.95 }).success).toBe(false);
    expect(task.params.safeParse({ colour: "red" }).success).toBe(false);
  });

  it("randomAnswer is schema-valid and parses", () => {
    const inst = make(small[1]!, "r");
    const rng = new Rng("rand");
    for (let i = 0; i < 20; i++) {
      const answer = task.randomAnswer!(inst, rng);
      expect(task.answer.safeParse(answer).success).toBe(true);
      expect(task.verify(inst, answer).failure?.kind ?? "none").not.toBe("invalid");
    }
  });

  it("parse rejects malformed JSON and wrong shapes", () => {
    const inst = make(small[0]!, "p");
    const bad = [
      "no answer here",
      '{"expression": "x-y"',
      '{"expr": "x-y"}',
      '{"expression": 5}',
      '{"expression": ["x"]}',
      "[]",
      "null",
    ];
    for (const text of bad) expect(isParseFailure(task.parse(text, inst)), text).toBe(true);
    expect(
      task.parse('{"expression": "x", "reasoning": "extra", "__proto__": {"x": 1}, "constructor": 1}', inst),
    ).toEqual({ expression: "x" });
    expect(task.parse('Done.\n```json\n{"expression": "x - 3.5"}\n```', inst)).toEqual({
      expression: "x - 3.5",
    });
  });

  it("explained prompt: text grid up to 40 wide, a PNG beyond, precise rules and options", () => {
    const explained = { variant: "explained" };
    const textInst = make(small[0]!, "t");
    const p = task.prompt(textInst, explained);
    expect(p.images).toBeUndefined();
    const user = p.messages[1]!.content;
    for (const row of textInst.data.rows) expect(user).toContain(row);
    expect(user).toContain("column x and row y");
    expect(user).toContain("exactly 0 means class 0");
    expect(user).toContain('{"expression"');
    expect(p.outputSchema).toMatchObject({ required: ["expression"] });
    expect(task.prompt(textInst, { ...explained, maxOutputTokens: 4096 }).messages[1]!.content).toContain(
      "4096 output tokens",
    );
    expect(() => task.prompt(textInst, { variant: "vision" })).toThrow(InputError);
    expect(() => task.prompt(textInst, { shots: 2 })).toThrow(InputError);

    const imageInst = make(large[0]!, "t");
    const q = task.prompt(imageInst, explained);
    expect(q.images).toHaveLength(1);
    const png = q.images![0]!;
    expect(png.mediaType).toBe("image/png");
    expect([...png.data.slice(1, 4)].map((c) => String.fromCharCode(c)).join("")).toBe("PNG");
    expect(q.messages[1]!.content).toContain("black cells are class 1");
    expect(q.messages[1]!.content).not.toContain(imageInst.data.rows[0]!);
  });

  it("render shows the grid and highlights wrong cells of an answer", () => {
    const inst = make(small[0]!, "render");
    const plain = task.render!(inst);
    expect(plain.svg).toContain("<svg");
    expect(plain.svg).not.toContain("#e0302a");
    const right = task.render!(inst, task.solve!(inst).answers[0]!);
    expect(right.svg).toContain(
      `${inst.data.size * inst.data.size - Math.round((inst.data.reference?.accuracy ?? 0) * 64)} wrong cell(s)`,
    );
    const wrong = task.render!(inst, { expression: "-1" });
    expect(wrong.svg).toContain("#e0302a");
    expect(wrong.svg).toContain("score 0.0000");
    expect(task.render!(inst, { expression: "x.y" }).svg).toContain("does not parse");
  });
});
