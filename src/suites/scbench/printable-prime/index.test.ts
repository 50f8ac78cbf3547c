import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { writePicture } from "../../../../test/support/pictures.ts";
import { InputError } from "../../../core/errors.ts";
import { resolveParams } from "../../../core/instances.ts";
import { svgToPng } from "../../../core/png.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { type PrintablePrimeData, printablePrimeData } from "./generate.ts";
import { printablePrimeTask as task } from "./index.ts";

const levelNames = Object.keys(task.levels);
const make = (level: string, seed: string): Instance<PrintablePrimeData> =>
  task.generate(task.params.parse(resolveParams(task as unknown as AnyTask, level)), new Rng(seed));

describe("printable-prime task", () => {
  it("has the original's default level plus the proven maximum and two digit-capped levels", () => {
    expect(levelNames).toEqual(["default", "proven-max", "max-12-digits", "max-24-digits"]);
    expect(make("default", "s").data).toEqual({ targetDigits: 42, maxDigits: null, minHeightMm: 70 });
    expect(make("proven-max", "s").data.targetDigits).toBe(65);
  });

  it("generate → solve → verify passes on every level, answers round-trip through parse", () => {
    fc.assert(
      fc.property(fc.constantFrom(...levelNames), fc.string({ maxLength: 6 }), (level, seed) => {
        const inst = make(level, seed);
        expect(printablePrimeData.parse(JSON.parse(JSON.stringify(inst.data)))).toEqual(inst.data);
        expect(task.level?.(inst)).toBe(level);
        const { answers, complete } = task.solve!(inst);
        expect(complete).toBe(true);
        const answer = answers[0]!;
        expect(task.verify(inst, answer)).toMatchObject({ passed: true, score: 1 });
        expect(task.parse(task.formatAnswer!(answer, inst), inst)).toEqual(answer);
      }),
      { numRuns: 16 },
    );
  });

  it("solves any digit cap through params", () => {
    for (const maxDigits of [1, 2, 7, 30, 50]) {
      const inst = task.generate(
        task.params.parse({ targetDigits: maxDigits, maxDigits, minHeightMm: 0 }),
        new Rng(1),
      );
      const answer = task.solve!(inst).answers[0]!;
      expect(answer.numberSequence).toHaveLength(maxDigits);
      expect(task.verify(inst, answer).passed).toBe(true);
    }
    expect(task.params.safeParse({ targetDigits: 20, maxDigits: 10 }).success).toBe(false);
    expect(task.params.safeParse({ targetDigits: 66 }).success).toBe(false);
  });

  it("is deterministic in (params, seed)", () => {
    for (const level of levelNames) {
      expect(make(level, "det")).toEqual(make(level, "det"));
      expect(make(level, "other").id).not.toBe(make(level, "det").id);
    }
  });

  it("randomAnswer is schema-valid and never throws in verify", () => {
    const inst = make("default", "r");
    const rng = new Rng("rand");
    for (let i = 0; i < 30; i++) {
      const answer = task.randomAnswer!(inst, rng);
      expect(task.answer.safeParse(answer).success).toBe(true);
      expect(task.verify(inst, answer).failure?.kind ?? "none").not.toBe("invalid");
    }
  });

  it("parse rejects malformed JSON and wrong shapes", () => {
    const inst = make("default", "p");
    const bad = [
      "no answer here",
      '{"numberSequence": [{"digit": 7, "orientation": "flat"}]',
      '{"numbers": [{"digit": 7, "orientation": "flat"}]}',
      '{"numberSequence": [{"digit": 7}]}',
      '{"numberSequence": [{"digit": 7, "orientation": "upright"}]}',
      '{"numberSequence": [{"digit": 1.5, "orientation": "flat"}]}',
      '{"numberSequence": [{"digit": "NaN", "orientation": "flat"}]}',
      '{"numberSequence": "887"}',
    ];
    for (const text of bad) expect(isParseFailure(task.parse(text, inst)), text).toBe(true);
    const ok = task.parse(
      'Here: ```json\n{"numberSequence": [{"digit": 7, "orientation": "rotate90Y"}]}\n```',
      inst,
    );
    expect(ok).toEqual({ numberSequence: [{ digit: 7, orientation: "rotate90Y" }] });
  });

  it("explained prompt states the rules, the format and the token cap; rejects other variants and shots", () => {
    const inst = make("max-12-digits", "p");
    const p = task.prompt(inst, { variant: "explained", maxOutputTokens: 5000 });
    expect(p.messages.map((m) => m.role)).toEqual(["system", "user"]);
    const user = p.messages[1]!.content;
    for (const s of [
      "at most 12 digits",
      "Baillie–PSW",
      "123,000,001,230",
      "21.2 mm",
      "0.2 mm",
      "20 mm",
      "5000 output tokens",
      "numberSequence",
    ]) {
      expect(user).toContain(s);
    }
    expect(p.outputSchema?.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(task.prompt(make("default", "p"), { variant: "explained" }).messages[1]!.content).toContain(
      "no fixed limit",
    );
    expect(task.prompt(inst).messages[1]!.content).toContain("at most 12 digits");
    expect(() => task.prompt(inst, { variant: "vision" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 2 })).toThrow(InputError);
  });

  it("renders the instance, a correct answer and a wrong one", () => {
    const inst = make("default", "render");
    const answer = task.solve!(inst).answers[0]!;
    const wrong = {
      numberSequence: answer.numberSequence.map((it, i) =>
        i === 3 ? { digit: 8, orientation: "rotate90Y" as const } : it,
      ),
    };
    const renders = {
      empty: task.render!(inst),
      solved: task.render!(inst, answer),
      wrong: task.render!(inst, wrong),
    };
    for (const [name, r] of Object.entries(renders)) {
      expect(r.svg.startsWith("<svg")).toBe(true);
      writePicture(`scbench-printable-prime-${name}.png`, svgToPng(r.svg));
    }
    expect(renders.solved.svg).toBe(task.render!(inst, answer).svg);
    expect(renders.wrong.svg).toContain("unprintable orientation");
    expect(renders.solved.svg).not.toContain('#d62728" fill-opacity');
  });
});
