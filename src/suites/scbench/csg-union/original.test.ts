import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { referenceSolid } from "./csg.ts";
import { csgUnionTask as task } from "./index.ts";
import type { CsgAnswer } from "./schema.ts";

const preset = () => task.presets?.original?.instances() ?? [];
const toOriginal = (a: CsgAnswer) => ({
  polyhedron: { vertex: a.vertices.map((xyz) => ({ xyz })), faces: a.faces.map((vertex) => ({ vertex })) },
});

describe("scbench/csg-union original preset", () => {
  it("is the 22 cases of Table A.1 in the original's order, byte-identical on every call", () => {
    const a = preset();
    expect(a).toHaveLength(22);
    expect(JSON.stringify(a)).toBe(JSON.stringify(preset()));
    expect(a.map((i) => i.id)).toEqual(a.map((_, n) => `scbench/csg-union/original/${n + 1}`));
    expect(a.map((i) => i.params)).toEqual(a.map((_, n) => ({ subpass: n })));
    expect(a.every((i) => i.seed === null && task.data.safeParse(i.data).success)).toBe(true);
    expect(a[7]!.data.title).toContain("wedge");
    expect(a[21]!.data.title).toContain("hollow box");
  });

  it("reference volumes are the closed forms of the box cases; every reference verifies with score 1", () => {
    const volume = (i: number) => referenceSolid(preset()[i]!.data.tree).volume;
    expect(volume(0)).toBeCloseTo(10 * 10 * 18, 6);
    expect(volume(2)).toBeCloseTo(2000, 6);
    expect(volume(3)).toBeCloseTo(8000, 6);
    expect(volume(6)).toBeCloseTo(3 * 3000 - 2 * 1000, 6);
    expect(volume(7)).toBeCloseTo(1000 + 500, 6);
    expect(volume(17)).toBeCloseTo(2000, 6);
    expect(volume(21)).toBeCloseTo(20 ** 3 - 16 ** 3, 6);
    for (const inst of preset()) {
      const answer = task.solve?.(inst).answers[0];
      if (!answer) throw new Error("no reference");
      expect(task.verify(inst, answer).score, inst.id).toBe(1);
    }
  });

  it("reads the original's polyhedron/vertex/xyz shape, as JSON or a Python literal", () => {
    const inst = preset()[0]!;
    const answer = task.solve?.(inst).answers[0] as CsgAnswer;
    expect(task.parse(`\`\`\`json\n${JSON.stringify(toOriginal(answer))}\n\`\`\``, inst)).toEqual(answer);
    const literal = JSON.stringify(toOriginal(answer)).replaceAll('"', "'");
    expect(task.parse(`The union: ${literal}`, inst)).toEqual(answer);
    const bad = task.parse(JSON.stringify({ polyhedron: { vertex: [{ xyz: [0, 0] }], faces: "x" } }), inst);
    expect(isParseFailure(bad)).toBe(true);
    if (isParseFailure(bad)) expect(bad.message).toMatch(/faces/);
    for (const { name, text, expect: want } of hostileTexts(literal, 20_000)) {
      const r = task.parse(text, inst);
      if (want === "fail" && !isParseFailure(r)) expect(task.verify(inst, r).passed, name).toBe(false);
    }
  });

  it("the default prompt says only what the original did; explained keeps the checks and the score", () => {
    const inst = preset()[12]!;
    const faithful = task.prompt(inst).messages[1]!.content;
    expect(faithful).toContain("24-sided prism");
    expect(faithful).toContain('"polyhedron"');
    expect(faithful).toContain("watertight");
    for (const giveaway of ["Scoring", "95%", "0.00001", "Newell", "polar angle", "COUNTER-CLOCKWISE"])
      expect(faithful).not.toContain(giveaway);
    const explained = task.prompt(inst, { variant: "explained" }).messages[1]!.content;
    expect(explained).toContain("Scoring");
    expect(explained).toContain("COUNTER-CLOCKWISE");
  });
});
