/**
 * Algorithm X on bitmasks, branching on the lowest-numbered uncovered primary column, for
 * problems of at most MAX_BITS_COLUMNS columns. The search keeps the mask of columns covered so
 * far (four 32-bit words), so taking a row is an OR, with nothing to unlink or relink. Since every
 * primary column below the branching one is covered, the only rows that can cover it are those
 * whose lowest primary column it is: each column keeps just those, which makes the search the
 * classic first-empty-cell tiler when the columns are cells in scan order.
 *
 * Each row's columns are split three ways: its lowest primary column, its highest primary column
 * (its group: the piece, in a tiling) and the rest, kept as a mask relative to the lowest. With
 * the covered mask read once per node as a window of the 32 columns after the branching one, the
 * conflict test for a row whose other columns all fall in that window is a single AND; groups
 * whose column is covered are never visited, their rows being listed group by group.
 */
export const MAX_BITS_COLUMNS = 128;

export interface BitsSearchLimits {
  limit: number;
  nodeLimit: number;
  onSolution?: (rows: readonly number[]) => boolean | undefined;
}

export interface BitsSearchResult {
  count: number;
  nodes: number;
  stopped: boolean;
}

/** Groups per list: at most 31 group columns and one catch-all group, never covered. */
const GROUPS = 32;
const CATCH_ALL = 31;

export function searchFirstColumn(
  nPrimary: number,
  rows: readonly (readonly number[])[],
  lim: BitsSearchLimits,
): BitsSearchResult {
  const layout = layOut(nPrimary, rows);
  return search(nPrimary, layout, lim);
}

/** The rows laid out for the search: per branching column and lookahead pattern, one list. */
interface Layout {
  /** Lookahead columns: the list of column c for the pattern p of the next B columns is c << B | p. */
  B: number;
  /** Per list, its groups that have rows, as a bitmask. */
  groupMask: Int32Array;
  /** Per list, where each group's entries start (`stride` values a list: one per group, and the end). */
  groupStart: Int32Array;
  stride: number;
  /** Per entry, two values: the row's mask relative to its lowest column, and the row (~row when its
   *  columns do not all fit that mask and its group, so that it needs a full test). */
  entries: Int32Array;
  /** Per row, its columns as four words, and the bits of the group columns among them. */
  mask: Int32Array;
  groupBits: Int32Array;
}

function layOut(nPrimary: number, rows: readonly (readonly number[])[]): Layout {
  const n = rows.length;
  const mask = new Int32Array(n * 4);
  const low = new Int32Array(n).fill(-1);
  const high = new Int32Array(n);
  const rowsByHigh = new Map<number, number>();
  for (let r = 0; r < n; r++) {
    let lo = nPrimary;
    let hi = -1;
    for (const c of rows[r] as readonly number[]) {
      const i = r * 4 + (c >>> 5);
      mask[i] = (mask[i] as number) | (1 << (c & 31));
      if (c < nPrimary) {
        lo = Math.min(lo, c);
        hi = Math.max(hi, c);
      }
    }
    // A row that covers no primary column is never taken, as in dancing links.
    if (lo === nPrimary) continue;
    low[r] = lo;
    high[r] = hi;
    rowsByHigh.set(hi, (rowsByHigh.get(hi) ?? 0) + 1);
  }
  // The group columns: the rows' highest primary columns, the commonest 31 if there are more than 32.
  const cap = rowsByHigh.size > GROUPS ? CATCH_ALL : GROUPS;
  const stride = (rowsByHigh.size > GROUPS ? GROUPS : rowsByHigh.size) + 1;
  const groupCols = [...rowsByHigh]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, cap)
    .map(([c]) => c)
    .sort((a, b) => a - b);
  const groupOfCol = new Int32Array(nPrimary).fill(-1);
  groupCols.forEach((c, g) => {
    groupOfCol[c] = g;
  });

  const group = new Int32Array(n);
  const groupBits = new Int32Array(n);
  const rel = new Int32Array(n);
  const fits = new Uint8Array(n);
  const perColumn = new Int32Array(nPrimary + 1);
  for (let r = 0; r < n; r++) {
    const lo = low[r] as number;
    if (lo < 0) continue;
    const g = groupOfCol[high[r] as number] as number;
    group[r] = g < 0 ? CATCH_ALL : g;
    let relative = 0;
    let inWindow = g >= 0;
    for (const c of rows[r] as readonly number[]) {
      if (c < nPrimary && (groupOfCol[c] as number) >= 0)
        groupBits[r] = (groupBits[r] as number) | (1 << (groupOfCol[c] as number));
      if (c === lo || (c === high[r] && g >= 0)) continue;
      const d = c - lo - 1;
      if (d < 32) relative |= 1 << d;
      else inWindow = false;
    }
    rel[r] = relative;
    fits[r] = inWindow ? 1 : 0;
    perColumn[lo + 1] = (perColumn[lo + 1] as number) + 1;
  }
  for (let c = 0; c < nPrimary; c++)
    perColumn[c + 1] = (perColumn[c + 1] as number) + (perColumn[c] as number);
  // Each column's rows, by group, then in the order given.
  const byColumn = new Int32Array(perColumn[nPrimary] as number);
  const next = perColumn.slice(0, nPrimary);
  for (let r = 0; r < n; r++) {
    const lo = low[r] as number;
    if (lo < 0) continue;
    byColumn[next[lo] as number] = r;
    next[lo] = (next[lo] as number) + 1;
  }
  for (let c = 0; c < nPrimary; c++)
    byColumn
      .subarray(perColumn[c] as number, perColumn[c + 1] as number)
      .sort((a, b) => (group[a] as number) - (group[b] as number) || a - b);

  // Most rows that clash do so just after their lowest column: each column's rows are also listed
  // once per pattern of the next B columns, keeping only those that avoid it.
  let incidences = 0;
  for (const row of rows) incidences += row.length;
  const B = lookaheadBits(byColumn, rel, nPrimary * stride, incidences);
  const P = 1 << B;
  let total = 0;
  for (const r of byColumn) total += P >>> popcount((rel[r] as number) & (P - 1));
  const entries = new Int32Array(total * 2);
  const groupMask = new Int32Array(nPrimary * P);
  const groupStart = new Int32Array(nPrimary * P * stride);
  let e = 0;
  for (let c = 0; c < nPrimary; c++) {
    for (let p = 0; p < P; p++) {
      const list = c * P + p;
      const at = list * stride;
      let g = 0;
      let present = 0;
      for (let k = perColumn[c] as number; k < (perColumn[c + 1] as number); k++) {
        const r = byColumn[k] as number;
        if (((rel[r] as number) & p) !== 0) continue;
        const rg = group[r] as number;
        while (g <= rg) groupStart[at + g++] = e;
        present |= 1 << rg;
        entries[e * 2] = rel[r] as number;
        entries[e * 2 + 1] = fits[r] ? r : ~r;
        e++;
      }
      while (g < stride) groupStart[at + g++] = e;
      groupMask[list] = present;
    }
  }
  return { B, groupMask, groupStart, stride, entries, mask, groupBits };
}

function search(nPrimary: number, layout: Layout, lim: BitsSearchLimits): BitsSearchResult {
  const { B, groupMask, groupStart, stride, entries, mask, groupBits } = layout;
  const patternBits = (1 << B) - 1;
  const { limit, nodeLimit, onSolution } = lim;
  const chosen = new Int32Array(nPrimary);
  let count = 0;
  let nodes = 0;
  let stopped = false;

  // u0 … u3: the covered columns; ug: the covered group columns, by group.
  const visit = (depth: number, u0: number, u1: number, u2: number, u3: number, ug: number): void => {
    const col =
      u0 !== -1
        ? ctz(~u0)
        : u1 !== -1
          ? 32 + ctz(~u1)
          : u2 !== -1
            ? 64 + ctz(~u2)
            : u3 !== -1
              ? 96 + ctz(~u3)
              : 128;
    if (col >= nPrimary) {
      count++;
      if (onSolution?.(Array.from(chosen.subarray(0, depth))) === false || count >= limit) stopped = true;
      return;
    }
    // Columns col+1 … col+32 (those past 127 read as 0).
    const w = (col + 1) >>> 5;
    const off = (col + 1) & 31;
    const lo = w === 0 ? u0 : w === 1 ? u1 : w === 2 ? u2 : w === 3 ? u3 : 0;
    const hi = w === 0 ? u1 : w === 1 ? u2 : w === 2 ? u3 : 0;
    const win = off === 0 ? lo : (lo >>> off) | (hi << (32 - off));
    const list = (col << B) | (win & patternBits);
    let groups = (groupMask[list] as number) & ~ug;
    while (groups !== 0) {
      const at = list * stride + ctz(groups);
      groups &= groups - 1;
      const end = groupStart[at + 1] as number;
      for (let k = groupStart[at] as number; k < end; k++) {
        if (((entries[k * 2] as number) & win) !== 0) continue;
        const entry = entries[k * 2 + 1] as number;
        const r = entry < 0 ? ~entry : entry;
        const m = r * 4;
        const m0 = mask[m] as number;
        const m1 = mask[m + 1] as number;
        const m2 = mask[m + 2] as number;
        const m3 = mask[m + 3] as number;
        if (entry < 0 && ((m0 & u0) | (m1 & u1) | (m2 & u2) | (m3 & u3)) !== 0) continue;
        if (++nodes > nodeLimit) {
          nodes = nodeLimit;
          stopped = true;
          return;
        }
        chosen[depth] = r;
        visit(depth + 1, u0 | m0, u1 | m1, u2 | m2, u3 | m3, ug | (groupBits[r] as number));
        if (stopped) return;
      }
    }
  };
  visit(0, 0, 0, 0, 0, 0);
  return { count, nodes, stopped };
}

/**
 * The most lookahead columns (up to 8) for which the lists and their group tables stay within
 * LAYOUT_PER_INCIDENCE values per column listed in the rows: beyond that (many columns, few
 * rows), building them costs more than they save.
 */
function lookaheadBits(
  byColumn: Int32Array,
  rel: Int32Array,
  tablePerPattern: number,
  incidences: number,
): number {
  for (let b = 8; b > 0; b--) {
    let size = tablePerPattern << b;
    for (const r of byColumn) size += 2 * ((1 << b) >>> popcount((rel[r] as number) & ((1 << b) - 1)));
    if (size <= LAYOUT_PER_INCIDENCE * incidences) return b;
  }
  return 0;
}

const LAYOUT_PER_INCIDENCE = 128;

function popcount(x: number): number {
  const a = x - ((x >>> 1) & 0x55555555);
  const b = (a & 0x33333333) + ((a >>> 2) & 0x33333333);
  return (((b + (b >>> 4)) & 0xf0f0f0f) * 0x1010101) >>> 24;
}

const ctz = (x: number): number => 31 - Math.clz32(x & -x);
