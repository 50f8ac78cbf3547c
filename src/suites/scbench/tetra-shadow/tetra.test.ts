import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { kernel, withKernel } from "../../../geometry/manifold.ts";
import { EDGE_LENGTH } from "./schema.ts";
import {
  axisAngle,
  localVertices,
  polygonsOverlap,
  type Quat,
  quatMul,
  rotate,
  separation,
  shadow,
  tetrahedraIntersect,
  type Vec3,
  worldVertices,
} from "./tetra.ts";

const close = (a: readonly number[], b: readonly number[]) => {
  for (const [i, v] of a.entries()) expect(v).toBeCloseTo(b[i] as number, 9);
};
const ID: Quat = [1, 0, 0, 0];

describe("quaternions (Hamilton, active)", () => {
  it("turn 90° about +z maps x to y and (1,1,1) to (−1,1,1), by hand", () => {
    const q: Quat = [Math.SQRT1_2, 0, 0, Math.SQRT1_2];
    close(rotate(q, [1, 0, 0]), [0, 1, 0]);
    close(rotate(q, [1, 1, 1]), [-1, 1, 1]);
    close(axisAngle([0, 0, 1], Math.PI / 2), q);
  });

  it("turn 180° about +x maps (1, 1, 1) to (1, −1, −1): a vertex onto another", () => {
    close(rotate([0, 1, 0, 0], [1, 1, 1]), [1, -1, -1]);
  });

  it("q·p applies p first; q and −q are the same rotation", () => {
    const p = axisAngle([0, 0, 1], Math.PI / 2);
    const q = axisAngle([1, 0, 0], Math.PI / 2);
    // z-turn maps x→y, then the x-turn maps y→z.
    close(rotate(quatMul(q, p), [1, 0, 0]), [0, 0, 1]);
    close(rotate(q.map((v) => -v) as Quat, [0.3, -2, 5]), rotate(q, [0.3, -2, 5]));
  });

  it("world vertices normalise q and rotate about the centroid", () => {
    const v = worldVertices(EDGE_LENGTH, [5, 6, 7], [2, 0, 0, 2]);
    close(v[0] as Vec3, [4, 7, 8]);
    const c = v.reduce((s, p) => [s[0] + p[0] / 4, s[1] + p[1] / 4, s[2] + p[2] / 4], [0, 0, 0]);
    close(c, [5, 6, 7]);
  });

  it("the local tetrahedron is regular with the stated edge", () => {
    const v = localVertices(EDGE_LENGTH);
    for (let i = 0; i < 4; i++)
      for (let j = i + 1; j < 4; j++)
        expect(Math.hypot(...(v[i] as Vec3).map((x, k) => x - (v[j] as Vec3)[k]!))).toBeCloseTo(
          EDGE_LENGTH,
          12,
        );
  });
});

describe("shadows", () => {
  it("unturned: the square of side 2; face down: the equilateral triangle of side 2√2", () => {
    const sq = shadow(worldVertices(EDGE_LENGTH, [0, 0, 0], ID));
    expect(sq).toHaveLength(4);
    for (const p of sq) close(p.map(Math.abs), [1, 1]);
    const tri = shadow(
      worldVertices(EDGE_LENGTH, [0, 0, 0], axisAngle([1, -1, 0], Math.acos(1 / Math.sqrt(3)))),
    );
    expect(tri).toHaveLength(3);
    for (let i = 0; i < 3; i++) {
      const [a, b] = [tri[i]!, tri[(i + 1) % 3]!];
      expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeCloseTo(EDGE_LENGTH, 9);
    }
  });

  it("2D overlap: touching squares do not overlap, shifted ones do", () => {
    const a = shadow(worldVertices(EDGE_LENGTH, [0, 0, 0], ID));
    expect(polygonsOverlap(a, shadow(worldVertices(EDGE_LENGTH, [2, 0, 0], ID)))).toBe(false);
    expect(polygonsOverlap(a, shadow(worldVertices(EDGE_LENGTH, [1.9, 0.5, 0], ID)))).toBe(true);
  });
});

describe("separating-axis intersection", () => {
  it("touching is not intersecting; sharing volume is", () => {
    const a = worldVertices(EDGE_LENGTH, [0, 0, 0], ID);
    // Side by side, their edges cross at one point (1, 0, 0).
    expect(tetrahedraIntersect(a, worldVertices(EDGE_LENGTH, [2, 0, 0], ID))).toBe(false);
    expect(tetrahedraIntersect(a, worldVertices(EDGE_LENGTH, [1.99, 0, 0], ID))).toBe(true);
    expect(tetrahedraIntersect(a, a)).toBe(true);
    // Stacked in z with overlapping shadows but disjoint heights.
    expect(tetrahedraIntersect(a, worldVertices(EDGE_LENGTH, [0.5, 0.5, 2], ID))).toBe(false);
    // Point reflection through a face's plane: face to face, touching.
    const down = axisAngle([1, -1, 0], Math.acos(1 / Math.sqrt(3)));
    const up = quatMul(axisAngle([1, 0, 0], Math.PI), down);
    const h = EDGE_LENGTH * Math.sqrt(2 / 3);
    const lower = worldVertices(EDGE_LENGTH, [0, 0, 0], up);
    const upper = worldVertices(EDGE_LENGTH, [0, 0, h / 2], down);
    expect(separation(lower, upper)).toBeCloseTo(0, 9);
    expect(tetrahedraIntersect(lower, upper)).toBe(false);
  });

  it("agrees with manifold-3d's intersection volume on random pairs", () => {
    const volume = (a: Vec3[], b: Vec3[]) =>
      withKernel((keep) => keep(kernel.Manifold.hull(a).intersect(keep(kernel.Manifold.hull(b)))).volume());
    const unit = fc
      .tuple(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
      )
      .filter((q) => Math.hypot(...q) > 0.1);
    const pos = fc.tuple(
      fc.double({ min: -3, max: 3, noNaN: true }),
      fc.double({ min: -3, max: 3, noNaN: true }),
      fc.double({ min: -3, max: 3, noNaN: true }),
    );
    const seen = { apart: 0, meeting: 0 };
    fc.assert(
      fc.property(unit, unit, pos, (qa, qb, p) => {
        const a = worldVertices(EDGE_LENGTH, [0, 0, 0], qa);
        const b = worldVertices(EDGE_LENGTH, p, qb);
        const sep = separation(a, b);
        const vol = volume(a, b);
        if (sep > 0.05) expect(vol).toBeGreaterThan(1e-6);
        if (sep < -1e-3) expect(vol).toBeLessThan(1e-6);
        expect(tetrahedraIntersect(a, b)).toBe(sep > 1e-6);
        seen[sep > 1e-6 ? "meeting" : "apart"]++;
      }),
      { numRuns: 300, seed: 7 },
    );
    expect(seen.apart).toBeGreaterThan(30);
    expect(seen.meeting).toBeGreaterThan(30);
  });
});
