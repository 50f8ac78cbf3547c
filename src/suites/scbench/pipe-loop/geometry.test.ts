import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { segmentsMeet } from "../../../geometry/plane.ts";
import { countMeetingPairs, hullArea, meetingPairs, straightRuns } from "./geometry.ts";
import type { Pt } from "./model.ts";

/** Independent check on small integer coordinates: exact rational parametric intersection. */
function meetBrute(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const rx = b[0] - a[0];
  const ry = b[1] - a[1];
  const sx = d[0] - c[0];
  const sy = d[1] - c[1];
  const den = rx * sy - ry * sx;
  const qx = c[0] - a[0];
  const qy = c[1] - a[1];
  if (den !== 0) {
    const t = qx * sy - qy * sx;
    const u = qx * ry - qy * rx;
    const inRange = (v: number) => (den > 0 ? v >= 0 && v <= den : v <= 0 && v >= den);
    return inRange(t) && inRange(u);
  }
  if (qx * ry - qy * rx !== 0) return false;
  // Collinear segments overlap exactly when an endpoint of one lies on the other.
  const pts = [a, b, c, d];
  const onSeg = (p: Pt, s: Pt, e: Pt) =>
    Math.min(s[0], e[0]) <= p[0] &&
    p[0] <= Math.max(s[0], e[0]) &&
    Math.min(s[1], e[1]) <= p[1] &&
    p[1] <= Math.max(s[1], e[1]);
  return pts.some((p) => onSeg(p, a, b) && onSeg(p, c, d));
}

const coord = fc.integer({ min: -3, max: 3 });
const pt = fc.tuple(coord, coord) as fc.Arbitrary<Pt>;

describe("pipe-loop geometry", () => {
  it("segmentsMeet agrees with an exact parametric test", () => {
    fc.assert(
      fc.property(pt, pt, pt, pt, (a, b, c, d) => {
        fc.pre(a[0] !== b[0] || a[1] !== b[1]);
        fc.pre(c[0] !== d[0] || c[1] !== d[1]);
        expect(segmentsMeet(a, b, c, d)).toBe(meetBrute(a, b, c, d));
      }),
      { numRuns: 3000 },
    );
  });

  it("counts the crossing of a bowtie and none for a square", () => {
    expect([
      ...meetingPairs([
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]),
    ]).toEqual([[1, 3]]);
    expect([
      ...meetingPairs([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ]),
    ]).toEqual([]);
  });

  it("counts meeting pairs up to one past the limit, keeping the first", () => {
    const zigzag = Array.from({ length: 12 }, (_, i): [number, number] => [i % 2, i * 0.01]);
    const all = [...meetingPairs(zigzag)];
    expect(all.length).toBeGreaterThan(5);
    expect(countMeetingPairs(zigzag, 2)).toEqual({ count: 3, first: all[0] });
    expect(countMeetingPairs(zigzag, 100)).toEqual({ count: all.length, first: all[0] });
  });

  it("hull area and straight runs of a 2×1 rectangle of unit pipes", () => {
    const rect: Pt[] = [
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [0, 1],
      [0.5, 0.5],
    ];
    expect(hullArea(rect)).toBeCloseTo(2, 12);
    expect(straightRuns(rect.slice(0, 6), 1).sort()).toEqual([1, 1, 2, 2]);
  });
});
