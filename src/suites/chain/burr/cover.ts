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

import { LinkMatrix } from "../../../geometry/dancing-links.ts";

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
  // Columns: cells, then one count column per shape. Only the required cells standing for their
  // twins are on the root's ring; optional cells and counts are covered by the search itself.
  const m = new LinkMatrix(
    nCols,
    rows.map((cells, r) => [...cells, nCells + (p.rows[r] as CoverRow).shape]),
    (col) => col < p.nRequired && keep[col] === true,
  );
  const { R, D, L, C, rowOf, size, covered } = m;
  const shapeCol = (s: number) => nCells + 1 + s;
  const cover = (h: number) => m.cover(h);
  const uncover = (h: number) => m.uncover(h);
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
