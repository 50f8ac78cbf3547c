/**
 * Exact cover by Knuth's Algorithm X. Primary columns must be covered exactly once, secondary
 * columns at most once. By default the search runs on dancing links and branches on the primary
 * column with the fewest rows left; `branch: "first"` runs on bitmasks instead (exact-cover-bits.ts,
 * or exact-cover-small.ts for tilings small enough for 32-bit masks).
 */
import { LinkMatrix } from "./dancing-links.ts";
import { MAX_BITS_COLUMNS, searchFirstColumn } from "./exact-cover-bits.ts";
import { layOutSmall, searchSmall } from "./exact-cover-small.ts";

export interface ExactCoverProblem {
  primary: number;
  secondary?: number;
  /** Each row lists the columns it covers: 0 … primary−1 primary, then the secondary ones. */
  rows: readonly (readonly number[])[];
}

export interface ExactCoverOptions {
  /** Stop after this many solutions. */
  limit?: number;
  /** Stop after trying this many rows (search nodes). */
  nodeLimit?: number;
  /**
   * "fewest" (the default): branch on the primary column with the fewest rows left. "first": on
   * the lowest-numbered uncovered one, on bitmasks (when there are more than MAX_BITS_COLUMNS
   * columns, as "fewest"); number the columns so that this is a good choice, as
   * packPieces and exact-cover-tiling.ts do. Both find the same solutions, in different orders and with
   * different node counts.
   */
  branch?: "fewest" | "first";
  /** Called with the rows of each solution; return false to stop. */
  onSolution?: (rows: readonly number[]) => boolean | undefined;
}

export interface ExactCoverResult {
  /** Solutions found (all of them when `complete`). */
  count: number;
  /** Rows tried: the search effort. */
  nodes: number;
  /** True when the search ran to its end rather than stopping at a limit. */
  complete: boolean;
  /** The rows of the first solution, sorted. */
  first: number[] | null;
}

export function solveExactCover(problem: ExactCoverProblem, opts: ExactCoverOptions = {}): ExactCoverResult {
  const nPrimary = problem.primary;
  const nCols = nPrimary + (problem.secondary ?? 0);
  for (const [i, row] of problem.rows.entries()) {
    if (new Set(row).size !== row.length) throw new RangeError(`exact cover: row ${i} repeats a column`);
    for (const c of row) {
      if (!Number.isInteger(c) || c < 0 || c >= nCols)
        throw new RangeError(`exact cover: row ${i} has column ${c}`);
    }
  }
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  const nodeLimit = opts.nodeLimit ?? Number.POSITIVE_INFINITY;
  if (opts.branch === "first" && nCols <= MAX_BITS_COLUMNS) {
    let first: number[] | null = null;
    const lim = {
      limit,
      nodeLimit,
      onSolution: (rows: readonly number[]) => {
        first ??= rows.slice().sort((a, b) => a - b);
        return opts.onSolution?.(rows);
      },
    };
    const small = layOutSmall(nPrimary, problem.rows);
    const r = small ? searchSmall(small, lim) : searchFirstColumn(nPrimary, problem.rows, lim);
    return { count: r.count, nodes: r.nodes, complete: !r.stopped, first };
  }
  // Secondary columns stay off the root's ring: nothing forces them to be covered.
  const m = new LinkMatrix(nCols, problem.rows, (col) => col < nPrimary);
  const { R, D, L, C, rowOf, size } = m;
  const stack: number[] = [];
  let count = 0;
  let nodes = 0;
  let stopped = false;
  let first: number[] | null = null;

  const search = (): void => {
    if (R[0] === 0) {
      count++;
      if (first === null) first = stack.slice().sort((a, b) => a - b);
      if (opts.onSolution?.(stack) === false || count >= limit) stopped = true;
      return;
    }
    let best = -1;
    let bestSize = Number.POSITIVE_INFINITY;
    for (let h = R[0] as number; h !== 0; h = R[h] as number) {
      if ((size[h] as number) < bestSize) {
        bestSize = size[h] as number;
        best = h;
        if (bestSize <= 1) break;
      }
    }
    if (bestSize === 0) return;
    m.cover(best);
    for (let r = D[best] as number; r !== best && !stopped; r = D[r] as number) {
      if (++nodes > nodeLimit) {
        stopped = true;
        break;
      }
      stack.push(rowOf[r] as number);
      for (let j = R[r] as number; j !== r; j = R[j] as number) m.cover(C[j] as number);
      search();
      for (let j = L[r] as number; j !== r; j = L[j] as number) m.uncover(C[j] as number);
      stack.pop();
    }
    m.uncover(best);
  };
  search();
  return { count, nodes: Math.min(nodes, nodeLimit), complete: !stopped, first };
}
