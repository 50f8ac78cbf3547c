import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convexHull, insideConvex } from "../../../geometry/plane.ts";
import { boxShellVolume, diskRectArea } from "./box-shell-volume.ts";
import { type Box, brickBox, type Point } from "./brick-geometry.ts";
import { benchLegoShell } from "./index.ts";
import { type Brick, shellVolume } from "./schema.ts";
import { shellOverlap } from "./shell-overlap.ts";
import { buildShell } from "./solve.ts";
import { shellIou } from "./verify.ts";

/** Midpoint-rule area of the disk inside a rectangle, on an n × n grid. */
function gridArea(x0: number, x1: number, y0: number, y1: number, rho: number, n: number): number {
  let inside = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const x = x0 + ((i + 0.5) * (x1 - x0)) / n;
      const y = y0 + ((j + 0.5) * (y1 - y0)) / n;
      if (x * x + y * y <= rho * rho) inside++;
    }
  return (inside * (x1 - x0) * (y1 - y0)) / (n * n);
}

const coord = fc.integer({ min: -60, max: 60 });

describe("lego-shell volumes", () => {
  it("disk ∩ rectangle area matches a fine grid count and the closed forms", () => {
    expect(diskRectArea(-10, 10, -10, 10, 5)).toBeCloseTo(Math.PI * 25, 10);
    expect(diskRectArea(0, 10, 0, 10, 5)).toBeCloseTo((Math.PI * 25) / 4, 10);
    expect(diskRectArea(-3, 2, -1, 4, 100)).toBeCloseTo(25, 10);
    fc.assert(
      fc.property(coord, coord, coord, coord, fc.integer({ min: 1, max: 50 }), (a, b, c, d, rho) => {
        const [x0, x1] = [Math.min(a, b), Math.max(a, b) + 1];
        const [y0, y1] = [Math.min(c, d), Math.max(c, d) + 1];
        const exact = diskRectArea(x0, x1, y0, y1, rho);
        expect(Math.abs(exact - gridArea(x0, x1, y0, y1, rho, 400))).toBeLessThan(
          0.002 * (x1 - x0) * (y1 - y0) + 0.05 * rho,
        );
      }),
      { numRuns: 40 },
    );
  });

  it("integrates the whole shell to its closed-form volume", () => {
    for (const [r, R] of [
      [40, 70],
      [150, 180],
    ] as const) {
      const whole: Box = { min: [-R, -R, -5], max: [R, R, R + 5] };
      expect(boxShellVolume(whole, r, R, 400) / shellVolume(r, R)).toBeCloseTo(1, 6);
    }
  });

  it("agrees with manifold-3d CSG on random brick sets (IoU within 1e-3)", () => {
    const brick = fc.record({
      x: fc.integer({ min: -10, max: 8 }).map((v) => v * 8),
      y: fc.integer({ min: -10, max: 8 }).map((v) => v * 8),
      layer: fc.integer({ min: 0, max: 7 }),
      orientation: fc.constantFrom<0 | 90>(0, 90),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(brick, { minLength: 1, maxLength: 12, selector: (b) => `${b.x},${b.y},${b.layer}` }),
        (raw) => {
          // Keep a non-overlapping subset: the IoU formula assumes disjoint bricks.
          const bricks: Brick[] = [];
          for (const b of raw) {
            const box = brickBox(b);
            const clash = bricks.some((o) => {
              const p = brickBox(o);
              return (
                o.layer === b.layer &&
                p.min[0] < box.max[0] &&
                box.min[0] < p.max[0] &&
                p.min[1] < box.max[1] &&
                box.min[1] < p.max[1]
              );
            });
            if (!clash) bricks.push(b);
          }
          const data = { inner: 40, outer: 70, shellVolume: shellVolume(40, 70) };
          expect(Math.abs(shellOverlap(40, 70, bricks).iou - shellIou(data, bricks))).toBeLessThan(1e-3);
        },
      ),
      { numRuns: 8 },
    );
  });

  it("the builder's IoU estimate matches the verifier's", () => {
    const build = buildShell(56, 86);
    const data = { inner: 56, outer: 86, shellVolume: shellVolume(56, 86) };
    expect(shellIou(data, build.answer.bricks)).toBeCloseTo(build.iou, 3);
  });
});

describe("lego-shell footprint hull", () => {
  const square: Point[] = [
    [0, 0],
    [4, 0],
    [4, 4],
    [0, 4],
  ];

  it("drops inner and collinear points and tests containment with a tolerance", () => {
    const hull = convexHull([...square, [2, 2], [2, 0], [4, 4]]);
    expect(hull).toHaveLength(4);
    expect(insideConvex(hull, [2, 2], 0)).toBe(true);
    expect(insideConvex(hull, [4, 2], 0)).toBe(true);
    expect(insideConvex(hull, [4.005, 2], 0.01)).toBe(true);
    expect(insideConvex(hull, [4.02, 2], 0.01)).toBe(false);
    expect(insideConvex([], [0, 0], 1)).toBe(false);
  });
});

describe("lego-shell bench", () => {
  it("reports one row per level with a tiny volume error", () => {
    const rows = benchLegoShell(1, ["level-1"]);
    expect(rows.map((r) => r.level)).toEqual(["level-1"]);
    for (const r of rows) {
      expect(Math.abs(r.shellVolumeRelErr)).toBeLessThan(1e-4);
      expect(Math.abs(r.brickVolumeRelErr)).toBeLessThan(1e-4);
      expect(r.manifoldIouDelta).toBeLessThan(1e-3);
    }
  });
});
