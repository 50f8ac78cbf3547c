/**
 * Exact cover by Knuth's Algorithm X with dancing links. Primary columns must be covered exactly
 * once, secondary columns at most once; the column to branch on is the primary one with the
 * fewest rows left.
 */

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
  let nNodes = nCols + 1;
  for (const [i, row] of problem.rows.entries()) {
    if (new Set(row).size !== row.length) throw new RangeError(`exact cover: row ${i} repeats a column`);
    for (const c of row) {
      if (!Number.isInteger(c) || c < 0 || c >= nCols)
        throw new RangeError(`exact cover: row ${i} has column ${c}`);
    }
    nNodes += row.length;
  }
  const L = new Int32Array(nNodes);
  const R = new Int32Array(nNodes);
  const U = new Int32Array(nNodes);
  const D = new Int32Array(nNodes);
  const C = new Int32Array(nNodes);
  const rowOf = new Int32Array(nNodes).fill(-1);
  const S = new Int32Array(nCols + 1);
  // Node 0 is the root; column c has header node c + 1. Secondary headers stay off the root's list.
  for (let h = 0; h <= nCols; h++) {
    U[h] = h;
    D[h] = h;
    C[h] = h;
    L[h] = h;
    R[h] = h;
  }
  for (let h = 1; h <= nPrimary; h++) {
    L[h] = h - 1;
    R[h - 1] = h;
  }
  L[0] = nPrimary;
  R[nPrimary] = 0;
  let next = nCols + 1;
  for (const [r, row] of problem.rows.entries()) {
    let first = -1;
    for (const col of row) {
      const h = col + 1;
      const n = next++;
      C[n] = h;
      rowOf[n] = r;
      U[n] = U[h] as number;
      D[n] = h;
      D[U[h] as number] = n;
      U[h] = n;
      S[h] = (S[h] as number) + 1;
      if (first < 0) {
        first = n;
        L[n] = n;
        R[n] = n;
      } else {
        L[n] = L[first] as number;
        R[n] = first;
        R[L[first] as number] = n;
        L[first] = n;
      }
    }
  }

  const cover = (h: number) => {
    R[L[h] as number] = R[h] as number;
    L[R[h] as number] = L[h] as number;
    for (let i = D[h] as number; i !== h; i = D[i] as number) {
      for (let j = R[i] as number; j !== i; j = R[j] as number) {
        U[D[j] as number] = U[j] as number;
        D[U[j] as number] = D[j] as number;
        S[C[j] as number] = (S[C[j] as number] as number) - 1;
      }
    }
  };
  const uncover = (h: number) => {
    for (let i = U[h] as number; i !== h; i = U[i] as number) {
      for (let j = L[i] as number; j !== i; j = L[j] as number) {
        S[C[j] as number] = (S[C[j] as number] as number) + 1;
        U[D[j] as number] = j;
        D[U[j] as number] = j;
      }
    }
    R[L[h] as number] = h;
    L[R[h] as number] = h;
  };

  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  const nodeLimit = opts.nodeLimit ?? Number.POSITIVE_INFINITY;
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
      if ((S[h] as number) < bestSize) {
        bestSize = S[h] as number;
        best = h;
        if (bestSize <= 1) break;
      }
    }
    if (bestSize === 0) return;
    cover(best);
    for (let r = D[best] as number; r !== best && !stopped; r = D[r] as number) {
      if (++nodes > nodeLimit) {
        stopped = true;
        break;
      }
      stack.push(rowOf[r] as number);
      for (let j = R[r] as number; j !== r; j = R[j] as number) cover(C[j] as number);
      search();
      for (let j = L[r] as number; j !== r; j = L[j] as number) uncover(C[j] as number);
      stack.pop();
    }
    uncover(best);
  };
  search();
  return { count, nodes: Math.min(nodes, nodeLimit), complete: !stopped, first };
}
