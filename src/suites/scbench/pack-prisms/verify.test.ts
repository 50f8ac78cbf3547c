import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { packPrismsTask as task } from "./index.ts";
import type { Box, PackAnswer } from "./schema.ts";
import { verifyPack } from "./verify.ts";

const inst = task.generate(task.params.parse(task.levels["level-1"]), new Rng("v"));
const good = task.solve!(inst).answers[0]!;
const failing = (a: PackAnswer) =>
  task
    .verify(inst, a)
    .checks.filter((c) => !c.ok)
    .map((c) => c.name);
const withBox = (i: number, b: Box): PackAnswer => ({ boxes: good.boxes.map((x, j) => (j === i ? b : x)) });
const shift = (b: Box, d: [number, number, number]): Box => ({
  min: [b.min[0] + d[0], b.min[1] + d[1], b.min[2] + d[2]],
  max: [b.max[0] + d[0], b.max[1] + d[1], b.max[2] + d[2]],
});

describe("pack-prisms verify", () => {
  it("accepts the reference, also rotated and translated", () => {
    expect(task.verify(inst, good).passed).toBe(true);
    const turned = {
      boxes: good.boxes.map(
        (b) => ({ min: [b.min[2], b.min[0], b.min[1]], max: [b.max[2], b.max[0], b.max[1]] }) as Box,
      ),
    };
    expect(task.verify(inst, turned).score).toBe(1);
    expect(task.verify(inst, { boxes: good.boxes.map((b) => shift(b, [5, 0, 2])) }).score).toBe(1);
  });

  it("two prisms overlapping by one unit fail no_overlap", () => {
    const a = good.boxes[0]!;
    const other = good.boxes.findIndex(
      (b, i) =>
        i > 0 &&
        b.min[2] >= a.max[2] &&
        b.min[0] < a.max[0] &&
        a.min[0] < b.max[0] &&
        b.min[1] < a.max[1] &&
        a.min[1] < b.max[1],
    );
    expect(other).toBeGreaterThan(0);
    const moved = withBox(other, shift(good.boxes[other]!, [0, 0, -1]));
    expect(failing(moved)).toEqual(["boxes.no_overlap", "packing.score"]);
    expect(task.verify(inst, moved).failure?.kind).toBe("wrong");
    expect(task.verify(inst, moved).score).toBe(0);
  });

  it("a prism of the wrong size fails counts", () => {
    const b = good.boxes[0]!;
    const grown = withBox(0, { min: b.min, max: [b.max[0] + 1, b.max[1], b.max[2]] });
    expect(failing(grown)).toContain("prisms.counts");
  });

  it("a missing prism fails counts", () => {
    expect(failing({ boxes: good.boxes.slice(1) })).toEqual(["prisms.counts", "packing.score"]);
  });

  it("a negative corner fails non_negative", () => {
    expect(failing({ boxes: good.boxes.map((b) => shift(b, [0, -1, 0])) })).toEqual([
      "boxes.non_negative",
      "packing.score",
    ]);
  });

  it("min > max is invalid (positive_size), a fractional corner too", () => {
    const b = good.boxes[0]!;
    const flipped = withBox(0, { min: b.max, max: b.min });
    expect(failing(flipped)).toContain("boxes.positive_size");
    expect(task.verify(inst, flipped).failure?.kind).toBe("invalid");
    const frac = withBox(0, shift(b, [0.5, 0, 0]));
    expect(failing(frac)).toContain("boxes.integer_corners");
    expect(task.verify(inst, frac).failure?.kind).toBe("invalid");
  });

  it("touching faces are allowed and a loose packing scores its efficiency", () => {
    const apart = { boxes: good.boxes.map((b, i) => (i === 0 ? shift(b, [100, 0, 0]) : b)) };
    const v = task.verify(inst, apart);
    expect(v.checks.slice(0, 5).every((c) => c.ok)).toBe(true);
    expect(v.score).toBeLessThan(0.5);
    expect(v.passed).toBe(false);
    expect(v.failure?.kind).toBe("wrong");
  });

  it("scores relative to the target when a perfect box is ruled out", () => {
    const hard = task.generate(task.params.parse(task.levels["level-3"]), new Rng("v"));
    expect(hard.data.perfect).toBe("ruled-out");
    const ref = task.solve!(hard).answers[0]!;
    expect(verifyPack({ ...hard.data, target: 1 }, ref).score).toBeCloseTo(hard.data.target, 10);
    expect(task.verify(hard, ref).score).toBe(1);
  });
});
