import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { Rng } from "../../../core/rng.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { type EnumerationAnswer, enumerationData, topologyEnumerationTask as task } from "./enumeration.ts";

const make = (level: string, seed: string) =>
  task.generate(task.params.parse(task.levels[level]), new Rng(seed));
const failed = (answer: EnumerationAnswer, inst = make("level-7", "a")) =>
  task.verify(inst, answer).checks.filter((c) => !c.ok);

describe("topology enumeration", () => {
  it("has ten levels: 2 and 3 classes with five corner orders", () => {
    expect(Object.keys(task.levels)).toHaveLength(10);
    expect(make("level-6", "x").data).toEqual({
      classes: 3,
      corners: ["bottom-left", "bottom-right", "top-right", "top-left"],
    });
  });

  it("generate → solve → verify passes and the answer round-trips, for every level", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(task.levels)), fc.string(), (level, seed) => {
        const inst = make(level, seed);
        expect(enumerationData.parse(inst.data)).toEqual(inst.data);
        const answer = task.solve!(inst).answers[0]!;
        expect(task.verify(inst, answer).passed).toBe(true);
        expect(task.parse(task.formatAnswer!(answer, inst), inst)).toEqual(answer);
        expect(task.verify(inst, task.randomAnswer!(inst, new Rng(seed))).checks).toHaveLength(4);
      }),
      { numRuns: 60 },
    );
  });

  it("is deterministic in (params, seed)", () => {
    expect(make("level-10", "s1")).toEqual(make("level-10", "s1"));
    const orders = new Set(
      ["a", "b", "c", "d", "e", "f"].map((s) => make("level-10", s).data.corners.join()),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it("accepts a relabelled, reordered copy of the ground truth", () => {
    const inst = make("level-7", "a");
    const truth = task.solve!(inst).answers[0]!.configurations;
    const swap = [2, 0, 1];
    const renamed = truth.map((c) => c.map((l) => swap[l]!)).reverse();
    expect(task.verify(inst, { configurations: renamed }).passed).toBe(true);
  });

  it("fails configs.missing when one configuration is left out", () => {
    const inst = make("level-7", "a");
    const truth = task.solve!(inst).answers[0]!.configurations;
    const v = task.verify(inst, { configurations: truth.slice(1) });
    expect(v.failure?.kind).toBe("wrong");
    expect(failed({ configurations: truth.slice(1) }, inst).map((c) => c.name)).toEqual(["configs.missing"]);
  });

  it("fails configs.extra for a non-forcing configuration and configs.unique for a relabelled repeat", () => {
    const inst = make("level-2", "b");
    const truth = task.solve!(inst).answers[0]!.configurations;
    expect(failed({ configurations: [...truth, [0, 0, 0, 0]] }, inst).map((c) => c.name)).toEqual([
      "configs.extra",
    ]);
    const first = truth[0]!;
    const repeat = first.map((l) => 1 - l);
    const dup = failed({ configurations: [...truth, repeat] }, inst);
    expect(dup.map((c) => c.name)).toEqual(["configs.unique"]);
    expect(dup[0]?.detail).toMatch(/configurations 1 and 8/);
  });

  it("is invalid for wrong arity or labels outside 0..classes-1", () => {
    const inst = make("level-7", "a");
    const truth = task.solve!(inst).answers[0]!.configurations;
    for (const bad of [
      [0, 1, 2],
      [0, 1, 2, 3],
      [0, 0, 1, 2, 2],
    ]) {
      const v = task.verify(inst, { configurations: [...truth, bad] });
      expect(v.failure?.kind).toBe("invalid");
      expect(v.checks.find((c) => !c.ok)?.name).toBe("configs.well_formed");
    }
  });

  it("parse failures for malformed JSON or the wrong shape", () => {
    const inst = make("level-1", "a");
    for (const text of [
      "no json here",
      '{"configurations": [[0, 1.5, 0, 1]]}',
      '{"configs": [0, 1, 0, 1]}',
      '{"configurations": "[]"}',
    ]) {
      expect(isParseFailure(task.parse(text, inst))).toBe(true);
    }
  });

  it("states the corner order, the cap, and rejects unknown variants and shots", () => {
    const inst = make("level-7", "a");
    const p = task.prompt(inst, { maxOutputTokens: 4096, variant: "explained" });
    const user = p.messages[1]!.content;
    expect(p.messages[0]!.role).toBe("system");
    expect(user).toContain("1. top-left\n2. top-right\n3. bottom-right\n4. bottom-left");
    expect(user).toContain("4096 output tokens");
    expect(p.outputSchema).toBeDefined();
    expect(() => task.prompt(inst, { variant: "vision" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 1 })).toThrow(InputError);
  });

  it("renders the corner order, and the answer with wrong parts marked", () => {
    const inst = make("level-7", "a");
    const truth = task.solve!(inst).answers[0]!;
    expect(task.render!(inst).svg).toContain("#1");
    expect(task.render!(inst, truth).svg).not.toContain("missing");
    expect(task.render!(inst, { configurations: truth.configurations.slice(1) }).svg).toContain("missing");
  });
});
