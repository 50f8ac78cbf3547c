/**
 * The first-column search of exact-cover-bits.ts for problems small enough for 32-bit masks:
 * tilings of at most 32 cells by at most 32 pieces, as tilingProblem numbers them. The primary
 * columns split into cells 0 … T−1 and groups T … primary−1, T being the lowest of the rows'
 * highest primary columns; the problem fits when each row covers at least one cell and exactly one
 * group, and the cells with the secondary columns that rows use number at most 32. A row is then a
 * mask (its cells and secondary columns) and a group, and the search state two words: the mask
 * covered and the groups left.
 *
 * It branches on the same column as the general search and tries the same rows in the same order,
 * so it finds the same solutions in the same order, but tries fewer rows (`nodes`):
 * - with one group left, the row that finishes the cover is looked up by the cells still empty;
 * - a state (mask covered, groups left) found to lead to no solution is remembered in a fixed-size
 *   table, lossy on collisions, and not searched again: in the Soma cube, the search meets 317,405
 *   states with two pieces left, only 60,943 of them distinct (other pieces in the same cells).
 */
import type { BitsSearchLimits, BitsSearchResult } from "./exact-cover-bits.ts";

export interface SmallLayout {
  /** The primary cell columns, 0 … cells−1: bits 0 … cells−1 of a mask. */
  cells: number;
  /** All the groups, as a mask. */
  allGroups: number;
  /**
   * Per list, its groups that have rows, as a bitmask. Each cell has one list per pattern of the
   * LOOKAHEAD bits after it (list c << LOOKAHEAD | p): the rows whose lowest cell it is that avoid
   * the pattern.
   */
  groupMask: Int32Array;
  /** Per list, where each group's entries start (`stride` values a list: one per group, and the end). */
  groupStart: Int32Array;
  stride: number;
  /** Per entry, the row's mask and the row: each list's rows by group, then in the order given. */
  entryMask: Int32Array;
  entryRow: Int32Array;
  /** Bits of the slots of the table of dead states. */
  deadBits: number;
  /** Per group, its rows by their cells, each as the row and the mask of its secondary columns. */
  finishing: Map<number, number[]>[];
}

/** The layout, or null when the problem does not fit 32-bit masks as above. */
export function layOutSmall(nPrimary: number, rows: readonly (readonly number[])[]): SmallLayout | null {
  const n = rows.length;
  const low = new Int32Array(n).fill(-1);
  const high = new Int32Array(n);
  let cells = nPrimary;
  for (let r = 0; r < n; r++) {
    let lo = nPrimary;
    let hi = -1;
    for (const c of rows[r] as readonly number[]) {
      if (c < nPrimary) {
        lo = Math.min(lo, c);
        hi = Math.max(hi, c);
      }
    }
    // A row that covers no primary column is never taken, as in the general search.
    if (hi < 0) continue;
    low[r] = lo;
    high[r] = hi;
    cells = Math.min(cells, hi);
  }
  const groups = nPrimary - cells;
  if (groups === 0 || groups > 32 || cells > 32) return null;

  const secondaryBit = new Map<number, number>();
  for (let r = 0; r < n; r++) {
    if ((low[r] as number) < 0) continue;
    if ((low[r] as number) >= cells) return null;
    for (const c of rows[r] as readonly number[]) {
      if (c >= nPrimary) {
        if (!secondaryBit.has(c)) secondaryBit.set(c, cells + secondaryBit.size);
      } else if (c >= cells && c !== high[r]) return null;
    }
  }
  if (cells + secondaryBit.size > 32) return null;

  const stride = groups + 1;
  const rowMask = new Int32Array(n);
  const perCell = new Int32Array(cells + 1);
  const byCell: number[] = [];
  const finishing = Array.from({ length: groups }, () => new Map<number, number[]>());
  for (let r = 0; r < n; r++) {
    if ((low[r] as number) < 0) continue;
    let cellMask = 0;
    let secondary = 0;
    for (const c of rows[r] as readonly number[]) {
      if (c < cells) cellMask |= 1 << c;
      else if (c >= nPrimary) secondary |= 1 << (secondaryBit.get(c) as number);
    }
    rowMask[r] = cellMask | secondary;
    perCell[(low[r] as number) + 1] = (perCell[(low[r] as number) + 1] as number) + 1;
    byCell.push(r);
    const list = finishing[(high[r] as number) - cells] as Map<number, number[]>;
    const same = list.get(cellMask);
    if (same) same.push(r, secondary);
    else list.set(cellMask, [r, secondary]);
  }
  for (let c = 0; c < cells; c++) perCell[c + 1] = (perCell[c + 1] as number) + (perCell[c] as number);
  byCell.sort(
    (a, b) => (low[a] as number) - (low[b] as number) || (high[a] as number) - (high[b] as number) || a - b,
  );

  const P = 1 << LOOKAHEAD;
  let total = 0;
  for (const r of byCell) total += P >>> popcount(bitsAfter(rowMask[r] as number, low[r] as number));
  const groupMask = new Int32Array(cells * P);
  const groupStart = new Int32Array(cells * P * stride);
  const entryMask = new Int32Array(total);
  const entryRow = new Int32Array(total);
  let e = 0;
  for (let c = 0; c < cells; c++) {
    for (let p = 0; p < P; p++) {
      const list = c * P + p;
      const at = list * stride;
      let g = 0;
      for (let k = perCell[c] as number; k < (perCell[c + 1] as number); k++) {
        const r = byCell[k] as number;
        if ((bitsAfter(rowMask[r] as number, c) & p) !== 0) continue;
        const rg = (high[r] as number) - cells;
        while (g <= rg) groupStart[at + g++] = e;
        groupMask[list] = (groupMask[list] as number) | (1 << rg);
        entryMask[e] = rowMask[r] as number;
        entryRow[e] = r;
        e++;
      }
      while (g < stride) groupStart[at + g++] = e;
    }
  }
  const allGroups = groups === 32 ? -1 : (1 << groups) - 1;
  // About 128 slots a row, from 2^10 to 2^17 (1 MB): 2^17 suits the Soma cube (688 rows).
  const deadBits = Math.min(17, Math.max(10, 32 - Math.clz32(byCell.length * 128)));
  return { deadBits, cells, allGroups, groupMask, groupStart, stride, entryMask, entryRow, finishing };
}

export function searchSmall(layout: SmallLayout, lim: BitsSearchLimits): BitsSearchResult {
  const { deadBits, cells, allGroups, groupMask, groupStart, stride, entryMask, entryRow, finishing } =
    layout;
  const { limit, nodeLimit, onSolution } = lim;
  const full = cells === 32 ? -1 : (1 << cells) - 1;
  const chosen: number[] = [];
  const deadFilled = new Int32Array(1 << deadBits);
  const deadLeft = new Int32Array(1 << deadBits);
  let count = 0;
  let nodes = 0;
  let stopped = false;

  const visit = (depth: number, filled: number, left: number): void => {
    const empty = full & ~filled;
    if ((left & (left - 1)) === 0) {
      const found = (finishing[ctz(left)] as Map<number, number[]>).get(empty);
      if (found === undefined) return;
      for (let i = 0; i < found.length; i += 2) {
        if (((found[i + 1] as number) & filled) !== 0) continue;
        if (++nodes > nodeLimit) {
          nodes = nodeLimit;
          stopped = true;
          return;
        }
        chosen[depth] = found[i] as number;
        count++;
        if (onSolution?.(chosen.slice(0, depth + 1)) === false || count >= limit) {
          stopped = true;
          return;
        }
      }
      return;
    }
    // Every cell covered with groups left: nothing can cover those.
    if (empty === 0) return;
    // An empty slot never matches: here at least two groups are left.
    const slot = Math.imul(filled ^ Math.imul(left, 0x9e3779b1), 0x85ebca6b) >>> (32 - deadBits);
    if (deadFilled[slot] === filled && deadLeft[slot] === left) return;
    const before = count;
    const cell = ctz(empty);
    const list = (cell << LOOKAHEAD) | bitsAfter(filled, cell);
    let groups = (groupMask[list] as number) & left;
    while (groups !== 0) {
      const g = ctz(groups);
      groups &= groups - 1;
      const at = list * stride + g;
      const end = groupStart[at + 1] as number;
      for (let k = groupStart[at] as number; k < end; k++) {
        const m = entryMask[k] as number;
        if ((m & filled) !== 0) continue;
        if (++nodes > nodeLimit) {
          nodes = nodeLimit;
          stopped = true;
          return;
        }
        chosen[depth] = entryRow[k] as number;
        visit(depth + 1, filled | m, left & ~(1 << g));
        if (stopped) return;
      }
    }
    if (count === before) {
      deadFilled[slot] = filled;
      deadLeft[slot] = left;
    }
  };
  visit(0, 0, allGroups);
  return { count, nodes, stopped };
}

const LOOKAHEAD = 4;

/** The LOOKAHEAD bits of a mask after bit c (two shifts, as c + 1 may be 32). */
const bitsAfter = (mask: number, c: number): number => ((mask >>> c) >>> 1) & ((1 << LOOKAHEAD) - 1);

const ctz = (x: number): number => 31 - Math.clz32(x & -x);

function popcount(x: number): number {
  const a = x - ((x >>> 1) & 0x55555555);
  const b = (a & 0x33333333) + ((a >>> 2) & 0x33333333);
  return (((b + (b >>> 4)) & 0xf0f0f0f) * 0x1010101) >>> 24;
}
