import type { Rng } from "../../../core/rng.ts";
import {
  boxCells,
  type Cell,
  canonicalKey,
  cellKey,
  isConnected,
  NEIGHBOURS,
} from "../../../geometry/voxels.ts";
import { hasFull2x3Face, inBox } from "./rules.ts";

export interface GrowthOptions {
  min: number;
  max: number;
  maxPieces?: number;
  /** Mid mode: every piece lies in one axis-aligned plane. */
  planar: boolean;
}

const add = (a: Cell, b: Cell): Cell => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];

/** Sizes of the 6-connected components of a cell set. */
function componentSizes(cells: ReadonlySet<string>, byKey: ReadonlyMap<string, Cell>): number[] {
  const seen = new Set<string>();
  const sizes: number[] = [];
  for (const start of cells) {
    if (seen.has(start)) continue;
    seen.add(start);
    const stack = [byKey.get(start) as Cell];
    let size = 0;
    while (stack.length > 0) {
      const c = stack.pop() as Cell;
      size++;
      for (const d of NEIGHBOURS) {
        const k = cellKey(add(c, d));
        if (cells.has(k) && !seen.has(k)) {
          seen.add(k);
          stack.push(add(c, d));
        }
      }
    }
    sizes.push(size);
  }
  return sizes;
}

/** The sizes the next piece may take so that what is left can still be cut into valid pieces. */
function targetSizes(remaining: number, placed: number, opts: GrowthOptions): number[] {
  const out: number[] = [];
  for (let t = opts.min; t <= Math.min(opts.max, remaining); t++) {
    const rest = remaining - t;
    if (rest !== 0 && rest < opts.min) continue;
    if (opts.maxPieces !== undefined && placed + 1 + Math.ceil(rest / opts.max) > opts.maxPieces) continue;
    out.push(t);
  }
  return out;
}

/**
 * One candidate partition of the box into connected pieces (A.5.2's seeded growth): each piece
 * starts at the free cell with the fewest free neighbours and grows by random frontier cells
 * (within one plane in mid mode) while it has no full 2×3 face; a piece below the minimum size or
 * a leftover pocket too small for a piece rejects the candidate (null).
 */
export function growPartition(box: Cell, rng: Rng, opts: GrowthOptions): Cell[][] | null {
  const byKey = new Map(boxCells(box).map((c) => [cellKey(c), c] as const));
  const free = new Set(byKey.keys());
  const pieces: Cell[][] = [];
  while (free.size > 0) {
    const sizes = targetSizes(free.size, pieces.length, opts);
    if (sizes.length === 0) return null;
    const target = rng.pick(sizes);
    const seed = mostConstrained(free, byKey, rng);
    const axes = opts.planar ? rng.shuffle([0, 1, 2]) : [-1];
    let piece: Cell[] | null = null;
    for (const axis of axes) {
      const grown = grow(seed, target, free, box, rng, axis);
      if (grown.length === target) {
        piece = grown;
        break;
      }
    }
    if (piece === null) return null;
    for (const c of piece) free.delete(cellKey(c));
    if (componentSizes(free, byKey).some((s) => s < opts.min)) return null;
    pieces.push(piece);
  }
  return pieces;
}

function mostConstrained(free: ReadonlySet<string>, byKey: ReadonlyMap<string, Cell>, rng: Rng): Cell {
  let best: Cell[] = [];
  let bestDegree = Number.POSITIVE_INFINITY;
  for (const k of free) {
    const c = byKey.get(k) as Cell;
    const degree = NEIGHBOURS.filter((d) => free.has(cellKey(add(c, d)))).length;
    if (degree < bestDegree) {
      bestDegree = degree;
      best = [c];
    } else if (degree === bestDegree) best.push(c);
  }
  return rng.pick(best);
}

/** Random frontier growth from the seed; `axis` ≥ 0 keeps that coordinate fixed (a planar piece). */
function grow(
  seed: Cell,
  target: number,
  free: ReadonlySet<string>,
  box: Cell,
  rng: Rng,
  axis: number,
): Cell[] {
  const piece: Cell[] = [seed];
  const inPiece = new Set([cellKey(seed)]);
  const rejected = new Set<string>();
  while (piece.length < target) {
    const frontier: Cell[] = [];
    const seen = new Set<string>();
    for (const c of piece) {
      for (const d of NEIGHBOURS) {
        if (axis >= 0 && d[axis] !== 0) continue;
        const n = add(c, d);
        const k = cellKey(n);
        if (!inBox(n, box) || !free.has(k) || inPiece.has(k) || rejected.has(k) || seen.has(k)) continue;
        seen.add(k);
        frontier.push(n);
      }
    }
    if (frontier.length === 0) break;
    const next = rng.pick(frontier);
    if (hasFull2x3Face([...piece, next])) {
      rejected.add(cellKey(next));
      continue;
    }
    piece.push(next);
    inPiece.add(cellKey(next));
  }
  return piece;
}

const distinctShapes = (pieces: readonly Cell[][]): number =>
  new Set(pieces.map((p) => canonicalKey(p))).size;

/**
 * Hard mode's repair (A.5.2): moves single boundary cells between adjacent pieces, keeping both
 * connected, within the size bounds and free of 2×3 faces, whenever that raises the number of
 * distinct shapes. Returns the pieces once all differ, or null when `tries` moves did not get there.
 */
export function makeShapesDistinct(
  input: readonly Cell[][],
  rng: Rng,
  opts: GrowthOptions,
  tries: number,
): Cell[][] | null {
  const pieces = input.map((p) => p.slice());
  let distinct = distinctShapes(pieces);
  for (let t = 0; t < tries && distinct < pieces.length; t++) {
    const owner = new Map<string, number>();
    pieces.forEach((p, i) => {
      for (const c of p) owner.set(cellKey(c), i);
    });
    const from = rng.int(0, pieces.length - 1);
    const donor = pieces[from] as Cell[];
    if (donor.length <= opts.min) continue;
    const cell = rng.pick(donor);
    const takers = NEIGHBOURS.map((d) => owner.get(cellKey(add(cell, d)))).filter(
      (o): o is number => o !== undefined && o !== from,
    );
    if (takers.length === 0) continue;
    const to = rng.pick(takers);
    const taker = pieces[to] as Cell[];
    if (taker.length >= opts.max) continue;
    const newDonor = donor.filter((c) => cellKey(c) !== cellKey(cell));
    const newTaker = [...taker, cell];
    if (!isConnected(newDonor) || hasFull2x3Face(newTaker)) continue;
    const trial = pieces.slice();
    trial[from] = newDonor;
    trial[to] = newTaker;
    const d = distinctShapes(trial);
    if (d <= distinct) continue;
    pieces[from] = newDonor;
    pieces[to] = newTaker;
    distinct = d;
  }
  return distinct === pieces.length ? pieces : null;
}
