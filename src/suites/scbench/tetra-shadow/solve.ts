import { Raster } from "./raster.ts";
import type { TetraAnswer, TetraData, Tetrahedron } from "./schema.ts";
import type { Rings } from "./shapes.ts";
import {
  axisAngle,
  localVertices,
  polygonsOverlap,
  type Quat,
  quatMul,
  rotate,
  shadow,
  type Vec2,
  type Vec3,
} from "./tetra.ts";

/** Raster spacing of the reference's greedy cover. */
const CELL = 0.1;
/** Step along a target edge, and inward offsets, of the edge-aligned candidate shadows. */
const SLIDE = 0.5;
const DEPTHS = [0, 0.5, 1];
/** Spacing of the interior grid of square shadows. */
const GRID = 0.5;
/** A candidate must gain at least this share of its own area to be taken. */
const MIN_GAIN = 0.03;
/** Height between layers of tetrahedra, in edge lengths: more than the circumdiameter (edge·√6/2 ≈ 1.22 edge). */
const LAYER_GAP = 1.5;

interface Candidate {
  q: Quat;
  centre: Vec2;
  poly: Vec2[];
  cells: Int32Array;
}

const Z: Vec3 = [0, 0, 1];
/** Seen along z, the unturned tetrahedron's shadow is the square of side edge/√2 (opposite edges along x and y). */
const SQUARE: Quat = [1, 0, 0, 0];
/** Turning (1, 1, 1) onto +z puts a face down: the shadow is that face, an equilateral triangle of side edge. */
const FACE_DOWN: Quat = axisAngle([1, -1, 0], Math.acos(1 / Math.sqrt(3)));

const turn2 = (p: Vec2, phi: number): Vec2 => [
  p[0] * Math.cos(phi) - p[1] * Math.sin(phi),
  p[0] * Math.sin(phi) + p[1] * Math.cos(phi),
];

/** A base orientation's shadow (counter-clockwise, about the centroid) and the direction of its first side. */
function baseShadow(edge: number, base: Quat): { poly: Vec2[]; angle: number; side: number } {
  const poly = shadow(localVertices(edge).map((v) => rotate(base, v)));
  const [a, b] = poly as [Vec2, Vec2];
  return { poly, angle: Math.atan2(b[1] - a[1], b[0] - a[0]), side: Math.hypot(b[0] - a[0], b[1] - a[1]) };
}

function makeCandidate(raster: Raster, base: Quat, local: Vec2[], phi: number, centre: Vec2): Candidate {
  const poly = local.map((p) => {
    const r = turn2(p, phi);
    return [r[0] + centre[0], r[1] + centre[1]] as Vec2;
  });
  return { q: quatMul(axisAngle(Z, phi), base), centre, poly, cells: raster.convex(poly) };
}

/** Shadows with a side on a target edge (interior to the left), slid along it and pushed inward. */
function edgeCandidates(raster: Raster, edge: number, rings: Rings): Candidate[] {
  const out: Candidate[] = [];
  for (const base of [SQUARE, FACE_DOWN]) {
    const { poly: local, angle, side } = baseShadow(edge, base);
    for (const ring of rings)
      for (let k = 0; k < ring.length; k++) {
        const a = ring[k] as Vec2;
        const b = ring[(k + 1) % ring.length] as Vec2;
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
        const d: Vec2 = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
        const phi = Math.atan2(d[1], d[0]) - angle;
        const anchor = turn2(local[0] as Vec2, phi);
        const span = len - side;
        const ts =
          span <= 0
            ? [span / 2]
            : [...Array.from({ length: Math.floor(span / SLIDE) + 1 }, (_, i) => i * SLIDE), span];
        for (const t of ts)
          for (const depth of DEPTHS) {
            const at: Vec2 = [a[0] + t * d[0] - depth * d[1], a[1] + t * d[1] + depth * d[0]];
            out.push(makeCandidate(raster, base, local, phi, [at[0] - anchor[0], at[1] - anchor[1]]));
          }
      }
  }
  return out;
}

/** Square shadows on a grid turned like the target's longest edge, centred inside the target. */
function gridCandidates(raster: Raster, edge: number, rings: Rings, inside: Uint8Array): Candidate[] {
  const outer = rings[0] as Vec2[];
  let phi = 0;
  let longest = 0;
  for (let k = 0; k < outer.length; k++) {
    const a = outer[k] as Vec2;
    const b = outer[(k + 1) % outer.length] as Vec2;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len > longest + 1e-9) {
      longest = len;
      phi = Math.atan2(b[1] - a[1], b[0] - a[0]);
    }
  }
  const { poly: local } = baseShadow(edge, SQUARE);
  const reach = Math.hypot(raster.width, raster.height);
  const cx = raster.x0 + raster.width / 2;
  const cy = raster.y0 + raster.height / 2;
  const out: Candidate[] = [];
  for (let u = -reach / 2; u <= reach / 2; u += GRID)
    for (let v = -reach / 2; v <= reach / 2; v += GRID) {
      const [dx, dy] = turn2([u, v], phi);
      const centre: Vec2 = [cx + dx, cy + dy];
      const i = Math.floor((centre[0] - raster.x0) / raster.h);
      const j = Math.floor((centre[1] - raster.y0) / raster.h);
      if (i < 0 || j < 0 || i >= raster.cols || j >= raster.rows || !inside[j * raster.cols + i]) continue;
      out.push(makeCandidate(raster, SQUARE, local, phi, centre));
    }
  return out;
}

/**
 * Greedy cover on a raster: repeatedly take the shadow that covers the most not-yet-covered target
 * cells minus all of its cells outside the target (a bound that only falls as cells get covered,
 * so stale gains can be checked lazily), until the gain is small or the count is reached.
 */
function greedy(cands: Candidate[], inside: Uint8Array, limit: number): Candidate[] {
  const covered = new Uint8Array(inside.length);
  const gainOf = (c: Candidate): number => {
    let g = 0;
    for (const cell of c.cells) g += inside[cell] ? (covered[cell] ? 0 : 1) : -1;
    return g;
  };
  const stale = cands.map(gainOf);
  const chosen: Candidate[] = [];
  while (chosen.length < limit) {
    let best = -1;
    for (let i = 0; i < stale.length; i++)
      if (best < 0 || (stale[i] as number) > (stale[best] as number)) best = i;
    const cand = cands[best] as Candidate;
    if (best < 0 || (stale[best] as number) < MIN_GAIN * cand.cells.length) break;
    const fresh = gainOf(cand);
    stale[best] = fresh;
    let runnerUp = -Infinity;
    for (let i = 0; i < stale.length; i++) if (i !== best) runnerUp = Math.max(runnerUp, stale[i] as number);
    if (fresh < runnerUp || fresh < MIN_GAIN * cand.cells.length) continue;
    chosen.push(cand);
    for (const cell of cand.cells) covered[cell] = 1;
    stale[best] = -Infinity;
  }
  return chosen;
}

/** Each shadow goes to the lowest layer holding no shadow that overlaps it, so no two tetrahedra meet. */
function layered(chosen: Candidate[], edge: number): Tetrahedron[] {
  const layers: number[] = [];
  return chosen.map((c, i) => {
    const taken = new Set<number>();
    for (let j = 0; j < i; j++)
      if (polygonsOverlap(c.poly, (chosen[j] as Candidate).poly)) taken.add(layers[j] as number);
    let layer = 0;
    while (taken.has(layer)) layer++;
    layers.push(layer);
    const round = (v: number) => Math.round(v * 1e9) / 1e9 || 0;
    return {
      position: [round(c.centre[0]), round(c.centre[1]), round(layer * LAYER_GAP * edge)],
      quaternion: c.q.map(round) as Quat,
    };
  });
}

/** The reference: a greedy raster cover by square and triangle shadows, stacked in layers. */
export function solveTetraShadow(data: TetraData): TetraAnswer {
  const xs = data.rings.flatMap((r) => r.map((p) => p[0]));
  const ys = data.rings.flatMap((r) => r.map((p) => p[1]));
  const margin = data.edgeLength;
  const x0 = Math.min(...xs) - margin;
  const y0 = Math.min(...ys) - margin;
  const raster = new Raster(x0, y0, Math.max(...xs) + margin - x0, Math.max(...ys) + margin - y0, CELL);
  const inside = raster.inside(data.rings);
  const cands = [
    ...edgeCandidates(raster, data.edgeLength, data.rings),
    ...gridCandidates(raster, data.edgeLength, data.rings, inside),
  ];
  return { tetrahedra: layered(greedy(cands, inside, data.maxCount), data.edgeLength) };
}
