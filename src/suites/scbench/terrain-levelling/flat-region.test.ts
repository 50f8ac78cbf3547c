import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { flatRegions, largestFlatRegion } from "./flat-region.ts";

/** Independent union-find over all linked neighbour pairs. */
function largestByUnionFind(h: number[][]): number {
  const n = h.length;
  const m = h[0]?.length ?? 0;
  const parent = Array.from({ length: n * m }, (_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    return r;
  };
  for (let y = 0; y < n; y++)
    for (let x = 0; x < m; x++) {
      const v = (h[y] as number[])[x] as number;
      if (x + 1 < m && Math.abs(v - ((h[y] as number[])[x + 1] as number)) <= 0.2 + 1e-9)
        parent[find(y * m + x)] = find(y * m + x + 1);
      if (y + 1 < n && Math.abs(v - ((h[y + 1] as number[])[x] as number)) <= 0.2 + 1e-9)
        parent[find(y * m + x)] = find((y + 1) * m + x);
    }
  const sizes = new Map<number, number>();
  for (let i = 0; i < n * m; i++) sizes.set(find(i), (sizes.get(find(i)) ?? 0) + 1);
  return Math.max(...sizes.values());
}

describe("largest flat region", () => {
  it("matches a union-find count on random small maps", () => {
    const heights = fc.integer({ min: 1, max: 7 }).chain((n) =>
      fc.array(
        fc.array(
          fc.integer({ min: 0, max: 8 }).map((v) => v / 10),
          { minLength: n, maxLength: n },
        ),
        {
          minLength: n,
          maxLength: n,
        },
      ),
    );
    fc.assert(
      fc.property(heights, (h) => {
        const region = largestFlatRegion(h);
        expect(region.size).toBe(largestByUnionFind(h));
        expect(new Set(region.cells).size).toBe(region.size);
        const all = flatRegions(h);
        expect(all.reduce((s, r) => s + r.size, 0)).toBe(h.length * h.length);
      }),
    );
  });

  it("keeps a cliff inside a region when a gentle path joins both sides", () => {
    const h = [
      [0, 0, 0],
      [1, 1, 0.2],
      [1, 1, 0.4],
    ];
    // 0 → 1 is a cliff and 0.4 → 1 too: two regions.
    expect(largestFlatRegion(h).size).toBe(5);
    // The same cliff between (0, 0) and (0, 1), now bypassed by a ramp 0 → 0.2 → 0.4 → 0.6 → 0.8 → 1.
    const ramp = [
      [0, 0, 0],
      [1, 1, 0.2],
      [0.8, 0.6, 0.4],
    ];
    expect(largestFlatRegion(ramp).size).toBe(9);
  });

  it("counts exactly 0.2 apart as linked despite rounding", () => {
    expect(largestFlatRegion([[0.1, 0.3, 0.5, 0.7]]).size).toBe(4);
    expect(largestFlatRegion([[0.1, 0.31]]).size).toBe(1);
  });
});
