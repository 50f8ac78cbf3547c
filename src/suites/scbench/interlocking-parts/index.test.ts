import { describe, expect, it } from "vitest";
import { writePicture } from "../../../../test/support/pictures.ts";
import { InputError } from "../../../core/errors.ts";
import { resolveParams } from "../../../core/instances.ts";
import { svgToPng } from "../../../core/png.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { partStl, interlockingPartsTask as task } from "./index.ts";
import { dataSchema, type InterlockingData } from "./schema.ts";

const make = (level: string, seed: string): Instance<InterlockingData> =>
  task.generate(task.params.parse(resolveParams(task as unknown as AnyTask, level)), new Rng(seed));

describe("interlocking-parts task", () => {
  it("has the original brief and a seed-varied one", () => {
    expect(Object.keys(task.levels)).toEqual(["brief", "brief-varied"]);
    expect(make("brief", "s").data).toEqual({ innerWidth: 350, innerHeight: 700, build: [400, 400, 400] });
    const sizes = new Set(
      ["a", "b", "c", "d", "e", "f"].map((s) => JSON.stringify(make("brief-varied", s).data)),
    );
    expect(sizes.size).toBeGreaterThan(1);
  });

  it("generate → JSON → solve → format → parse → verify passes on both levels", () => {
    for (const [level, seed] of [
      ["brief", "1"],
      ["brief-varied", "2"],
      ["brief-varied", "3"],
    ] as const) {
      const inst = make(level, seed);
      expect(task.level?.(inst)).toBe(level);
      expect(dataSchema.parse(JSON.parse(JSON.stringify(inst.data)))).toEqual(inst.data);
      const { answers, complete } = task.solve!(inst);
      expect(complete).toBe(true);
      const parsed = task.parse(task.formatAnswer!(answers[0]!, inst), inst);
      if (isParseFailure(parsed)) throw new Error(parsed.message);
      expect(task.verify(inst, parsed)).toMatchObject({ passed: true, score: 1 });
    }
  });

  it("is deterministic in (params, seed)", () => {
    expect(make("brief-varied", "x")).toEqual(make("brief-varied", "x"));
    expect(make("brief", "x").id).not.toBe(make("brief", "y").id);
  });

  it("refuses sizes no 10-part cage of this design fits", () => {
    expect(() =>
      task.generate(task.params.parse({ innerWidth: 360, build: [380, 380, 380] }), new Rng(1)),
    ).toThrow(InputError);
    expect(task.params.safeParse({ build: [200, 200, 200] }).success).toBe(false);
    expect(task.params.safeParse({ build: [400, 400, 9] }).success).toBe(false);
    expect(task.params.safeParse({ build: [400, 400, 50] }).success).toBe(true);
  });

  it("states every number the verifier uses under --variant explained, and offers a JSON schema", () => {
    const inst = make("brief", "p");
    const p = task.prompt(inst, { variant: "explained" });
    const text = p.messages.map((m) => m.content).join("\n");
    for (const s of [
      "exactly 10",
      "6 mm",
      "16 mm",
      "8 mm",
      "|x| ≤ 175",
      "20 ≤ z ≤ 720",
      "|x| ≤ 190",
      "0 ≤ z ≤ 740",
      "178 ≤ X, Y ≤ 187",
      "400 × 400 × 400",
      "300 mm²",
      "45°",
      "2%",
      "40 mm cube",
      "101 mm cube",
      "100 mm",
      "10 ± 2",
      "50–100",
      "20000",
      "1 mm³",
    ])
      expect(text).toContain(s);
    expect(p.outputSchema).toMatchObject({ type: "object" });
    expect(() => task.prompt(inst, { shots: 1 })).toThrow(InputError);
  });

  it("parse refuses text without an answer and malformed fields", () => {
    const inst = make("brief", "p");
    expect(isParseFailure(task.parse("not json at all", inst))).toBe(true);
    expect(isParseFailure(task.parse('{"parts": [], "rods": [{"x": "a", "y": 1}]}', inst))).toBe(true);
    expect(
      isParseFailure(
        task.parse(
          '{"parts": [{"name": "p", "vertices": [[0,0]], "faces": [], "transform": []}], "rods": []}',
          inst,
        ),
      ),
    ).toBe(true);
  });

  it("random, empty and broken answers are graded and drawn without crashing", () => {
    const inst = make("brief", "r");
    const random = task.randomAnswer!(inst, new Rng("r"));
    const v = task.verify(inst, random);
    expect(v.passed).toBe(false);
    expect(v.checks).toHaveLength(9);
    const empty = task.verify(inst, { parts: [], rods: [] });
    expect(empty).toMatchObject({ score: 0, failure: { kind: "invalid" } });
    random.parts[0]!.faces.push([0, 1, 99]);
    expect(task.verify(inst, random).checks[0]?.detail).toMatch(
      /part #0: triangle #12 has an index out of range/,
    );
    expect(task.render!(inst, random).svg).toMatch(/^<svg/);
  });

  it("exports each part's print pose as binary STL", () => {
    const answer = task.solve!(make("brief", "s")).answers[0]!;
    const stl = partStl(answer, 0);
    const count = new DataView(stl.buffer).getUint32(80, true);
    expect(count).toBe(answer.parts[0]!.faces.length);
    expect(stl.length).toBe(84 + 50 * count);
    expect(() => partStl(answer, 10)).toThrow(RangeError);
  });

  it("renders the brief alone and the assembled reference", () => {
    const inst = make("brief", "v");
    expect(task.render!(inst).svg).toMatch(/^<svg/);
    const r = task.render!(inst, task.solve!(inst).answers[0]);
    expect(r.svg).toMatch(/^<svg/);
    writePicture("interlocking-parts-reference.png", svgToPng(r.svg, { width: r.width }));
  });
});
