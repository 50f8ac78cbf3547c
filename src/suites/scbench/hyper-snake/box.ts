import type { Point } from "./schema.ts";

/** Cell indexing and neighbourhoods of an axis-aligned box of lattice cells. */
export class Box {
  readonly size: number;
  readonly dim: number;
  private readonly strides: number[];

  constructor(readonly shape: readonly number[]) {
    this.dim = shape.length;
    this.strides = [];
    let s = 1;
    for (let i = this.dim - 1; i >= 0; i--) {
      this.strides[i] = s;
      s *= shape[i] ?? 1;
    }
    this.size = s;
  }

  contains(p: readonly number[]): boolean {
    return (
      p.length === this.dim && p.every((x, i) => Number.isInteger(x) && x >= 0 && x < (this.shape[i] ?? 0))
    );
  }

  index(p: readonly number[]): number {
    let k = 0;
    for (let i = 0; i < this.dim; i++) k += (p[i] ?? 0) * (this.strides[i] ?? 0);
    return k;
  }

  point(k: number): Point {
    return this.shape.map((_, i) => Math.floor(k / (this.strides[i] ?? 1)) % (this.shape[i] ?? 1));
  }

  /** Indices of the cells one unit step away. */
  neighbours(k: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.dim; i++) {
      const stride = this.strides[i] ?? 1;
      const x = Math.floor(k / stride) % (this.shape[i] ?? 1);
      if (x > 0) out.push(k - stride);
      if (x < (this.shape[i] ?? 1) - 1) out.push(k + stride);
    }
    return out;
  }
}

/**
 * The boustrophedon order of a box: axis i runs backwards while the coordinates before it sum to
 * an odd number, so consecutive cells differ by one unit step (a reflected mixed-radix Gray code).
 */
export function boustrophedon(shape: readonly number[]): Point[] {
  const total = shape.reduce((a, b) => a * b, 1);
  const out: Point[] = [];
  for (let n = 0; n < total; n++) {
    const raw: number[] = [];
    let r = n;
    for (let i = shape.length - 1; i >= 0; i--) {
      const size = shape[i] ?? 1;
      raw[i] = r % size;
      r = Math.floor(r / size);
    }
    let prefix = 0;
    const p = raw.map((d, i) => {
      const x = prefix % 2 === 1 ? (shape[i] ?? 1) - 1 - d : d;
      prefix += x;
      return x;
    });
    out.push(p);
  }
  return out;
}

/**
 * A Hamiltonian cycle of a box with an even number of cells. Axis 0 against the boustrophedon of
 * the other axes spans a rows × columns grid inside the box, and that grid has the usual cycle:
 * along row 0, snake back and forth over columns 1.. of the other rows, return up column 0.
 */
export function hamiltonianCycle(shape: readonly number[]): Point[] {
  const [first = 1, ...rest] = shape;
  const line = boustrophedon(rest);
  const cell = (a: number, b: number): Point => [a, ...(line[b] ?? [])];
  const evenFirst = first % 2 === 0;
  const rows = evenFirst ? first : line.length;
  const cols = evenFirst ? line.length : first;
  if (rows % 2 !== 0 || rows < 2 || cols < 2)
    throw new Error(`no Hamiltonian cycle in box ${shape.join("×")}`);
  const at = (r: number, c: number): Point => (evenFirst ? cell(r, c) : cell(c, r));
  const out: Point[] = [];
  for (let c = 0; c < cols; c++) out.push(at(0, c));
  for (let r = 1; r < rows; r++) {
    for (let j = 1; j < cols; j++) out.push(at(r, r % 2 === 1 ? cols - j : j));
  }
  for (let r = rows - 1; r >= 1; r--) out.push(at(r, 0));
  return out;
}
