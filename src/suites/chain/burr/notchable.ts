/**
 * Six-piece burr sticks by Cutler's (Kaenel's) notchable-piece number, and the standard frame.
 *
 * A stick is 6×2×2 along x. Its twelve removable unit cubes are numbered 1–12 and the piece
 * number is 1 + Σ 2^(k−1) over the removed cubes k, so piece 1 is the solid stick. Cubes 1–4 run
 * along x at y = 0 of the notched layer z = 1, cubes 5–8 likewise at y = 1; cubes 9–10 are the
 * middle two of the other layer (z = 0) at y = 0 and cubes 11–12 at y = 1.
 */
import { type Cell, cellKey, isConnected } from "../../../geometry/voxels.ts";

/** The twelve removable cubes of a stick, cube k + 1 at index k. */
export const REMOVABLE: readonly Cell[] = [
  [1, 0, 1],
  [2, 0, 1],
  [3, 0, 1],
  [4, 0, 1],
  [1, 1, 1],
  [2, 1, 1],
  [3, 1, 1],
  [4, 1, 1],
  [2, 0, 0],
  [3, 0, 0],
  [2, 1, 0],
  [3, 1, 0],
];

export const MAX_NOTCHABLE = 4096;

/** The cells of notchable piece n (1 … 4096) in the stick frame; throws on a number out of range. */
export function pieceFromNumber(n: number): Cell[] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_NOTCHABLE) {
    throw new RangeError(`notchable piece numbers run from 1 to ${MAX_NOTCHABLE}, got ${n}`);
  }
  const removed = new Set(REMOVABLE.filter((_, k) => (n - 1) & (1 << k)).map(cellKey));
  const out: Cell[] = [];
  for (let z = 0; z < 2; z++)
    for (let y = 0; y < 2; y++)
      for (let x = 0; x < 6; x++) if (!removed.has(cellKey([x, y, z]))) out.push([x, y, z]);
  return out;
}

/** True when piece n is one connected piece. */
export const isUsableNumber = (n: number): boolean => isConnected(pieceFromNumber(n));

/**
 * The 25 notchable pieces that make every solid six-piece burr (Cutler 1978), by number — a fact
 * about the numbering, enough to rebuild BurrTools' "SolidSixPieceBurrs" problem.
 */
export const SOLID_NOTCHABLE: readonly number[] = [
  1, 18, 35, 52, 86, 103, 120, 154, 188, 256, 359, 615, 792, 824, 856, 871, 888, 911, 928, 943, 960, 975, 992,
  1007, 1024,
];

/** The six stick slots of the standard burr in a 6×6×6 box: stick frame → world, notches facing in. */
const SLOTS: readonly ((c: Cell) => Cell)[] = [
  ([x, y, z]) => [x, y + 2, z + 1],
  ([x, y, z]) => [x, 3 - y, 4 - z],
  ([x, y, z]) => [1 + z, x, 2 + y],
  ([x, y, z]) => [4 - z, x, 3 - y],
  ([x, y, z]) => [2 + y, 1 + z, x],
  ([x, y, z]) => [3 - y, 4 - z, x],
];

/**
 * Piece n placed in slot s (0–5) of the standard frame, notched layer towards the centre;
 * `flipped` turns it end for end first (a half turn about the notched face's normal).
 */
export function placeInSlot(n: number, slot: number, flipped = false): Cell[] {
  const f = SLOTS[slot];
  if (!f) throw new RangeError(`burr slots run from 0 to 5, got ${slot}`);
  return pieceFromNumber(n).map(([x, y, z]) => f(flipped ? [5 - x, 1 - y, z] : [x, y, z]));
}

/** The burr frame: cells covered by one slot only (always filled) and the 32 shared inner cells. */
export function burrFrame(): { outer: Cell[]; inner: Cell[] } {
  const count = new Map<string, { cell: Cell; n: number }>();
  for (let s = 0; s < 6; s++) {
    for (const c of placeInSlot(1, s)) {
      const k = cellKey(c);
      const e = count.get(k);
      if (e) e.n++;
      else count.set(k, { cell: c, n: 1 });
    }
  }
  const entries = [...count.values()];
  return {
    outer: entries.filter((e) => e.n === 1).map((e) => e.cell),
    inner: entries.filter((e) => e.n > 1).map((e) => e.cell),
  };
}
