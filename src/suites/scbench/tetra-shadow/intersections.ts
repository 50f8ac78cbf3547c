import { tetrahedraIntersect, type Vec3 } from "./tetra.ts";

const centroid = (v: readonly Vec3[]): Vec3 => [
  v.reduce((s, p) => s + p[0], 0) / v.length,
  v.reduce((s, p) => s + p[1], 0) / v.length,
  v.reduce((s, p) => s + p[2], 0) / v.length,
];

/** The first pair of intersecting tetrahedra (edge `edge`), with a bounding-sphere broad phase. */
export function firstIntersection(bodies: Vec3[][], edge: number): [number, number] | null {
  const centres = bodies.map(centroid);
  const reach = 2 * edge * (Math.sqrt(6) / 4);
  const order = centres.map((_, i) => i).sort((a, b) => (centres[a] as Vec3)[0] - (centres[b] as Vec3)[0]);
  for (let x = 0; x < order.length; x++) {
    const i = order[x] as number;
    const ci = centres[i] as Vec3;
    for (let y = x + 1; y < order.length; y++) {
      const j = order[y] as number;
      const cj = centres[j] as Vec3;
      if (cj[0] - ci[0] > reach) break;
      if (Math.hypot(cj[0] - ci[0], cj[1] - ci[1], cj[2] - ci[2]) > reach) continue;
      if (tetrahedraIntersect(bodies[i] as Vec3[], bodies[j] as Vec3[])) return i < j ? [i, j] : [j, i];
    }
  }
  return null;
}
