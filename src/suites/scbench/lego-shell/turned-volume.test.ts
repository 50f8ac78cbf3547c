import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { preciseBoxShellVolume } from "./box-shell-volume.ts";
import { alignedBox, type Box, brickCentre } from "./brick-geometry.ts";
import {
  BRICK_HEIGHT,
  BRICK_VOLUME,
  type Brick,
  halfSpan,
  type LegoShellData,
  shellVolume,
} from "./schema.ts";
import { shellOverlap } from "./shell-overlap.ts";
import { brickShellVolume, shellIou } from "./verify.ts";

const at = (cx: number, cy: number, layer: number, turn: number): Brick => {
  const [hx, hy] = halfSpan(turn);
  return { x: cx - hx, y: cy - hy, layer, orientation: turn };
};
const shell = (inner: number, outer: number): LegoShellData => ({
  inner,
  outer,
  shellVolume: shellVolume(inner, outer),
});

/** Random bricks at any turn whose centres lie near the shell's walls (where the volume is partial). */
function straddling(rng: Rng, inner: number, outer: number, count: number): Brick[] {
  return Array.from({ length: count }, () => {
    const r = inner - 20 + rng.float() * (outer - inner + 40);
    const phi = rng.float() * 2 * Math.PI;
    const layer = rng.int(0, Math.ceil(outer / BRICK_HEIGHT));
    return at(r * Math.cos(phi), r * Math.sin(phi), layer, rng.float() * 180);
  });
}

/** Monte Carlo in-shell volume of a brick: uniform points in the turned box, and the standard error. */
function monteCarlo(b: Brick, inner: number, outer: number, n: number, rng: Rng): [number, number] {
  const [cx, cy] = brickCentre(b);
  const t = (b.orientation * Math.PI) / 180;
  const [c, s] = [Math.cos(t), Math.sin(t)];
  let hits = 0;
  for (let k = 0; k < n; k++) {
    const u = (rng.float() - 0.5) * 32;
    const v = (rng.float() - 0.5) * 16;
    const z = (b.layer + rng.float()) * BRICK_HEIGHT;
    const x = cx + u * c - v * s;
    const y = cy + u * s + v * c;
    const d2 = x * x + y * y + z * z;
    if (z >= 0 && d2 >= inner * inner && d2 <= outer * outer) hits++;
  }
  const p = hits / n;
  return [p * BRICK_VOLUME, BRICK_VOLUME * Math.sqrt((p * (1 - p)) / n)];
}

describe("lego-shell: volume of a turned brick inside the shell", () => {
  it("the precise integration meets the closed forms: whole shell, octant, spherical cap", () => {
    for (const [r, R] of [
      [40, 70],
      [150, 170],
    ] as const) {
      const whole: Box = { min: [-R, -R, -5], max: [R, R, R + 5] };
      expect(preciseBoxShellVolume(whole, r, R) / shellVolume(r, R)).toBeCloseTo(1, 12);
      const octant: Box = { min: [0, 0, 0], max: [R, R, R] };
      expect(preciseBoxShellVolume(octant, r, R) / ((Math.PI / 6) * (R ** 3 - r ** 3))).toBeCloseTo(1, 12);
      const h = R - 17.3;
      const cap: Box = { min: [-R, -R, h], max: [R, R, R] };
      const depth = R - h;
      expect(preciseBoxShellVolume(cap, 0, R) / ((Math.PI * depth ** 2 * (3 * R - depth)) / 3)).toBeCloseTo(
        1,
        12,
      );
    }
  });

  it("agrees with 16-fold refinement within 1e-4 mm³ on bricks straddling the walls", () => {
    const rng = new Rng("refine");
    for (const [r, R] of [
      [40, 70],
      [90, 130],
      [150, 170],
    ] as const)
      for (const b of straddling(rng, r, R, 150)) {
        const box = alignedBox(b);
        expect(
          Math.abs(preciseBoxShellVolume(box, r, R) - preciseBoxShellVolume(box, r, R, 32)),
        ).toBeLessThan(1e-4);
      }
  });

  it("matches Monte Carlo sampling of the turned brick within 5 standard errors", () => {
    const rng = new Rng("monte-carlo");
    const data = shell(40, 70);
    const bricks = [at(48, 20, 0, 33), at(-20, 60, 2, 101.5), at(0, 38, 2, 12), at(30, -30, 5, 77)];
    for (const b of bricks) {
      const [estimate, se] = monteCarlo(b, 40, 70, 60_000, rng);
      const exact = brickShellVolume(data, b);
      expect(exact).toBeGreaterThan(0);
      expect(exact).toBeLessThan(BRICK_VOLUME);
      expect(Math.abs(exact - estimate), JSON.stringify(b)).toBeLessThan(5 * se + 1e-9);
    }
  });

  it("a brick turned about the origin with the whole scene keeps its volume (to 1e-9)", () => {
    const rng = new Rng("turn-invariance");
    const data = shell(56, 86);
    for (let k = 0; k < 60; k++) {
      const b: Brick = {
        x: rng.int(-12, 11) * 8,
        y: rng.int(-12, 11) * 8,
        layer: rng.int(0, 9),
        orientation: rng.bool() ? 0 : 90,
      };
      const [cx, cy] = brickCentre(b);
      const phi = rng.float() * 360;
      const [c, s] = [Math.cos((phi * Math.PI) / 180), Math.sin((phi * Math.PI) / 180)];
      const turned = at(
        c * cx - s * cy,
        s * cx + c * cy,
        b.layer,
        (((b.orientation + phi) % 180) + 180) % 180,
      );
      expect(Math.abs(brickShellVolume(data, turned) - brickShellVolume(data, b))).toBeLessThan(
        1e-9 * BRICK_VOLUME,
      );
    }
  });

  it("agrees with manifold-3d CSG on rings of turned bricks (IoU within 1e-3)", () => {
    const data = shell(40, 70);
    for (const [count, radius, layer, offset] of [
      [9, 55, 0, 7],
      [7, 48, 2, 31],
      [5, 30, 5, 0],
    ] as const) {
      const bricks = Array.from({ length: count }, (_, k) => {
        const a = ((360 / count) * k + offset) * (Math.PI / 180);
        return at(
          radius * Math.cos(a),
          radius * Math.sin(a),
          layer,
          ((((a * 180) / Math.PI + 90) % 180) + 180) % 180,
        );
      });
      expect(Math.abs(shellOverlap(40, 70, bricks).iou - shellIou(data, bricks))).toBeLessThan(1e-3);
    }
  });
});
