import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.ts";
import { Rng } from "../../../core/rng.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { halfSubdivisionTask as task } from "./index.ts";

const levels = Object.keys(task.levels);
const make = (level: string, seed: string) =>
  task.generate(task.params.parse(task.levels[level]), new Rng(seed));

describe("half-subdivision task", () => {
  it("has the paper's 17 subpasses over 2D and 3D and all five 3D cycles", () => {
    expect(levels).toHaveLength(17);
    const cycles = new Set(Object.values(task.levels).map((l) => l.cycle));
    for (const c of ["ZYX", "XYZ", "XXYZ", "ZYXXZZYXZ", "YYXYZ", "XY", "YX", "XXY"])
      expect(cycles).toContain(c);
  });

  it("generate → solve → verify passes, and answers round-trip through text", () => {
    fc.assert(
      fc.property(fc.constantFrom(...levels), fc.integer({ min: 0, max: 1_000_000 }), (level, seed) => {
        const inst = make(level, `prop-${seed}`);
        expect(task.data.parse(inst.data)).toEqual(inst.data);
        const solved = task.solve?.(inst);
        expect(solved?.complete).toBe(true);
        const answer = solved?.answers[0] ?? { neighbours: [] };
        expect(task.verify(inst, answer).passed).toBe(true);
        expect(task.parse(task.formatAnswer?.(answer, inst) ?? "", inst)).toEqual(answer);
        const random = task.randomAnswer?.(inst, new Rng(seed));
        expect(task.answer.safeParse(random).success).toBe(true);
        expect(() => task.verify(inst, random ?? answer)).not.toThrow();
      }),
      { numRuns: 80 },
    );
  });

  it("is deterministic in (params, seed)", () => {
    for (const level of levels) expect(make(level, "same")).toEqual(make(level, "same"));
    expect(make("3d-xyz-depth9", "a").data).not.toEqual(make("3d-xyz-depth9", "b").data);
  });

  it("reads fenced and trailing JSON, and fails to parse malformed replies", () => {
    const inst = make("2d-xy-depth6", "parse");
    expect(task.parse('Thinking...\n```json\n{"neighbours": ["01", "10"]}\n```', inst)).toEqual({
      neighbours: ["01", "10"],
    });
    for (const bad of [
      "no answer",
      '{"neighbours": "01"}',
      '{"neighbors": "01"}',
      '{"neighbors": [1, 0]}',
      '{"neighbours": [1, 0]}',
      "[1",
    ]) {
      expect(isParseFailure(task.parse(bad, inst))).toBe(true);
    }
  });

  it("rejects data that is not a leaf set or whose target is not a leaf", () => {
    const { data } = make("2d-xy-depth6", "data");
    expect(task.data.safeParse({ ...data, leaves: data.leaves.slice(1) }).success).toBe(false);
    expect(task.data.safeParse({ ...data, target: data.target.slice(0, -1) }).success).toBe(false);
    expect(task.data.safeParse({ ...data, cycle: "XYZ" }).success).toBe(false);
    expect(task.params.safeParse({ dim: 2, cycle: "XZ" }).success).toBe(false);
  });

  it("states the rules and the answer format in the explained prompt", () => {
    const inst = make("3d-xxyz-depth8", "prompt");
    const p = task.prompt(inst, { maxOutputTokens: 4000, variant: "explained" });
    const text = p.messages.map((m) => m.content).join("\n");
    expect(p.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(text).toContain(`"${inst.data.target}"`);
    for (const leaf of inst.data.leaves) expect(text).toContain(leaf);
    expect(text).toContain("only along an edge segment or only at a corner point");
    expect(text).toContain("1: X, 2: X, 3: Y, 4: Z, 5: X");
    expect(text).toContain("4000 output tokens");
    expect(p.outputSchema).toMatchObject({ required: ["neighbours"] });
    expect(() => task.prompt(inst, { variant: "vision" })).toThrow(InputError);
    expect(() => task.prompt(inst, { shots: 1 })).toThrow(InputError);
  });

  it("renders 2D and 3D instances with and without answers, deterministically", () => {
    for (const level of ["2d-yx-depth6", "3d-yyxyz-depth10"]) {
      const inst = make(level, "render");
      const answer = task.solve?.(inst).answers[0];
      const wrong = {
        neighbours: [...(answer?.neighbours.slice(1) ?? []), "2", inst.data.target.slice(0, -1)],
      };
      for (const a of [undefined, answer, wrong]) {
        const r = task.render?.(inst, a);
        expect(r?.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
        expect(task.render?.(inst, a)).toEqual(r);
      }
    }
  });
});
