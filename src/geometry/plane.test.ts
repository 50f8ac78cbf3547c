import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  convexHull,
  insideConvex,
  orientation,
  type Point2,
  polygonArea,
  segmentsMeet,
  turn,
} from "./plane.ts";

const small = fc.integer({ min: -6, max: 6 });
const point = fc.tuple(small, small) as fc.Arbitrary<Point2>;

describe("turn and orientation", () => {
  it("are positive counter-clockwise, negative clockwise, zero collinear", () => {
    expect(turn([0, 0], [1, 0], [0, 1])).toBe(1);
    expect(orientation([0, 0], [1, 0], [0, 1])).toBe(1);
    expect(orientation([0, 0], [0, 1], [1, 0])).toBe(-1);
    expect(orientation([0, 0], [1, 1], [3, 3])).toBe(0);
  });

  it("decides near-collinear points exactly where a plain cross product rounds", () => {
    // 0.1 + 0.2 is not 0.3 in binary: the three points are not collinear, by a hair.
    expect(orientation([0, 0], [0.1, 0.1], [0.1 + 0.2, 0.3])).toBe(-1);
  });
});

describe("segmentsMeet", () => {
  it("finds proper crossings, touching ends and collinear overlaps", () => {
    expect(segmentsMeet([0, 0], [2, 2], [0, 2], [2, 0])).toBe(true);
    expect(segmentsMeet([0, 0], [1, 0], [1, 0], [2, 5])).toBe(true);
    expect(segmentsMeet([0, 0], [2, 0], [1, 0], [3, 0])).toBe(true);
    expect(segmentsMeet([0, 0], [1, 0], [2, 0], [3, 0])).toBe(false);
    expect(segmentsMeet([0, 0], [1, 1], [0, 1], [0.4, 0.6])).toBe(false);
  });

  it("is symmetric in its segments and their ends", () => {
    fc.assert(
      fc.property(point, point, point, point, (a, b, c, d) => {
        const m = segmentsMeet(a, b, c, d);
        expect(segmentsMeet(c, d, a, b)).toBe(m);
        expect(segmentsMeet(b, a, d, c)).toBe(m);
      }),
    );
  });
});

describe("convexHull", () => {
  it("is counter-clockwise from the lowest-x point, without collinear or inner points", () => {
    const square: Point2[] = [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
    ];
    expect(convexHull([...square, [1, 1], [1, 0], [2, 1]])).toEqual(square);
    expect(convexHull([[1, 1]])).toEqual([[1, 1]]);
    expect(
      convexHull<Point2>([
        [2, 2],
        [0, 0],
        [1, 1],
      ]),
    ).toEqual([
      [0, 0],
      [2, 2],
    ]);
  });

  it("drops turns no larger than the tolerance", () => {
    expect(
      convexHull<Point2>([
        [0, 0],
        [1, -1e-13],
        [2, 0],
        [1, 1],
      ]),
    ).toHaveLength(4);
    expect(
      convexHull<Point2>(
        [
          [0, 0],
          [1, -1e-13],
          [2, 0],
          [1, 1],
        ],
        1e-12,
      ),
    ).toHaveLength(3);
  });

  it("contains every point, and a hull of three or more corners has positive area", () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: 3, maxLength: 12 }), (pts) => {
        const hull = convexHull(pts);
        for (const p of pts) expect(insideConvex(hull, p, 1e-9) || hull.length < 3).toBe(true);
        if (hull.length >= 3) expect(polygonArea(hull)).toBeGreaterThan(0);
      }),
    );
  });
});

describe("polygonArea and insideConvex", () => {
  it("signs the area by orientation", () => {
    const tri: Point2[] = [
      [0, 0],
      [4, 0],
      [0, 3],
    ];
    expect(polygonArea(tri)).toBe(6);
    expect(polygonArea([...tri].reverse())).toBe(-6);
  });

  it("accepts points within the tolerance outside the hull, and nothing for a degenerate hull", () => {
    const hull: Point2[] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
    ];
    expect(insideConvex(hull, [4, 2], 0)).toBe(true);
    expect(insideConvex(hull, [4.005, 2], 0.01)).toBe(true);
    expect(insideConvex(hull, [4.02, 2], 0.01)).toBe(false);
    expect(insideConvex([], [0, 0], 1)).toBe(false);
  });
});
