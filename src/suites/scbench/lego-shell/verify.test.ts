import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Verdict } from "../../../core/verdict.ts";
import { referenceAnswer } from "./index.ts";
import { type Brick, type LegoShellData, MAX_BRICKS, shellVolume } from "./schema.ts";
import { CHECK_NAMES, verifyLegoShell } from "./verify.ts";

const data: LegoShellData = { inner: 40, outer: 70, shellVolume: shellVolume(40, 70) };
const b = (x: number, y: number, layer: number, orientation: 0 | 90 = 0): Brick => ({
  x,
  y,
  layer,
  orientation,
});
const verify = (bricks: Brick[]): Verdict => verifyLegoShell(data, { bricks });

/** The rule checks (all but the score) that fail. */
const failing = (v: Verdict): string[] =>
  v.checks.filter((c) => !c.ok && c.name !== "shell.similarity").map((c) => c.name);

/** A ground brick inside the shell's footprint, on the +x side. */
const ground = b(40, -8, 0);

describe("lego-shell verifier: construction rules", () => {
  it("names one check per rule of the seed's table, plus the score", () => {
    expect(verify([ground]).checks.map((c) => c.name)).toEqual([...CHECK_NAMES, "shell.similarity"]);
  });

  it("accepts a small legal build, failing only on similarity", () => {
    const v = verify([ground, b(48, -16, 1, 90)]);
    expect(failing(v)).toEqual([]);
    expect(v.passed).toBe(false);
    expect(v.score).toBeGreaterThan(0);
    expect(v.score).toBeLessThan(1);
  });

  it("a floating brick fails bricks.connected (and its part has no ground)", () => {
    const v = verify([ground, b(40, -8, 2)]);
    expect(failing(v)).toEqual(["bricks.connected", "parts.stable"]);
    expect(v.checks[0]?.detail).toContain("#1");
    expect(v.score).toBe(0);
    expect(v.failure?.kind).toBe("wrong");
  });

  it("a brick held only from above counts as connected", () => {
    // Layer-1 brick #2 touches nothing below; the layer-2 brick on top joins it to #1 on the ground.
    expect(failing(verify([ground, b(40, -8, 1), b(8, -8, 1), b(24, -8, 2)]))).toEqual([]);
  });

  it("a connected group with no ground brick fails parts.stable only", () => {
    expect(failing(verify([ground, b(40, -8, 3), b(40, -8, 4, 90)]))).toEqual(["parts.stable"]);
  });

  it("overlapping bricks fail bricks.no_overlap; touching ones do not", () => {
    expect(failing(verify([ground, b(48, -8, 0)]))).toEqual(["bricks.no_overlap"]);
    expect(failing(verify([ground, ground]))).toEqual(["bricks.no_overlap"]);
    expect(failing(verify([ground, b(40, 8, 0)]))).toEqual([]);
    expect(failing(verify([ground, b(40, 7.995, 0)]))).toEqual([]);
    expect(failing(verify([ground, b(40, 7.98, 0)]))).toEqual(["bricks.no_overlap"]);
  });

  it("a brick off the 8 mm stud grid of the brick below fails bricks.stud_aligned", () => {
    expect(failing(verify([ground, b(44, -8, 1, 90)]))).toEqual(["bricks.stud_aligned"]);
    expect(failing(verify([ground, b(48, -12, 1, 90)]))).toEqual(["bricks.stud_aligned"]);
    expect(failing(verify([ground, b(48.005, -8, 1, 90)]))).toEqual([]);
    expect(failing(verify([ground, b(48.02, -8, 1, 90)]))).toEqual(["bricks.stud_aligned"]);
    // Off-grid bricks that do not touch vertically need no alignment.
    expect(failing(verify([ground, b(-70.5, -3.3, 0)]))).toEqual([]);
  });

  it("a top-heavy part overhanging its footprint fails parts.stable; a counterweight fixes it", () => {
    // Steps inward over the hole: centres at x = 56, 32, 16, so the centre of mass (34.7) is off the base [40, 72].
    const overhang = [ground, b(16, -8, 1), b(0, -8, 2)];
    const v = verify(overhang);
    expect(failing(v)).toEqual(["parts.stable"]);
    expect(v.checks[3]?.detail).toContain("outside the convex hull");
    // A counterweight over the base: centres 56, 32, 16, 64 average 42.
    expect(failing(verify([...overhang, b(48, -8, 1)]))).toEqual([]);
  });

  it("the centre of mass exactly on the footprint's edge is stable", () => {
    // Centres at x = 56, 32 and 32: the mean 40 is on the base's edge.
    expect(failing(verify([ground, b(16, -8, 1), b(24, -8, 2, 90)]))).toEqual([]);
    expect(failing(verify([ground, b(16, -8, 1), b(23.9, -8, 2, 90)]))).toEqual([
      "bricks.stud_aligned",
      "parts.stable",
    ]);
  });

  it("bricks below ground, wholly inside the inner sphere or wholly outside the outer one fail bricks.in_bounds", () => {
    expect(failing(verify([ground, b(40, -8, -1)]))).toEqual(["bricks.in_bounds"]);
    expect(failing(verify([b(-16, -8, 0)]))).toEqual(["bricks.in_bounds"]);
    expect(failing(verify([ground, b(70, 20, 0)]))).toEqual(["bricks.in_bounds"]);
    expect(failing(verify([b(70, -8, 0)]))).toEqual(["bricks.in_bounds"]);
    expect(failing(verify([b(69.9, -8, 0)]))).toEqual([]);
    // Layer 7 starts at z = 67.2 < 70 (floating, but in bounds); layer 8 at 76.8.
    expect(failing(verify([ground, b(-8, -8, 7, 90)]))).toEqual(["bricks.connected", "parts.stable"]);
    expect(failing(verify([ground, b(-8, -8, 8, 90)]))).toEqual([
      "bricks.connected",
      "parts.stable",
      "bricks.in_bounds",
    ]);
    expect(verify([b(-16, -8, 0)]).checks[4]?.detail).toContain("wholly inside the inner sphere");
  });

  it("scores an empty answer 0 without breaking a rule", () => {
    const v = verify([]);
    expect(failing(v)).toEqual([]);
    expect(v.score).toBe(0);
  });
});

describe("lego-shell verifier: near-misses of the reference", () => {
  const reference = referenceAnswer(data).bricks;
  const top = reference.reduce((best, x) => (x.layer > best.layer ? x : best));
  const without = (brick: Brick) => reference.filter((x) => x !== brick);

  it("the reference passes with score 1", () => {
    const v = verify(reference);
    expect(v.passed).toBe(true);
    expect(v.score).toBe(1);
  });

  it("the most bricks allowed, all in one spot, fail quickly without listing every pair", () => {
    const stacked = verify(Array.from({ length: MAX_BRICKS }, (_, k) => b(40, -8, k % 2)));
    expect(failing(stacked)).toEqual([
      "bricks.connected",
      "bricks.stud_aligned",
      "bricks.no_overlap",
      "parts.stable",
    ]);
    expect(stacked.checks[0]?.detail).toMatch(/^not checked: more than 16 stud connections per brick/);
    expect(stacked.checks[2]?.detail).toMatch(/\(at least 1000 such pair\(s\)\)/);
    const flat = verify(Array.from({ length: MAX_BRICKS }, () => ground));
    expect(failing(flat)).toEqual(["bricks.no_overlap"]);
  });

  it("a duplicated brick fails bricks.no_overlap", () => {
    expect(failing(verify([...reference, { ...top }]))).toEqual(["bricks.no_overlap"]);
  });

  it("the top brick shifted 4 mm fails bricks.stud_aligned", () => {
    expect(failing(verify([...without(top), { ...top, x: top.x + 4 }]))).toEqual(["bricks.stud_aligned"]);
  });

  it("the top brick lifted a layer floats", () => {
    expect(failing(verify([...without(top), { ...top, layer: top.layer + 2 }]))).toContain(
      "bricks.connected",
    );
  });

  it("a brick wholly outside the outer sphere fails bricks.in_bounds only", () => {
    expect(failing(verify([...reference, b(72, 40, 0, 90)]))).toEqual(["bricks.in_bounds"]);
  });

  it("any subset of the reference keeps studs aligned, no overlap and bounds", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: reference.length, maxLength: reference.length }),
        (keep) => {
          const v = verify(reference.filter((_, i) => keep[i]));
          for (const name of ["bricks.stud_aligned", "bricks.no_overlap", "bricks.in_bounds"])
            expect(v.checks.find((c) => c.name === name)?.ok).toBe(true);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("the same answer always gets the same verdict", () => {
    expect(verify(reference)).toEqual(verify(referenceAnswer(data).bricks));
  });
});
