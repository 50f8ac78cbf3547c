import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { Rng } from "../../../core/rng.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { behaviourData, classifyBehaviourTask as task } from "./behaviour.ts";
import { BEHAVIOURS } from "./corners.ts";

const make = (level: string, seed: string) =>
  task.generate(task.params.parse(task.levels[level]), new Rng(seed));
const truthOf = (inst: ReturnType<typeof make>) => task.solve!(inst).answers[0]!;

describe("classify behaviour", () => {
  it("has thirteen levels", () => {
    expect(Object.keys(task.levels)).toHaveLength(13);
  });

  it("generate → solve → verify passes and the answer round-trips, for every level", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(task.levels)), fc.string(), (level, seed) => {
        const inst = make(level, seed);
        expect(behaviourData.parse(inst.data)).toEqual(inst.data);
        const answer = truthOf(inst);
        expect(task.verify(inst, answer).passed).toBe(true);
        expect(task.parse(task.formatAnswer!(answer, inst), inst)).toEqual(answer);
        expect(task.verify(inst, task.randomAnswer!(inst, new Rng(seed))).checks).toHaveLength(2);
      }),
      { numRuns: 60 },
    );
  });

  it("is deterministic, and a 15-square level shows every configuration class", () => {
    expect(make("level-12", "s")).toEqual(make("level-12", "s"));
    const kinds = new Set(truthOf(make("level-11", "s")).behaviours);
    expect(kinds).toEqual(new Set(BEHAVIOURS));
    expect(new Set(truthOf(make("level-1", "s")).behaviours).has("triple")).toBe(false);
  });

  it("classifies in the square's own corner order", () => {
    const inst = make("level-5", "x");
    inst.data.squares = [
      // Canonical 0,0,1,2 → triple; 0,1,0,2 → known; 0,1,0,1 → ambiguous.
      { corners: ["top-left", "bottom-left", "top-right", "bottom-right"], labels: [2, 0, 1, 0] },
      { corners: ["top-right", "bottom-right", "top-left", "bottom-left"], labels: [0, 1, 2, 0] },
      { corners: ["bottom-left", "top-right", "bottom-right", "top-left"], labels: [3, 3, 1, 1] },
    ];
    expect(truthOf(inst).behaviours).toEqual(["triple", "known", "ambiguous"]);
  });

  it("one wrong behaviour fails behaviours.match naming that square", () => {
    const inst = make("level-10", "a");
    const truth = truthOf(inst).behaviours;
    const wrong = truth.map((b, i) => (i === 3 ? (b === "known" ? "triple" : "known") : b));
    const v = task.verify(inst, { behaviours: wrong });
    expect(v.failure?.kind).toBe("wrong");
    expect(v.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["behaviours.match"]);
    expect(v.failure?.message).toMatch(/^behaviours\.match: square 4: expected \w+, got \w+$/);
  });

  it("a list of the wrong length is invalid", () => {
    const inst = make("level-6", "a");
    const truth = truthOf(inst).behaviours;
    for (const behaviours of [truth.slice(1), [...truth, "known" as const]]) {
      const v = task.verify(inst, { behaviours });
      expect(v.failure?.kind).toBe("invalid");
      expect(v.checks.find((c) => !c.ok)?.name).toBe("behaviours.well_formed");
    }
  });

  it("parse failures for malformed JSON or unknown labels", () => {
    const inst = make("level-1", "a");
    for (const text of [
      "none",
      '{"behaviours": ["known", "three domains"]}',
      '{"labels": ["known", "triple point"]}',
      '{"behaviours": "known"}',
    ]) {
      expect(isParseFailure(task.parse(text, inst))).toBe(true);
    }
  });

  it("prompt options: cap stated, unknown variant and shots rejected", () => {
    const inst = make("level-3", "a");
    const p = task.prompt(inst, { maxOutputTokens: 2000, variant: "explained" });
    expect(p.messages[1]!.content).toContain("2000 output tokens");
    expect(p.messages[1]!.content).toContain("holding exactly 6 entries");
    expect(() => task.prompt(inst, { variant: "x" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 3 })).toThrow(InputError);
  });

  it("renders badges, red for a wrong one", () => {
    const inst = make("level-6", "a");
    const truth = truthOf(inst);
    expect(task.render!(inst).svg).not.toContain("want");
    expect(task.render!(inst, truth).svg).not.toContain("want");
    const wrong = truth.behaviours.map((b, i) => (i === 0 ? (b === "known" ? "ambiguous" : "known") : b));
    expect(task.render!(inst, { behaviours: wrong }).svg).toContain("want");
  });
});
