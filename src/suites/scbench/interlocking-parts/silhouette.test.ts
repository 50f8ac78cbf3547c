import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { freeWindows, modeLength, type Polygon2, rasterise, runsOf, scanLine } from "./silhouette.ts";

type Rect = [number, number, number, number];
const rectPoly = ([x0, y0, x1, y1]: Rect): Polygon2 => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const rects = fc.array(
  fc
    .tuple(
      fc.integer({ min: 0, max: 18 }),
      fc.integer({ min: 0, max: 18 }),
      fc.integer({ min: 1, max: 8 }),
      fc.integer({ min: 1, max: 8 }),
    )
    .map(([x, y, w, h]): Rect => [x, y, x + w, y + h]),
  { maxLength: 6 },
);
const inside = (rs: Rect[], x: number, y: number) =>
  rs.some(([x0, y0, x1, y1]) => x >= x0 && x < x1 && y >= y0 && y < y1);

describe("silhouette scan lines and raster", () => {
  it("scan lines cover exactly the union of overlapping rectangles (non-zero rule)", () => {
    fc.assert(
      fc.property(rects, fc.integer({ min: 0, max: 25 }), (rs, row) => {
        const y = row + 0.5;
        const intervals = scanLine(rs.map(rectPoly), 1, y);
        for (let x = 0.25; x < 30; x += 0.5) {
          const covered = intervals.some(([a, b]) => x >= a && x < b);
          expect(covered).toBe(inside(rs, x, y));
        }
      }),
    );
  });

  it("a hole wound clockwise stays empty", () => {
    const outer: Polygon2 = rectPoly([0, 0, 10, 10]);
    const hole: Polygon2 = [...rectPoly([3, 3, 7, 7])].reverse();
    expect(scanLine([outer, hole], 1, 5)).toEqual([
      [0, 3],
      [7, 10],
    ]);
    expect(runsOf(scanLine([outer, hole], 1, 5), -1, 11)).toEqual({ material: [3, 3], gaps: [4] });
    // Runs cut by the domain's edge are not counted as bars.
    expect(runsOf(scanLine([outer, hole], 1, 5), 1, 11)).toEqual({ material: [3], gaps: [4] });
  });

  it("free windows match a brute-force search over pixel centres", () => {
    fc.assert(
      fc.property(rects, fc.integer({ min: 1, max: 9 }), (rs, s) => {
        const polys = rs.map(rectPoly);
        const size = 24;
        const rows = Array.from({ length: size }, (_, j) => scanLine(polys, 1, j + 0.5));
        const free = [...freeWindows(rasterise(rows, 0, size), s)];
        const brute: number[] = [];
        for (let j = 0; j + s <= size; j++)
          for (let i = 0; i + s <= size; i++) {
            let clear = true;
            for (let y = j; y < j + s && clear; y++)
              for (let x = i; x < i + s && clear; x++) if (inside(rs, x + 0.5, y + 0.5)) clear = false;
            if (clear) brute.push(j * size + i);
          }
        expect(free).toEqual(brute);
      }),
    );
  });

  it("mode bins to whole millimetres and breaks ties towards the shorter", () => {
    expect(modeLength([9.6, 10.2, 10.4, 59, 59.2, 70])).toBe(10);
    expect(modeLength([20, 30])).toBe(20);
    expect(modeLength([])).toBeNull();
  });
});
