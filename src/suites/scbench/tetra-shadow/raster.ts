import type { Rings } from "./shapes.ts";
import type { Vec2 } from "./tetra.ts";

/** A grid of sample points (cell centres, spacing h) over a box, for fast approximate areas. */
export class Raster {
  readonly cols: number;
  readonly rows: number;

  constructor(
    readonly x0: number,
    readonly y0: number,
    readonly width: number,
    readonly height: number,
    readonly h: number,
  ) {
    this.cols = Math.ceil(width / h);
    this.rows = Math.ceil(height / h);
  }

  rowY = (j: number): number => this.y0 + (j + 0.5) * this.h;

  /** The cells covered by the x-intervals [lo, hi] of each row, as indices row · cols + col. */
  private fill(
    intervals: (y: number) => [number, number][],
    out: number[],
    yMin = -Infinity,
    yMax = Infinity,
  ): void {
    const first = Math.max(0, Math.ceil((yMin - this.y0) / this.h - 0.5));
    const last = Math.min(this.rows - 1, Math.floor((yMax - this.y0) / this.h - 0.5));
    for (let j = first; j <= last; j++)
      for (const [lo, hi] of intervals(this.rowY(j))) {
        const a = Math.max(0, Math.ceil((lo - this.x0) / this.h - 0.5));
        const b = Math.min(this.cols - 1, Math.floor((hi - this.x0) / this.h - 0.5));
        for (let i = a; i <= b; i++) out.push(j * this.cols + i);
      }
  }

  /** Cells inside the target by the even–odd rule over all rings. */
  inside(rings: Rings): Uint8Array {
    const cells: number[] = [];
    this.fill((y) => {
      const xs: number[] = [];
      for (const ring of rings)
        for (let k = 0; k < ring.length; k++) {
          const p = ring[k] as Vec2;
          const q = ring[(k + 1) % ring.length] as Vec2;
          if (p[1] <= y !== q[1] <= y) xs.push(p[0] + ((y - p[1]) * (q[0] - p[0])) / (q[1] - p[1]));
        }
      xs.sort((a, b) => a - b);
      const out: [number, number][] = [];
      for (let k = 0; k + 1 < xs.length; k += 2) out.push([xs[k] as number, xs[k + 1] as number]);
      return out;
    }, cells);
    const flags = new Uint8Array(this.cols * this.rows);
    for (const c of cells) flags[c] = 1;
    return flags;
  }

  /** Cells inside a convex polygon. */
  convex(poly: readonly Vec2[]): Int32Array {
    const ys = poly.map((p) => p[1]);
    const yMin = Math.min(...ys);
    const yMax = Math.max(...ys);
    const cells: number[] = [];
    this.fill(
      (y) => {
        let lo = Infinity;
        let hi = -Infinity;
        for (let k = 0; k < poly.length; k++) {
          const p = poly[k] as Vec2;
          const q = poly[(k + 1) % poly.length] as Vec2;
          if (p[1] <= y !== q[1] <= y) {
            const x = p[0] + ((y - p[1]) * (q[0] - p[0])) / (q[1] - p[1]);
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
          }
        }
        return lo <= hi ? [[lo, hi]] : [];
      },
      cells,
      yMin,
      yMax,
    );
    return Int32Array.from(cells);
  }
}
