import { describe, expect, it } from "vitest";
import { isParseFailure } from "../../../core/verdict.ts";
import { legoShellTask as task } from "./index.ts";
import type { Brick } from "./schema.ts";

const preset = () => task.presets?.original?.instances() ?? [];

/** A Plumb brick as the original's centroid and rotation. */
const toOriginal = (b: Brick) => {
  const [w, d] = b.orientation === 0 ? [32, 16] : [16, 32];
  return { Centroid: [b.x + w / 2, b.y + d / 2, 4.8 + 9.6 * b.layer], RotationDegrees: b.orientation };
};

describe("scbench/lego-shell original preset", () => {
  it("is the 8 shells of Table A.1 with 2.py's radii, byte-identical on every call", () => {
    const a = preset();
    expect(a).toHaveLength(8);
    expect(JSON.stringify(a)).toBe(JSON.stringify(preset()));
    expect(a.map((i) => i.id)).toEqual(a.map((_, n) => `scbench/lego-shell/original/${n + 1}`));
    expect(a.map((i) => [i.data.inner, i.data.outer])).toEqual([
      [40, 70],
      [50, 80],
      [60, 90],
      [70, 100],
      [90, 130],
      [110, 150],
      [130, 160],
      [150, 170],
    ]);
  });

  it("every shell has a reference build that verifies with score 1 (IoU ≥ 0.65, as the paper grades)", () => {
    for (const inst of preset()) {
      const answer = task.solve?.(inst).answers[0];
      if (!answer) throw new Error("no reference");
      expect(task.verify(inst, answer).score, inst.id).toBe(1);
    }
  });

  it("reads the original's Centroid/RotationDegrees bricks, as JSON or a Python literal", () => {
    const inst = preset()[0]!;
    const answer = task.solve?.(inst).answers[0];
    if (!answer) throw new Error("no reference");
    const original = { reasoning: "rings", bricks: answer.bricks.map(toOriginal) };
    const read = task.parse(JSON.stringify(original), inst);
    expect(isParseFailure(read)).toBe(false);
    if (isParseFailure(read)) return;
    expect(read.bricks.map((b) => [b.layer, b.orientation])).toEqual(
      answer.bricks.map((b) => [b.layer, b.orientation]),
    );
    expect(task.verify(inst, read).score).toBe(1);
    const literal = JSON.stringify(original).replaceAll('"', "'");
    expect(task.parse(`{'bricks': [{'Centroid': (55, 0, 4.8), 'RotationDegrees': 270}]}`, inst)).toEqual({
      bricks: [{ x: 47, y: -16, layer: 0, orientation: 90 }],
    });
    expect(isParseFailure(task.parse(literal, inst))).toBe(false);
    const refused: [string, RegExp][] = [
      [
        "{'bricks': [{'Centroid': [55, 0, 4.8], 'RotationDegrees': 'ninety'}]}",
        /RotationDegrees.*finite number/,
      ],
      ["{'bricks': [{'Centroid': [55, 0, 10], 'RotationDegrees': 0}]}", /Centroid z/],
      ["{'bricks': [{'Centroid': [55, 0], 'RotationDegrees': 0}]}", /Centroid/],
    ];
    for (const [text, message] of refused) {
      const r = task.parse(text, inst);
      expect(isParseFailure(r), text).toBe(true);
      if (isParseFailure(r)) expect(r.message).toMatch(message);
    }
  });

  it("the default prompt says only what the original did; explained keeps the rules and the IoU", () => {
    const inst = preset()[6]!;
    const faithful = task.prompt(inst).messages[1]!.content;
    expect(faithful).toContain("inner radius 13 cm and outer radius 16 cm");
    expect(faithful).toContain("RotationDegrees");
    for (const giveaway of ["IoU", "0.65", "convex hull", "0.01 mm", "whole multiple of 8"])
      expect(faithful).not.toContain(giveaway);
    const explained = task.prompt(inst, { variant: "explained" }).messages[1]!.content;
    expect(explained).toContain("IoU");
    expect(explained).toContain("0.65");
  });
});
