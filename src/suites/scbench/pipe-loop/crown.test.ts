import { describe, expect, it } from "vitest";
import { crownShape } from "./crown.ts";
import { countMeetingPairs, dist } from "./geometry.ts";
import type { Pt } from "./model.ts";

describe("crownShape", () => {
  it("gives a simple loop of unit pipes alternating between two radii", () => {
    for (const [n, outer] of [
      [8, 1.3],
      [56, 3.5],
      [420, 24],
    ] as const) {
      const pts = crownShape(n, outer)!;
      expect(pts).toHaveLength(n);
      for (let i = 0; i < n; i++) expect(dist(pts[i]!, pts[(i + 1) % n]!)).toBeCloseTo(1, 12);
      expect(Math.hypot(...pts[0]!)).toBeCloseTo(outer, 12);
      expect(Math.hypot(...pts[1]!)).toBeLessThan(outer);
      expect(countMeetingPairs(pts as Pt[], 0).count).toBe(0);
    }
  });

  it("refuses odd counts and radii no unit pipe can bridge", () => {
    expect(crownShape(7, 2)).toBeNull();
    expect(crownShape(8, 1)).toBeNull();
    expect(crownShape(8, 10)).toBeNull();
  });
});
