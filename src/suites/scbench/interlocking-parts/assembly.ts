import { Rng } from "../../../core/rng.ts";
import { kernel, type Manifold, type Mat4 } from "../../../geometry/manifold.ts";
import { type Limits, RULES } from "./schema.ts";
import {
  freeWindows,
  modeLength,
  type Polygon2,
  type Raster,
  rasterise,
  runsOf,
  scanLine,
} from "./silhouette.ts";

export type Keep = <D extends { delete(): void }>(d: D) => D;
export type Box3 = { min: [number, number, number]; max: [number, number, number] };
export interface CheckResult {
  ok: boolean;
  detail: string;
}

/** The assembled parts (all valid solids: the criteria run only past basic validity) with their bounding boxes. */
export interface Assembly {
  solids: Manifold[];
  boxes: Box3[];
  /** Bounding box of all parts. */
  box: Box3;
}

const SEGMENTS = 32;
const f1 = (x: number) => x.toFixed(1);
const asBox = (min: readonly number[], max: readonly number[]): Box3 => ({
  min: [min[0] as number, min[1] as number, min[2] as number],
  max: [max[0] as number, max[1] as number, max[2] as number],
});
const overlap = (a: Box3, b: Box3) =>
  [0, 1, 2].every(
    (k) => (a.min[k] as number) < (b.max[k] as number) && (b.min[k] as number) < (a.max[k] as number),
  );

function boxSolid(keep: Keep, b: Box3): Manifold {
  const size = [0, 1, 2].map((k) => (b.max[k] as number) - (b.min[k] as number)) as [number, number, number];
  return keep(keep(kernel.Manifold.cube(size)).translate(b.min));
}

const volumeOf = (keep: Keep, a: Manifold, b: Manifold): number => keep(a.intersect(b)).volume();

/** Parts whose bounding boxes meet the box. */
function partsIn(as: Assembly, box: Box3): Manifold[] {
  return as.solids.filter((_, i) => overlap(as.boxes[i] as Box3, box));
}

/** Material volume of all parts inside a box (overlapping parts count twice). */
function volumeInBox(keep: Keep, as: Assembly, box: Box3): number {
  const parts = partsIn(as, box);
  if (parts.length === 0) return 0;
  const b = boxSolid(keep, box);
  return parts.reduce((sum, p) => sum + volumeOf(keep, p, b), 0);
}

/** One side of the cage: `axis` 0 (x) or 1 (y) is its normal, `sign` its direction. */
export interface Side {
  name: string;
  axis: 0 | 1;
  sign: 1 | -1;
}
export const SIDES: Side[] = [
  { name: "+x", axis: 0, sign: 1 },
  { name: "-x", axis: 0, sign: -1 },
  { name: "+y", axis: 1, sign: 1 },
  { name: "-y", axis: 1, sign: -1 },
];
/** How far outward from the internal face a wall is looked for. */
const SLAB = 100;

/** A box on one side: lateral range, z range, and the slab from the internal face outward. */
function sideBox(l: Limits, side: Side, u: [number, number], v: [number, number]): Box3 {
  const n: [number, number] = side.sign > 0 ? [l.inner, l.inner + SLAB] : [-l.inner - SLAB, -l.inner];
  return side.axis === 0
    ? asBox([n[0], u[0], v[0]], [n[1], u[1], v[1]])
    : asBox([u[0], n[0], v[0]], [u[1], n[1], v[1]]);
}

export interface Wall {
  side: Side;
  polys: Polygon2[];
  raster: Raster;
  /** Pixel (0, 0) has its lower corner at (u0, v0) = (−inner, clearBottom). */
  u0: number;
  v0: number;
  /** Exact runs on horizontal and vertical scan lines through the pixel centres. */
  material: number[];
  gaps: number[];
}

/** The material of one side between the clear box and the outside, seen along the side's normal. */
export function wallOf(keep: Keep, as: Assembly, l: Limits, side: Side): Wall {
  const u0 = -l.inner;
  const v0 = l.clearBottom;
  const box = sideBox(l, side, [-l.inner, l.inner], [l.clearBottom, l.clearTop]);
  // Map (lateral, z, normal) to (X, Y, Z) so that projecting on XY looks along the normal.
  const m: Mat4 =
    side.axis === 0
      ? [0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]
      : [1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1];
  const slabBox = boxSolid(keep, box);
  // Each part's silhouette winds +1 where it covers: the summed winding is non-zero exactly on the union.
  const polys = partsIn(as, box).flatMap(
    (p) => keep(keep(keep(p.intersect(slabBox)).transform(m)).project()).toPolygons() as Polygon2[],
  );
  const width = Math.floor(2 * l.inner);
  const height = Math.floor(l.clearTop - l.clearBottom);
  const material: number[] = [];
  const gaps: number[] = [];
  const add = (r: { material: number[]; gaps: number[] }) => {
    material.push(...r.material);
    gaps.push(...r.gaps);
  };
  const rows = Array.from({ length: height }, (_, j) => scanLine(polys, 1, v0 + j + 0.5));
  for (const row of rows) add(runsOf(row, u0, u0 + 2 * l.inner));
  for (let i = 0; i < width; i++) add(runsOf(scanLine(polys, 0, u0 + i + 0.5), v0, l.clearTop));
  return { side, polys, raster: rasterise(rows, u0, width), u0, v0, material, gaps };
}
const CONFIRMS = 8;

/** Criterion 2: on every side a 40 mm cube gets through somewhere and a 101 mm cube nowhere. */
export function barGaps(keep: Keep, as: Assembly, l: Limits, walls: Wall[]): CheckResult {
  const rng = new Rng(`${RULES.passCube}/${RULES.blockCube}`);
  const bad: string[] = [];
  for (const w of walls) {
    // Free raster windows are confirmed by a real boolean: the cube pushed out through the wall meets nothing.
    const clear = ([i, j]: [number, number], s: number) =>
      volumeInBox(keep, as, sideBox(l, w.side, [w.u0 + i, w.u0 + i + s], [w.v0 + j, w.v0 + j + s])) <=
      RULES.volumeTolerance;
    const find = (s: number): [number, number] | undefined => {
      const free = freeWindows(w.raster, s);
      for (let t = 0; t < Math.min(CONFIRMS, free.length); t++) {
        const k = free[rng.int(0, free.length - 1)] as number;
        const at: [number, number] = [k % w.raster.width, Math.floor(k / w.raster.width)];
        if (clear(at, s)) return at;
      }
      return undefined;
    };
    if (!find(RULES.passCube)) bad.push(`side ${w.side.name}: no ${RULES.passCube} mm cube passes anywhere`);
    const big = find(RULES.blockCube);
    if (big)
      bad.push(
        `side ${w.side.name}: a ${RULES.blockCube} mm cube passes at lateral ${f1(w.u0 + big[0])}…${f1(w.u0 + big[0] + RULES.blockCube)}, z ${f1(w.v0 + big[1])}…${f1(w.v0 + big[1] + RULES.blockCube)}`,
      );
  }
  return {
    ok: bad.length === 0,
    detail: bad.join("; ") || "every side passes 40 mm cubes and stops 101 mm cubes",
  };
}

/** Criterion 3: external size and a clear internal box. */
export function assemblySize(keep: Keep, as: Assembly, l: Limits): CheckResult {
  const bad: string[] = [];
  const e = RULES.eps;
  const { min, max } = as.box;
  for (const k of [0, 1] as const)
    if (min[k] < -l.outer - e || max[k] > l.outer + e)
      bad.push(`${"xy"[k]} spans ${f1(min[k])}…${f1(max[k])}, outside ±${l.outer}`);
  if (min[2] < -e || max[2] > l.externalTop + e)
    bad.push(`z spans ${f1(min[2])}…${f1(max[2])}, outside 0…${l.externalTop}`);
  if (min[2] > l.clearBottom + e || max[2] < l.clearTop - e)
    bad.push(
      `the cage (z ${f1(min[2])}…${f1(max[2])}) does not span the clear height ${l.clearBottom}…${l.clearTop}`,
    );
  const inside = volumeInBox(
    keep,
    as,
    asBox([-l.inner, -l.inner, l.clearBottom], [l.inner, l.inner, l.clearTop]),
  );
  if (inside > RULES.volumeTolerance) bad.push(`${f1(inside)} mm³ of material inside the clear box`);
  return {
    ok: bad.length === 0,
    detail: bad.join("; ") || `within ±${l.outer} × 0…${l.externalTop}, clear box free`,
  };
}

/** Whether the declared rods sit at the four corners (±X, ±Y), outside the clear box and inside the external limit. */
export function rodLayoutProblem(rods: readonly { x: number; y: number }[], l: Limits): string | null {
  if (rods.length !== RULES.rodCount) return `${rods.length} rods declared, exactly ${RULES.rodCount} needed`;
  const X = Math.abs(rods[0]?.x ?? 0);
  const Y = Math.abs(rods[0]?.y ?? 0);
  const r = RULES.rodDiameter / 2;
  const near = (p: number, q: number) => Math.abs(p - q) <= RULES.eps;
  const corners = [1, -1].flatMap((sx) => [1, -1].map((sy) => [sx * X, sy * Y] as const));
  if (!corners.every(([x, y]) => rods.some((rod) => near(rod.x, x) && near(rod.y, y))))
    return "the rods must stand at the four corners (±X, ±Y) of a rectangle centred on the z axis";
  if ([X, Y].some((c) => c < l.inner + r || c > l.outer - r))
    return `rod axes must satisfy ${l.inner + r} ≤ |x|, |y| ≤ ${l.outer - r} (outside the clear box, inside the external limit)`;
  return null;
}

/** Each part's material within a column around each rod axis (null when the part is not near it). */
export type RodPieces = (Manifold | null)[][];

export function rodPieces(keep: Keep, as: Assembly, rods: readonly { x: number; y: number }[]): RodPieces {
  const R = RULES.blockedRodDiameter / 2 + 1;
  return rods.map(({ x, y }) => {
    const column = asBox([x - R, y - R, as.box.min[2] - 1], [x + R, y + R, as.box.max[2] + 1]);
    const solid = boxSolid(keep, column);
    return as.solids.map((s, i) => (overlap(as.boxes[i] as Box3, column) ? keep(s.intersect(solid)) : null));
  });
}

const cylinderSolid = (keep: Keep, x: number, y: number, z0: number, z1: number, r: number): Manifold =>
  keep(keep(kernel.Manifold.cylinder(z1 - z0, r, r, SEGMENTS)).translate([x, y, z0]));

const piecesVolume = (keep: Keep, pieces: (Manifold | null)[], cut: Manifold): number =>
  pieces.reduce((sum, p) => sum + (p ? volumeOf(keep, p, cut) : 0), 0);

/** Criterion 4: a 6 mm rod runs free the full height; a 16 mm rod meets material at every corner in every band. */
export function rodClearance(
  keep: Keep,
  as: Assembly,
  l: Limits,
  rods: readonly { x: number; y: number }[],
  pieces: RodPieces,
): CheckResult {
  const layout = rodLayoutProblem(rods, l);
  if (layout) return { ok: false, detail: layout };
  const bad: string[] = [];
  const top = as.box.max[2];
  const bands = Math.max(1, Math.ceil(top / RULES.rodBandHeight));
  rods.forEach(({ x, y }, r) => {
    const mine = pieces[r] as (Manifold | null)[];
    const thin = piecesVolume(keep, mine, cylinderSolid(keep, x, y, -1, top + 1, RULES.rodDiameter / 2));
    if (thin > RULES.volumeTolerance)
      bad.push(`the 6 mm rod at (${f1(x)}, ${f1(y)}) meets ${f1(thin)} mm³ of material`);
    for (let b = 0; b < bands; b++) {
      const z0 = (top * b) / bands;
      const z1 = (top * (b + 1)) / bands;
      const thick = cylinderSolid(keep, x, y, z0, z1, RULES.blockedRodDiameter / 2);
      if (piecesVolume(keep, mine, thick) <= RULES.volumeTolerance) {
        bad.push(`a 16 mm rod at (${f1(x)}, ${f1(y)}) passes freely through z ${f1(z0)}…${f1(z1)}`);
        break;
      }
    }
  });
  return {
    ok: bad.length === 0,
    detail: bad.join("; ") || `4 rods free at 6 mm and blocked at 16 mm in each of ${bands} height bands`,
  };
}

/** Criterion 5: no two assembled parts share more than the tolerance volume (compared inside their boxes' overlap). */
export function interference(keep: Keep, as: Assembly): CheckResult {
  const bad: string[] = [];
  const { solids, boxes } = as;
  for (let i = 0; i < solids.length; i++)
    for (let j = i + 1; j < solids.length; j++) {
      const a = solids[i] as Manifold;
      const b = solids[j] as Manifold;
      const ba = boxes[i] as Box3;
      const bb = boxes[j] as Box3;
      if (!overlap(ba, bb)) continue;
      const common = boxSolid(
        keep,
        asBox(
          [0, 1, 2].map((k) => Math.max(ba.min[k] as number, bb.min[k] as number) - 1),
          [0, 1, 2].map((k) => Math.min(ba.max[k] as number, bb.max[k] as number) + 1),
        ),
      );
      const v = volumeOf(keep, keep(a.intersect(common)), keep(b.intersect(common)));
      if (v > RULES.volumeTolerance) bad.push(`parts #${i} and #${j} overlap by ${f1(v)} mm³`);
    }
  return { ok: bad.length === 0, detail: bad.slice(0, 4).join("; ") || "no two parts intersect" };
}

/** Criterion 6: each part wraps at least two rods (its material enters the 8 mm cylinder in all four quadrants). */
export function rodEngagement(
  keep: Keep,
  as: Assembly,
  rods: readonly { x: number; y: number }[],
  pieces: RodPieces,
): CheckResult {
  const R = RULES.engageDiameter / 2;
  const { min, max } = as.box;
  const bad: string[] = [];
  as.solids.forEach((_, i) => {
    const engaged = rods.filter(({ x, y }, r) => {
      const piece = pieces[r]?.[i];
      if (!piece) return false;
      const near = keep(piece.intersect(cylinderSolid(keep, x, y, min[2] - 1, max[2] + 1, R)));
      return [0, 1, 2, 3].every((q) => {
        const dx = q & 1 ? -(R + 1) : R + 1;
        const dy = q & 2 ? -(R + 1) : R + 1;
        const quad = boxSolid(
          keep,
          asBox(
            [Math.min(x, x + dx), Math.min(y, y + dy), min[2] - 1],
            [Math.max(x, x + dx), Math.max(y, y + dy), max[2] + 1],
          ),
        );
        return volumeOf(keep, near, quad) > RULES.volumeTolerance;
      });
    }).length;
    if (engaged < 2) bad.push(`part #${i} wraps ${engaged} rod(s)`);
  });
  return { ok: bad.length === 0, detail: bad.slice(0, 4).join("; ") || "every part wraps at least 2 rods" };
}

/** Material intervals (in mm from the start) along a segment, merged over all parts it passes. */
function rayRuns(
  as: Assembly,
  from: [number, number, number],
  to: [number, number, number],
): [number, number][] {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1], to[2] - from[2]);
  const span = asBox(
    [0, 1, 2].map((k) => Math.min(from[k] as number, to[k] as number) - 1e-3),
    [0, 1, 2].map((k) => Math.max(from[k] as number, to[k] as number) + 1e-3),
  );
  const intervals: [number, number][] = [];
  for (const p of partsIn(as, span)) {
    const hits = p.rayCast(from, to);
    for (let h = 0; h + 1 < hits.length; h += 2)
      intervals.push([(hits[h]?.distance as number) * length, (hits[h + 1]?.distance as number) * length]);
  }
  intervals.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of intervals) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

const RAYS = 160;

/** Criterion 7: bars about 10 mm through the wall (rays along the normal) and across (scan lines in the wall). */
export function barThickness(as: Assembly, l: Limits, walls: Wall[]): CheckResult {
  const rng = new Rng(`thickness/${RULES.barThickness}`);
  const depths: number[] = [];
  for (const w of walls) {
    const { axis, sign } = w.side;
    for (let r = 0; r < RAYS; r++) {
      const u = -l.inner + rng.float() * 2 * l.inner;
      const z = l.clearBottom + rng.float() * (l.clearTop - l.clearBottom);
      const at = (n: number): [number, number, number] => (axis === 0 ? [sign * n, u, z] : [u, sign * n, z]);
      for (const [a, b] of rayRuns(as, at(l.inner), at(l.inner + SLAB))) depths.push(b - a);
    }
  }
  const widths = walls.flatMap((w) => w.material);
  const depth = modeLength(depths);
  const width = modeLength(widths);
  const near = (x: number | null) => x !== null && Math.abs(x - RULES.barThickness) <= RULES.barTolerance;
  const show = (x: number | null) => (x === null ? "none" : `${x} mm`);
  return {
    ok: near(depth) && near(width),
    detail: `dominant depth ${show(depth)} (${depths.length} ray runs), dominant width ${show(width)} (${widths.length} scan runs); need ${RULES.barThickness} ± ${RULES.barTolerance} mm`,
  };
}

/** Criterion 8: the dominant gap between bars on the walls' scan lines. */
export function gapUniformity(walls: Wall[]): CheckResult {
  const gaps = walls.flatMap((w) => w.gaps);
  const g = modeLength(gaps);
  return {
    ok: g !== null && g >= RULES.gapMin && g <= RULES.gapMax,
    detail: `dominant gap ${g === null ? "none" : `${g} mm`} over ${gaps.length} scan-line gaps; need ${RULES.gapMin}–${RULES.gapMax} mm`,
  };
}
