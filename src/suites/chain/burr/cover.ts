/**
 * Exact cover with BurrTools' extras, by dancing links: required cells are primary columns
 * (covered exactly once), optional cells secondary (at most once), and every shape has a count
 * column that allows between `min` and `max` of its rows. Rows are placements (shape, cells), so
 * copies of one shape are never told apart and each set of placements is found once.
 *
 * When every required cell is covered, the optional cells still free are filled in every
 * possible way (column by column: left empty, or taken by one of its rows), because pieces that
 * lie wholly in optional cells are never forced by a required cell.
 */

export interface CoverRow {
  shape: number;
  /** Column indices: required cells first (< nRequired), then optional cells. */
  cells: readonly number[];
}

export interface CoverProblem {
  nRequired: number;
  nOptional: number;
  min: readonly number[];
  max: readonly number[];
  rows: readonly CoverRow[];
}

export interface CoverResult {
  nodes: number;
  complete: boolean;
}

/** Calls `onSolution` with the chosen row indices; return false from it to stop. */
export function searchCover(
  p: CoverProblem,
  onSolution: (rows: readonly number[]) => boolean,
  nodeLimit = Number.POSITIVE_INFINITY,
): CoverResult {
  const nCells = p.nRequired + p.nOptional;
  const { rows, keep } = mergeTwinColumns(p, nCells);
  const nShapes = p.min.length;
  const nCols = nCells + nShapes;
  const nNodes = 1 + nCols + rows.reduce((s, r) => s + r.length + 1, 0);
  const L = new Int32Array(nNodes);
  const R = new Int32Array(nNodes);
  const U = new Int32Array(nNodes);
  const D = new Int32Array(nNodes);
  const C = new Int32Array(nNodes);
  const rowOf = new Int32Array(nNodes).fill(-1);
  const size = new Int32Array(nCols + 1);
  const covered = new Uint8Array(nCols + 1);
  for (let c = 0; c <= nCols; c++) {
    U[c] = D[c] = C[c] = c;
    L[c] = R[c] = c;
  }
  // Header 0 rings the required columns that stand for their twins.
  let last = 0;
  for (let c = 1; c <= p.nRequired; c++) {
    if (!keep[c - 1]) continue;
    L[c] = last;
    R[last] = c;
    last = c;
  }
  R[last] = 0;
  L[0] = last;
  let next = nCols + 1;
  const shapeCol = (s: number) => nCells + 1 + s;
  rows.forEach((cells, r) => {
    const cols = [...cells.map((c) => c + 1), shapeCol((p.rows[r] as CoverRow).shape)];
    const first = next;
    cols.forEach((col, k) => {
      const n = next++;
      C[n] = col;
      rowOf[n] = r;
      U[n] = U[col] as number;
      D[n] = col;
      D[U[col] as number] = n;
      U[col] = n;
      size[col] = (size[col] as number) + 1;
      L[n] = k === 0 ? first + cols.length - 1 : n - 1;
      R[n] = k === cols.length - 1 ? first : n + 1;
    });
  });

  const cover = (c: number) => {
    covered[c] = 1;
    R[L[c] as number] = R[c] as number;
    L[R[c] as number] = L[c] as number;
    for (let i = D[c] as number; i !== c; i = D[i] as number) {
      for (let j = R[i] as number; j !== i; j = R[j] as number) {
        U[D[j] as number] = U[j] as number;
        D[U[j] as number] = D[j] as number;
        size[C[j] as number] = (size[C[j] as number] as number) - 1;
      }
    }
  };
  const uncover = (c: number) => {
    for (let i = U[c] as number; i !== c; i = U[i] as number) {
      for (let j = L[i] as number; j !== i; j = L[j] as number) {
        size[C[j] as number] = (size[C[j] as number] as number) + 1;
        U[D[j] as number] = j;
        D[U[j] as number] = j;
      }
    }
    R[L[c] as number] = c;
    L[R[c] as number] = c;
    covered[c] = 0;
  };

  const used = new Int32Array(nShapes);
  const chosen: number[] = [];
  let nodes = 0;
  let stop = false;

  /** Takes row node n's row (already out of column `from`): covers its other columns. */
  const select = (n: number) => {
    chosen.push(rowOf[n] as number);
    for (let j = R[n] as number; j !== n; j = R[j] as number) {
      const col = C[j] as number;
      if (col > nCells) {
        const s = col - nCells - 1;
        used[s] = (used[s] as number) + 1;
        if (used[s] === p.max[s]) cover(col);
      } else cover(col);
    }
  };
  const unselect = (n: number) => {
    for (let j = L[n] as number; j !== n; j = L[j] as number) {
      const col = C[j] as number;
      if (col > nCells) {
        const s = col - nCells - 1;
        if (used[s] === p.max[s]) uncover(col);
        used[s] = (used[s] as number) - 1;
      } else uncover(col);
    }
    chosen.pop();
  };
  /** Some shape can no longer reach its minimum count. */
  const starved = () => {
    for (let s = 0; s < nShapes; s++)
      if (
        (used[s] as number) < (p.min[s] as number) &&
        (used[s] as number) + (size[shapeCol(s)] as number) < (p.min[s] as number)
      )
        return true;
    return false;
  };

  const fillOptional = (from: number) => {
    if (stop) return;
    if (++nodes > nodeLimit) {
      stop = true;
      return;
    }
    if (starved()) return;
    let c = from;
    while (c <= nCells && (covered[c] || size[c] === 0)) c++;
    if (c > nCells) {
      for (let s = 0; s < nShapes; s++) if ((used[s] as number) < (p.min[s] as number)) return;
      if (!onSolution(chosen)) stop = true;
      return;
    }
    cover(c);
    fillOptional(c + 1);
    for (let r = D[c] as number; r !== c && !stop; r = D[r] as number) {
      select(r);
      fillOptional(c + 1);
      unselect(r);
    }
    uncover(c);
  };

  const search = () => {
    if (stop) return;
    if (R[0] === 0) {
      fillOptional(p.nRequired + 1);
      return;
    }
    if (++nodes > nodeLimit) {
      stop = true;
      return;
    }
    if (starved()) return;
    let best = R[0] as number;
    for (let c = R[best] as number; c !== 0; c = R[c] as number)
      if ((size[c] as number) < (size[best] as number)) best = c;
    if (size[best] === 0) return;
    cover(best);
    for (let r = D[best] as number; r !== best && !stop; r = D[r] as number) {
      select(r);
      search();
      unselect(r);
    }
    uncover(best);
  };

  for (let s = 0; s < nShapes; s++) if ((p.max[s] as number) <= 0) cover(shapeCol(s));
  search();
  return { nodes, complete: nodes <= nodeLimit };
}

/**
 * Each row's cells without the columns that have the same rows as an earlier column of the same
 * kind (BurrTools' "clumpify"): such columns are always covered together, so one stands for all.
 */
function mergeTwinColumns(p: CoverProblem, nCells: number): { rows: number[][]; keep: boolean[] } {
  const rowsOf: number[][] = Array.from({ length: nCells }, () => []);
  p.rows.forEach((row, r) => {
    for (const c of row.cells) rowsOf[c]?.push(r);
  });
  const firstWith = new Map<string, number>();
  const keep = rowsOf.map((list, c) => {
    const key = `${c < p.nRequired ? "r" : "o"}:${list.join(",")}`;
    if (list.length === 0 || !firstWith.has(key)) {
      firstWith.set(key, c);
      return true;
    }
    return false;
  });
  return { rows: p.rows.map((row) => row.cells.filter((c) => keep[c])), keep };
}
