import { toOriginalPose } from "./original-frame.ts";
import type { TetraAnswer, TetraData, Tetrahedron } from "./schema.ts";
import type { Rings } from "./shapes.ts";
import type { Quat, Vec2 } from "./tetra.ts";

/** Exact covers, in the original's frame (edge 1), for targets its tetrahedron can tile without error. */

const EPS = 1e-9;
const H = Math.sqrt(3) / 2;
/** Side of the square shadow of a tetrahedron of edge 1 with two opposite edges horizontal. */
const SQUARE = Math.SQRT1_2;
/** Height between layers of square-shadow tetrahedra (each is 1/√2 tall). */
const LAYER = 1.5;

function inside(rings: Rings, [x, y]: Vec2): boolean {
  let odd = false;
  for (const ring of rings)
    for (let k = 0; k < ring.length; k++) {
      const [ax, ay] = ring[k] as Vec2;
      const [bx, by] = ring[(k + 1) % ring.length] as Vec2;
      if (ay <= y !== by <= y && x < ax + ((y - ay) * (bx - ax)) / (by - ay)) odd = !odd;
    }
  return odd;
}

const near = (a: number, b: number): boolean => Math.abs(a - b) < EPS * Math.max(1, Math.abs(b));
const pose = (x: number, y: number, z: number, q: Quat): Tetrahedron => ({
  position: [x, y, z],
  quaternion: q,
});

/**
 * Every vertex on the unit triangular lattice through the first vertex: the face-down tetrahedra
 * whose base triangles lie inside tile the target, all at z = 0 (neighbours share only an edge).
 * The base (0, 0), (1, 0), (½, √3/2) points up; turned by 180° about z it points down.
 */
function latticeCover(data: TetraData): Tetrahedron[] | null {
  const all = data.rings.flat();
  const [ox, oy] = all[0] as Vec2;
  const coords = all.map(([x, y]) => {
    const j = (y - oy) / H;
    return [x - ox - j / 2, j];
  });
  if (!coords.every((c) => c.every((v) => near(v, Math.round(v))))) return null;
  const is = coords.map((c) => Math.round(c[0] as number));
  const js = coords.map((c) => Math.round(c[1] as number));
  const out: Tetrahedron[] = [];
  for (let j = Math.min(...js); j < Math.max(...js); j++)
    for (let i = Math.min(...is) - Math.max(...js); i < Math.max(...is) + Math.max(...js); i++) {
      const ax = ox + i + j / 2;
      const ay = oy + j * H;
      if (inside(data.rings, [ax + 0.5, ay + H / 3])) out.push(pose(ax, ay, 0, [1, 0, 0, 0]));
      if (inside(data.rings, [ax + 1, ay + (2 * H) / 3])) out.push(pose(ax + 1.5, ay + H, 0, [0, 0, 0, 1]));
    }
  return out.length * (H / 2) > data.area * (1 - 1e-6) ? out : null;
}

/** Centres of square shadows filling [lo, hi] exactly: ⌈length / side⌉ of them, evenly spread. */
function spread(lo: number, hi: number): number[] | null {
  const len = hi - lo;
  if (len < SQUARE - EPS) return null;
  const n = Math.ceil(len / SQUARE - EPS);
  if (n === 1) return [lo + len / 2];
  return Array.from({ length: n }, (_, k) => lo + SQUARE / 2 + (k * (len - SQUARE)) / (n - 1));
}

/**
 * Axis-aligned targets: square shadows on a grid that fills each cell between consecutive vertex
 * coordinates exactly; neighbours overlap, so the grid's index parities pick one of four layers.
 */
function squareGridCover(data: TetraData): Tetrahedron[] | null {
  for (const ring of data.rings)
    for (let k = 0; k < ring.length; k++) {
      const a = ring[k] as Vec2;
      const b = ring[(k + 1) % ring.length] as Vec2;
      if (!near(a[0], b[0]) && !near(a[1], b[1])) return null;
    }
  const axis = (d: 0 | 1): number[] | null => {
    const cuts = [...new Set(data.rings.flat().map((p) => p[d]))].sort((a, b) => a - b);
    const centres: number[] = [];
    for (let k = 0; k + 1 < cuts.length; k++) {
      const part = spread(cuts[k] as number, cuts[k + 1] as number);
      if (!part) return null;
      centres.push(...part);
    }
    return centres;
  };
  const xs = axis(0);
  const ys = axis(1);
  if (!xs || !ys) return null;
  const out: Tetrahedron[] = [];
  xs.forEach((x, i) => {
    ys.forEach((y, j) => {
      if (!inside(data.rings, [x, y])) return;
      const p = toOriginalPose([x, y, ((i % 2) + 2 * (j % 2)) * LAYER], [1, 0, 0, 0]);
      out.push({ position: p.position, quaternion: p.quaternion });
    });
  });
  return out;
}

export function exactCover(data: TetraData): TetraAnswer | null {
  const tetrahedra = latticeCover(data) ?? squareGridCover(data);
  return tetrahedra ? { tetrahedra } : null;
}
