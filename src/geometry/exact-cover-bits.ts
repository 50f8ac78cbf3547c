/**
 * Algorithm X on bitmasks, branching on the lowest-numbered uncovered primary column, for
 * problems of at most MAX_BITS_COLUMNS columns. Each row is a mask of four 32-bit words and the
 * search keeps the mask of columns covered so far, so taking a row is an OR and a conflict test
 * four ANDs, with nothing to unlink or relink. Since every primary column below the branching one
 * is covered, the only rows that can cover it are those whose lowest primary column it is: each
 * column keeps just those, which makes the search the classic first-empty-cell tiler when the
 * columns are cells in scan order.
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

export function searchFirstColumn(
  nPrimary: number,
  rows: readonly (readonly number[])[],
  lim: BitsSearchLimits,
): BitsSearchResult {
  // Each column's rows (those whose lowest primary column it is), grouped by their highest
  // column (a piece, when the pieces' columns come last): when that column is covered, the whole
  // group is skipped at once.
  const byColumn: number[][] = Array.from({ length: nPrimary }, () => []);
  const highest = rows.map((row) => Math.max(...row));
  rows.forEach((row, r) => {
    const low = Math.min(...row);
    if (low < nPrimary) byColumn[low]?.push(r);
  });
  const colStart = new Int32Array(nPrimary + 1);
  byColumn.forEach((list, c) => {
    list.sort((a, b) => (highest[a] as number) - (highest[b] as number) || a - b);
    colStart[c + 1] = (colStart[c] as number) + list.length;
  });
  const n = colStart[nPrimary] as number;
  // Laid out in list order: the row and its mask.
  const rowAt = new Int32Array(n);
  const mask = new Int32Array(n * 4);
  byColumn.flat().forEach((r, k) => {
    rowAt[k] = r;
    for (const c of rows[r] as readonly number[]) {
      const i = k * 4 + (c >>> 5);
      mask[i] = (mask[i] as number) | (1 << (c & 31));
    }
  });
  // Most rows that clash do so just after their lowest column: each column's rows are also
  // listed once per pattern of the next B columns, keeping only those that avoid it.
  const B = lookaheadBits(n);
  const listStart = new Int32Array((nPrimary << B) + 1);
  const entries: number[] = [];
  const ends: number[] = [];
  for (let c = 0; c < nPrimary; c++) {
    for (let p = 0; p < 1 << B; p++) {
      const first = entries.length;
      for (let k = colStart[c] as number; k < (colStart[c + 1] as number); k++)
        if ((windowOf(mask, k * 4, c) & p) === 0) entries.push(k);
      for (let j = entries.length - 1; j >= first; j--) {
        const next = entries[j + 1];
        const same =
          j + 1 < entries.length &&
          highest[rowAt[next as number] as number] === highest[rowAt[entries[j] as number] as number];
        ends[j] = same ? (ends[j + 1] as number) : j + 1;
      }
      listStart[((c << B) | p) + 1] = entries.length;
    }
  }
  const entry = Int32Array.from(entries);
  const high = entry.map((k) => highest[rowAt[k] as number] as number);
  const groupEnd = Int32Array.from(ends);
  return search({ nPrimary, B, listStart, entry, high, groupEnd, rowAt, mask }, lim);
}

/** The rows laid out for the search (see searchFirstColumn). */
interface Lists {
  nPrimary: number;
  /** Lookahead columns: column c's list for the pattern p of the next B columns is c << B | p. */
  B: number;
  listStart: Int32Array;
  /** Positions in the layout below, list after list, with their highest column and group's end. */
  entry: Int32Array;
  high: Int32Array;
  groupEnd: Int32Array;
  rowAt: Int32Array;
  mask: Int32Array;
}

function search(lists: Lists, lim: BitsSearchLimits): BitsSearchResult {
  const { nPrimary, B, listStart, entry, high, groupEnd, rowAt, mask } = lists;
  // Per depth: the covered mask on entry, the cursor in the branching column's rows and its end.
  const used = new Int32Array((nPrimary + 1) * 4);
  const cursor = new Int32Array(nPrimary + 1);
  const end = new Int32Array(nPrimary + 1);
  const chosen = new Int32Array(nPrimary + 1);
  const { limit, nodeLimit, onSolution } = lim;
  let count = 0;
  let nodes = 0;
  let depth = 0;
  let entering = true;

  while (depth >= 0) {
    const base = depth * 4;
    const u0 = used[base] as number;
    const u1 = used[base + 1] as number;
    const u2 = used[base + 2] as number;
    const u3 = used[base + 3] as number;
    if (entering) {
      entering = false;
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
        const sol = Array.from(chosen.subarray(0, depth));
        if (onSolution?.(sol) === false || count >= limit) return { count, nodes, stopped: true };
        depth--;
        continue;
      }
      const at = (col << B) | (windowOf(used, base, col) & ((1 << B) - 1));
      cursor[depth] = listStart[at] as number;
      end[depth] = listStart[at + 1] as number;
    }
    const stop = end[depth] as number;
    let k = cursor[depth] as number;
    let next = -1;
    while (k < stop) {
      const h = high[k] as number;
      if (((used[base + (h >>> 5)] as number) & (1 << (h & 31))) !== 0) {
        k = groupEnd[k] as number;
        continue;
      }
      const e = entry[k] as number;
      const m = e * 4;
      const clash =
        ((mask[m] as number) & u0) |
        ((mask[m + 1] as number) & u1) |
        ((mask[m + 2] as number) & u2) |
        ((mask[m + 3] as number) & u3);
      k++;
      if (clash === 0) {
        next = e;
        break;
      }
    }
    cursor[depth] = k;
    if (next < 0) {
      depth--;
      continue;
    }
    if (++nodes > nodeLimit) return { count, nodes: nodeLimit, stopped: true };
    const m = next * 4;
    used[base + 4] = u0 | (mask[m] as number);
    used[base + 5] = u1 | (mask[m + 1] as number);
    used[base + 6] = u2 | (mask[m + 2] as number);
    used[base + 7] = u3 | (mask[m + 3] as number);
    chosen[depth] = rowAt[next] as number;
    depth++;
    entering = true;
  }
  return { count, nodes, stopped: false };
}

/** Cap on the lists by pattern, in entries (4 bytes each and as much for their groups). */
const MAX_ENTRIES = 1 << 20;

/** The most lookahead columns (up to 8) whose lists stay under MAX_ENTRIES, at worst all rows each. */
function lookaheadBits(rows: number): number {
  let b = 8;
  while (b > 0 && rows * 2 ** b > MAX_ENTRIES) b--;
  return b;
}

/** Bits c+1 … c+32 of the four-word mask at `at` (those past bit 127 read as 0). */
function windowOf(words: Int32Array, at: number, c: number): number {
  const w = (c + 1) >>> 5;
  const off = (c + 1) & 31;
  if (w > 3) return 0;
  const lo = (words[at + w] as number) >>> off;
  return off === 0 || w === 3 ? lo : lo | ((words[at + w + 1] as number) << (32 - off));
}

const ctz = (x: number): number => 31 - Math.clz32(x & -x);
