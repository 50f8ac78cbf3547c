import type { Box } from "./brick-geometry.ts";

/** Area of the disk of radius rho about the origin within [0, a] × [0, b], for a, b ≥ 0. */
function quadrantArea(a: number, b: number, rho: number): number {
  const x1 = Math.min(a, rho);
  const y1 = Math.min(b, rho);
  if (x1 * x1 + y1 * y1 <= rho * rho) return x1 * y1;
  // Up to xc the rectangle's top edge is under the circle; beyond it the arc bounds the area.
  const xc = Math.sqrt(rho * rho - y1 * y1);
  const F = (x: number) =>
    0.5 * (x * Math.sqrt(Math.max(0, rho * rho - x * x)) + rho * rho * Math.asin(x / rho));
  return y1 * xc + F(x1) - F(xc);
}

/** Signed extension of `quadrantArea` to any corner (a, b): odd in a and in b. */
const cornerArea = (a: number, b: number, rho: number): number =>
  Math.sign(a) * Math.sign(b) * quadrantArea(Math.abs(a), Math.abs(b), rho);

/** Exact area of the disk of radius rho about the origin inside the rectangle [x0, x1] × [y0, y1]. */
export function diskRectArea(x0: number, x1: number, y0: number, y1: number, rho: number): number {
  if (rho <= 0) return 0;
  return (
    cornerArea(x1, y1, rho) - cornerArea(x0, y1, rho) - cornerArea(x1, y0, rho) + cornerArea(x0, y0, rho)
  );
}

const GAUSS_NODES = [-0.8611363115940526, -0.3399810435848563, 0.3399810435848563, 0.8611363115940526];
const GAUSS_WEIGHTS = [0.3478548451374538, 0.6521451548625461, 0.6521451548625461, 0.3478548451374538];

function integrate(box: Box, inner: number, outer: number, z0: number, z1: number, pieces: number): number {
  const h = (z1 - z0) / pieces;
  const [x0, y0] = box.min;
  const [x1, y1] = box.max;
  let sum = 0;
  for (let p = 0; p < pieces; p++) {
    const mid = z0 + (p + 0.5) * h;
    for (let k = 0; k < GAUSS_NODES.length; k++) {
      const z = mid + 0.5 * h * (GAUSS_NODES[k] as number);
      const ro = Math.sqrt(Math.max(0, outer * outer - z * z));
      const ri = Math.sqrt(Math.max(0, inner * inner - z * z));
      const area = diskRectArea(x0, x1, y0, y1, ro) - diskRectArea(x0, x1, y0, y1, ri);
      sum += (GAUSS_WEIGHTS[k] as number) * area * 0.5 * h;
    }
  }
  return sum;
}

/**
 * Volume of a box inside the shell inner ≤ |p| ≤ outer, z ≥ 0: the exact cross-section area
 * integrated over z by 4-point Gauss–Legendre on `pieces` equal slices, split at z = inner where
 * the inner disk vanishes (the area has kinks where a sphere passes a box edge, so more pieces
 * mean more accuracy).
 */
export function boxShellVolume(box: Box, inner: number, outer: number, pieces = 4): number {
  const z0 = Math.max(0, box.min[2]);
  const z1 = Math.min(outer, box.max[2]);
  if (z1 <= z0) return 0;
  if (inner <= z0 || inner >= z1) return integrate(box, inner, outer, z0, z1, pieces);
  return integrate(box, inner, outer, z0, inner, pieces) + integrate(box, inner, outer, inner, z1, pieces);
}
