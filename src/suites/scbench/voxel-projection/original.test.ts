import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { voxelProjectionTask as task } from "./index.ts";
import type { VoxelProjectionAnswer } from "./schema.ts";

const preset = () => task.presets?.original?.instances() ?? [];

describe("scbench/voxel-projection original preset", () => {
  it("is the 6 subpasses of Table A.1 in the original's order, byte-identical on every call", () => {
    const a = preset();
    expect(a).toHaveLength(6);
    expect(JSON.stringify(a)).toBe(JSON.stringify(preset()));
    expect(a.map((i) => i.id)).toEqual(a.map((_, n) => `scbench/voxel-projection/original/${n + 1}`));
    expect(a.map((i) => [i.data.n, i.data.voxels, i.data.forbiddenSumDigit, i.seed])).toEqual([
      [6, 50, null, null],
      [8, 100, null, null],
      [12, 200, null, null],
      [16, 400, null, null],
      [24, 1000, null, null],
      [20, 500, 7, null],
    ]);
  });

  it("every subpass has a reference that verifies with score 1", () => {
    for (const inst of preset()) {
      const answer = task.solve?.(inst).answers[0];
      if (!answer) throw new Error("no reference");
      const verdict = task.verify(inst, answer);
      expect(verdict.score, inst.id).toBe(1);
    }
  });

  it("reads the original's {'xyz': …} voxels, as JSON or a Python literal, like Plumb's triples", () => {
    const inst = preset()[0]!;
    const answer = task.solve?.(inst).answers[0] as VoxelProjectionAnswer;
    const original = { voxels: answer.voxels.map((v) => ({ xyz: v })) };
    expect(task.parse(JSON.stringify(original), inst)).toEqual(answer);
    const literal = `Here it is: {'voxels': [${answer.voxels.map((v) => `{'xyz': (${v.join(", ")})}`).join(", ")}]}`;
    expect(task.parse(literal, inst)).toEqual(answer);
    expect(task.parse(JSON.stringify({ voxels: [{ x: 1, y: 2, z: 3 }] }), inst)).toEqual({
      voxels: [[1, 2, 3]],
    });
    for (const bad of [
      "{'voxels': [{'xyz': [1, 2]}]}",
      "{'voxels': [{'xy': [1, 2, 3]}]}",
      "{'voxels': [{'xyz': [1.5, 2, 3]}]}",
    ]) {
      const r = task.parse(bad, inst);
      expect(isParseFailure(r), bad).toBe(true);
      if (isParseFailure(r)) expect(r.message).toContain("voxels");
    }
    for (const { name, text, expect: want } of hostileTexts(literal, 20_000)) {
      const r = task.parse(text, inst);
      if (want === "fail" && !isParseFailure(r)) expect(task.verify(inst, r).passed, name).toBe(false);
    }
  });

  it("the default prompt says only what the original did; explained keeps the spelled-out rules", () => {
    const inst = preset()[5]!;
    const faithful = task.prompt(inst).messages[1]!.content;
    expect(faithful).toContain("500 voxels");
    expect(faithful).toContain("digit 7");
    expect(faithful).toContain('{"xyz": [x, y, z]}');
    for (const giveaway of ["47 non-identity", "(x, y, z) →", "listed twice", "17, 27"])
      expect(faithful).not.toContain(giveaway);
    const explained = task.prompt(inst, { variant: "explained" }).messages[1]!.content;
    expect(explained).toContain("47 non-identity symmetries");
    expect(explained).toContain("7, 17, 27");
  });
});
