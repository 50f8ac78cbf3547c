import { type Earthwork, LAYERS } from "./schema.ts";

/** A rectangle of columns, inclusive corners. */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * One local construction: its boxes, the columns it may touch (`footprint`, rim included) and the
 * columns that must stay clear of any other construction's footprint (`inner`: its water or catchment).
 */
export interface Part {
  works: Earthwork[];
  footprint: Rect;
  inner: Rect[];
  /** Parts of one answer whose keys must differ (e.g. distinct water levels); optional. */
  key?: number;
}

type Heights = readonly (readonly number[])[];
const TOP = LAYERS - 1;

export const rect = (x0: number, y0: number, w: number, h: number): Rect => ({
  x0,
  y0,
  x1: x0 + w - 1,
  y1: y0 + h - 1,
});
/** The rectangle grown by one column on every side (its rim). */
export const withRim = (r: Rect): Rect => ({ x0: r.x0 - 1, y0: r.y0 - 1, x1: r.x1 + 1, y1: r.y1 + 1 });
export const overlaps = (a: Rect, b: Rect): boolean =>
  a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;
export const holds = (r: Rect, x: number, y: number): boolean =>
  x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1;
export const columnsOf = (r: Rect): number => (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);

const box = (material: Earthwork["material"], r: Rect, z0: number, z1: number): Earthwork => ({
  material,
  min: [r.x0, r.y0, z0],
  max: [r.x1, r.y1, z1],
});

function minHeight(heights: Heights, r: Rect): number {
  let m = LAYERS;
  for (let y = r.y0; y <= r.y1; y++) for (let x = r.x0; x <= r.x1; x++) m = Math.min(m, heights[y]?.[x] ?? 0);
  return m;
}

/**
 * Rock raised over the footprint up to z = top, starting at its lowest ground so it rests on the
 * terrain; none when the ground already reaches that high everywhere.
 */
function raise(heights: Heights, footprint: Rect, top: number): Earthwork[] {
  const lo = minHeight(heights, footprint);
  return lo > top ? [] : [box("rock", footprint, lo, top)];
}

/** True when every column of the rim around `inner` is rock up to z = top already. */
function rimHolds(heights: Heights, inner: Rect, top: number): boolean {
  const f = withRim(inner);
  for (let y = f.y0; y <= f.y1; y++)
    for (let x = f.x0; x <= f.x1; x++) if (!holds(inner, x, y) && (heights[y]?.[x] ?? 0) <= top) return false;
  return true;
}

/**
 * A basin over `inner` whose water can stand in layers floor … top: dug down to z = floor into the
 * ground, and, where the ground around is not high enough (or the floor would be below it), a
 * rock mound raised first over basin and rim, so the basin is dug into the mound.
 */
export function basin(heights: Heights, inner: Rect, floor: number, top: number): Part {
  const footprint = withRim(inner);
  const natural = rimHolds(heights, inner, top) && minHeight(heights, inner) >= floor;
  return {
    works: [...(natural ? [] : raise(heights, footprint, top)), box("air", inner, floor, TOP)],
    footprint,
    inner: [inner],
  };
}

/** How a cave unit is laid out: catchment and cave lengths along the unit, its width across. */
export interface CaveLayout {
  catchLen: number;
  caveLen: number;
  width: number;
  /** Cave before catchment along the unit. */
  caveFirst: boolean;
  /** The unit runs along y instead of x. */
  alongY: boolean;
}

/**
 * A covered cave fed by an open catchment beside it: the catchment is dug down to z = base + 1,
 * the cave carved at z = base … base + 1 under rock from z = base + 2 up (the hill's own rock, or a
 * mound raised to base + 2 when the hill is lower). Drops in the catchment land on its floor and
 * flow into the cave's lowest layer, out of sight.
 */
export function cave(heights: Heights, x0: number, y0: number, l: CaveLayout, base: number): Part {
  const at = (along: number, len: number): Rect =>
    l.alongY ? rect(x0 + 1, y0 + 1 + along, l.width, len) : rect(x0 + 1 + along, y0 + 1, len, l.width);
  const catchment = at(l.caveFirst ? l.caveLen : 0, l.catchLen);
  const hollow = at(l.caveFirst ? 0 : l.catchLen, l.caveLen);
  const length = l.catchLen + l.caveLen + 2;
  const footprint = l.alongY ? rect(x0, y0, l.width + 2, length) : rect(x0, y0, length, l.width + 2);
  return {
    works: [
      ...raise(heights, footprint, base + 2),
      box("air", catchment, base + 1, TOP),
      box("air", hollow, base, base + 1),
    ],
    footprint,
    inner: [catchment, hollow],
  };
}

/**
 * A funnel: a one-layer basin at z = top over `inner` and a shaft dug from its first column (smallest
 * y, then x: the first cell the rain fills in that layer) down to z = top − depth + 1. The basin's
 * drops fill the shaft from the bottom, then its top, so one body spans `depth` layers.
 */
export function funnel(heights: Heights, inner: Rect, top: number, depth: number): Part {
  const part = basin(heights, inner, top, top);
  const shaft: Rect = { x0: inner.x0, y0: inner.y0, x1: inner.x0, y1: inner.y0 };
  return { ...part, works: [...part.works, box("air", shaft, top - depth + 1, top)] };
}

/**
 * A moat: a one-layer basin at z = level around an island of rock raised from the basin's floor to
 * z = islandTop (two layers above the water, or the top layer so that no rain can land on it).
 */
export function moat(heights: Heights, inner: Rect, island: Rect, level: number, islandTop: number): Part {
  const part = basin(heights, inner, level, level);
  return { ...part, works: [...part.works, box("rock", island, level, islandTop)] };
}

/**
 * Cells the boxes change on the terrain (rock added plus rock removed): the cost by which candidate
 * sites are ranked, so the terrain's own hills and hollows are used wherever they fit.
 */
export function changedCells(heights: Heights, works: readonly Earthwork[]): number {
  if (works.length === 0) return 0;
  const r: Rect = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const w of works) {
    r.x0 = Math.min(r.x0, w.min[0]);
    r.y0 = Math.min(r.y0, w.min[1]);
    r.x1 = Math.max(r.x1, w.max[0]);
    r.y1 = Math.max(r.y1, w.max[1]);
  }
  let changed = 0;
  for (let y = r.y0; y <= r.y1; y++) {
    const row = heights[y] ?? [];
    for (let x = r.x0; x <= r.x1; x++) {
      const ground = (1 << (row[x] ?? 0)) - 1;
      let m = ground;
      for (const { min, max, material } of works) {
        if (x < min[0] || x > max[0] || y < min[1] || y > max[1]) continue;
        const mask = ((1 << (max[2] + 1)) - 1) & ~((1 << min[2]) - 1);
        m = material === "rock" ? m | mask : m & ~mask;
      }
      for (let d = m ^ ground; d !== 0; d &= d - 1) changed++;
    }
  }
  return changed;
}
