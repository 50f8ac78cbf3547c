import type { Pt } from "./model.ts";

/**
 * A crown: an even number n of points alternating between radius `outer` and a smaller inner
 * radius, at equal angular steps 2π/n around the origin, the inner radius chosen so every pipe is
 * exactly 1 long. Star-shaped about the origin, so it never meets itself. Vertex 0 sits on the
 * outer circle on the positive x axis. Null when no inner radius > 0 makes the pipes unit length.
 */
export function crownShape(n: number, outer: number): Pt[] | null {
  if (n < 4 || n % 2 === 1) return null;
  const step = (2 * Math.PI) / n;
  const reach = 1 - (outer * Math.sin(step)) ** 2;
  if (reach < 0) return null;
  const inner = outer * Math.cos(step) - Math.sqrt(reach);
  if (!(inner > 0.05) || inner >= outer) return null;
  return Array.from({ length: n }, (_, k): Pt => {
    const r = k % 2 === 0 ? outer : inner;
    const a = k * step;
    return [r * Math.cos(a), r * Math.sin(a)];
  });
}

export const shift = (pts: readonly Pt[], dx: number, dy: number): Pt[] =>
  pts.map(([x, y]): Pt => [x + dx, y + dy]);
