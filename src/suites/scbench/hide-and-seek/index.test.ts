import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { Rng } from "../../../core/rng.ts";
import { hideAndSeekTask as task } from "./index.ts";
import { dataSchema } from "./scene.ts";
import { latticeSpots } from "./solve.ts";
import { levelNames, make } from "./test-helpers.ts";

describe("hide-and-seek task", () => {
  it("has the original's six (people, building width) subpasses", () => {
    const shapes = levelNames.map((l) => {
      const p = task.params.parse(task.levels[l]);
      return [p.people, p.buildingWidth, p.buildingHeight, p.sniperX, p.sniperY, p.sniperZ, p.maxDistance];
    });
    expect(shapes).toEqual(
      [
        [4, 2],
        [20, 4],
        [40, 6],
        [80, 8],
        [150, 10],
        [200, 7],
      ].map(([n, w]) => [n, w, 10, 100, 100, 20, 30]),
    );
  });

  it("generate → solve → verify passes on every level, answers round-trip through parse", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...levelNames),
        fc.string({ maxLength: 6 }),
        fc.boolean(),
        (level, seed, randomAzimuth) => {
          const inst = make(level, seed, { randomAzimuth });
          expect(dataSchema.parse(JSON.parse(JSON.stringify(inst.data)))).toEqual(inst.data);
          expect(task.level?.(inst)).toBe(level);
          const { answers, complete } = task.solve!(inst);
          expect(complete).toBe(true);
          const answer = answers[0]!;
          expect(answer.people).toHaveLength(inst.data.people);
          expect(task.verify(inst, answer)).toMatchObject({ passed: true, score: 1 });
          expect(task.parse(task.formatAnswer!(answer, inst), inst)).toEqual(answer);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("the reference lattice has room to spare on every level (no lowered pass threshold needed)", () => {
    for (const level of levelNames) {
      const data = make(level, "cap").data;
      expect(latticeSpots(data, [0, 0]).length).toBeGreaterThanOrEqual(4 * data.people);
    }
  });

  it("is deterministic in (params, seed)", () => {
    for (const level of levelNames) expect(make(level, "det")).toEqual(make(level, "det"));
    const a = make("40-people-w6", "det", { randomAzimuth: true });
    expect(make("40-people-w6", "det", { randomAzimuth: true })).toEqual(a);
    expect(make("40-people-w6", "other", { randomAzimuth: true }).data.sniper).not.toEqual(a.data.sniper);
    expect(Math.hypot(a.data.sniper[0], a.data.sniper[1])).toBeCloseTo(Math.hypot(100, 100), 2);
  });

  it("rejects impossible params", () => {
    expect(task.params.safeParse({ sniperZ: 9 }).success).toBe(false);
    expect(task.params.safeParse({ personHeight: 12 }).success).toBe(false);
    expect(task.params.safeParse({ sniperX: 10, sniperY: 10 }).success).toBe(false);
    expect(() => task.generate(task.params.parse({ people: 2000, buildingWidth: 1 }), new Rng("x"))).toThrow(
      InputError,
    );
  });

  it("randomAnswer is schema-valid and never malformed", () => {
    const inst = make("20-people-w4", "r");
    const rng = new Rng("rand");
    for (let i = 0; i < 10; i++) {
      const answer = task.randomAnswer!(inst, rng);
      expect(task.answer.safeParse(answer).success).toBe(true);
      expect(task.verify(inst, answer).failure?.kind ?? "none").not.toBe("invalid");
    }
  });

  it("the explained prompt states the rules and the output cap, and unknown options are refused", () => {
    const inst = make("200-people-w7", "p");
    const p = task.prompt(inst, { variant: "explained", maxOutputTokens: 5000 });
    const user = p.messages[1]!.content;
    expect(p.messages[0]!.role).toBe("system");
    for (const s of ["(100, 100, 20)", "−3.5 ≤ x ≤ 3.5", "200", "≤ 30", "0.5 × 0.5", "5000 output tokens"]) {
      expect(user).toContain(s);
    }
    expect(p.outputSchema).toMatchObject({ required: ["people"] });
    expect(() => task.prompt(inst, { variant: "vision" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 1 })).toThrow(InputError);
  });

  it("renders the scene with and without answers", () => {
    const inst = make("80-people-w8", "svg");
    const answer = task.solve!(inst).answers[0]!;
    const empty = task.render!(inst);
    expect(empty.svg).toContain("<svg");
    const solved = task.render!(inst, answer).svg;
    expect(solved).toContain("passes");
    expect(task.render!(inst, answer).svg).toBe(solved);
    const wrong = task.render!(inst, { people: [[29, 0], ...answer.people.slice(1)] }).svg;
    expect(wrong).toContain("#dc2626");
    expect(wrong).toContain("hide.all_hidden");
  });
});
