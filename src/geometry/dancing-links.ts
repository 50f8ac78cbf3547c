/**
 * Knuth's dancing links: a sparse 0/1 matrix as circular doubly linked lists, where covering a
 * column unlinks it and every row through it, and uncovering undoes that exactly. Node 0 is the
 * root, column c has header node c + 1, and row nodes follow. The exact-cover searches in this
 * folder and in the suites build on it.
 */
export class LinkMatrix {
  readonly L: Int32Array;
  readonly R: Int32Array;
  readonly U: Int32Array;
  readonly D: Int32Array;
  /** The header of each node's column. */
  readonly C: Int32Array;
  /** The row of each row node (−1 for headers). */
  readonly rowOf: Int32Array;
  /** Rows still linked into each column, by header. */
  readonly size: Int32Array;
  /** 1 while a column (by header) is covered. */
  readonly covered: Uint8Array;

  /**
   * `rows[r]` lists the columns (0 … nCols−1) of row r. Only the columns for which `inRing` holds
   * are linked into the root's ring, in order: those are the ones a search must cover.
   */
  constructor(nCols: number, rows: readonly (readonly number[])[], inRing: (col: number) => boolean) {
    let nNodes = nCols + 1;
    for (const row of rows) nNodes += row.length;
    this.L = new Int32Array(nNodes);
    this.R = new Int32Array(nNodes);
    this.U = new Int32Array(nNodes);
    this.D = new Int32Array(nNodes);
    this.C = new Int32Array(nNodes);
    this.rowOf = new Int32Array(nNodes).fill(-1);
    this.size = new Int32Array(nCols + 1);
    this.covered = new Uint8Array(nCols + 1);
    const { L, R, U, D, C, rowOf, size } = this;
    for (let h = 0; h <= nCols; h++) {
      U[h] = D[h] = C[h] = L[h] = R[h] = h;
    }
    let last = 0;
    for (let col = 0; col < nCols; col++) {
      if (!inRing(col)) continue;
      L[col + 1] = last;
      R[last] = col + 1;
      last = col + 1;
    }
    R[last] = 0;
    L[0] = last;
    let next = nCols + 1;
    rows.forEach((row, r) => {
      const first = next;
      row.forEach((col, k) => {
        const h = col + 1;
        const n = next++;
        C[n] = h;
        rowOf[n] = r;
        U[n] = U[h] as number;
        D[n] = h;
        D[U[h] as number] = n;
        U[h] = n;
        size[h] = (size[h] as number) + 1;
        L[n] = k === 0 ? first + row.length - 1 : n - 1;
        R[n] = k === row.length - 1 ? first : n + 1;
      });
    });
  }

  /** Unlinks column h (a header) and every row through it from the other columns. */
  cover(h: number): void {
    const { L, R, U, D, C, size } = this;
    this.covered[h] = 1;
    R[L[h] as number] = R[h] as number;
    L[R[h] as number] = L[h] as number;
    for (let i = D[h] as number; i !== h; i = D[i] as number) {
      for (let j = R[i] as number; j !== i; j = R[j] as number) {
        U[D[j] as number] = U[j] as number;
        D[U[j] as number] = D[j] as number;
        size[C[j] as number] = (size[C[j] as number] as number) - 1;
      }
    }
  }

  /** Undoes `cover(h)`; covers must be undone in reverse order. */
  uncover(h: number): void {
    const { L, R, U, D, C, size } = this;
    for (let i = U[h] as number; i !== h; i = U[i] as number) {
      for (let j = L[i] as number; j !== i; j = L[j] as number) {
        size[C[j] as number] = (size[C[j] as number] as number) + 1;
        U[D[j] as number] = j;
        D[U[j] as number] = j;
      }
    }
    R[L[h] as number] = h;
    L[R[h] as number] = h;
    this.covered[h] = 0;
  }
}
