/**
 * The silhouette of one wall, seen along its normal: polygons in (u across the wall, v = z),
 * measured on scan lines and on a 1 mm raster of pixel centres.
 */
export type Polygon2 = readonly (readonly [number, number])[];

/** Material intervals on the line {axis = c} of polygons under the non-zero fill rule, sorted. */
export function scanLine(polys: readonly Polygon2[], axis: 0 | 1, c: number): [number, number][] {
  const other = 1 - axis;
  const cuts: [number, number][] = [];
  for (const poly of polys)
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i] as readonly [number, number];
      const q = poly[(i + 1) % poly.length] as readonly [number, number];
      const pa = p[axis];
      const qa = q[axis];
      // Half-open: a line through a vertex counts each edge once.
      const up = pa <= c && c < qa;
      const down = qa <= c && c < pa;
      if (!up && !down) continue;
      const t = (c - pa) / (qa - pa);
      const po = p[other] as number;
      cuts.push([po + t * ((q[other] as number) - po), up ? 1 : -1]);
    }
  cuts.sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  let winding = 0;
  let start = 0;
  for (const [at, dir] of cuts) {
    const before = winding;
    winding += dir;
    if (before === 0 && winding !== 0) start = at;
    else if (before !== 0 && winding === 0 && at > start) out.push([start, at]);
  }
  return out;
}

export interface Runs {
  /** Lengths of material runs that begin and end inside the domain. */
  material: number[];
  /** Lengths of empty runs with material on both sides. */
  gaps: number[];
}

/** Runs along one scan line clipped to [lo, hi]. */
export function runsOf(intervals: readonly [number, number][], lo: number, hi: number): Runs {
  const material: number[] = [];
  const gaps: number[] = [];
  const clipped = intervals
    .map(([a, b]) => [Math.max(a, lo), Math.min(b, hi)] as [number, number])
    .filter(([a, b]) => b > a);
  clipped.forEach(([a, b], i) => {
    if (a > lo && b < hi) material.push(b - a);
    const next = clipped[i + 1];
    if (next) gaps.push(next[0] - b);
  });
  return { material, gaps };
}

export interface Raster {
  width: number;
  height: number;
  /** Summed-area table, (width + 1) × (height + 1): material pixel counts. */
  sums: Int32Array;
}

/**
 * Pixels of 1 mm whose centres are covered, from the material intervals of each pixel row
 * (row j on the line v0 + j + 0.5), with a summed-area table for window queries.
 */
export function rasterise(rows: readonly (readonly [number, number][])[], u0: number, width: number): Raster {
  const height = rows.length;
  const w = width + 1;
  const sums = new Int32Array(w * (height + 1));
  const row = new Uint8Array(width);
  rows.forEach((intervals, j) => {
    row.fill(0);
    for (const [a, b] of intervals) {
      const first = Math.max(0, Math.ceil(a - u0 - 0.5));
      const last = Math.min(width - 1, Math.ceil(b - u0 - 0.5) - 1);
      for (let i = first; i <= last; i++) row[i] = 1;
    }
    let acc = 0;
    for (let i = 0; i < width; i++) {
      acc += row[i] as number;
      sums[(j + 1) * w + i + 1] = (sums[j * w + i + 1] as number) + acc;
    }
  });
  return { width, height, sums };
}

/** Lower corners (pixel indices i, j packed as j · width + i) of every empty s × s window. */
export function freeWindows(r: Raster, s: number): Int32Array {
  const w = r.width + 1;
  const S = r.sums;
  const out: number[] = [];
  for (let j = 0; j + s <= r.height; j++) {
    const lo = j * w;
    const hi = (j + s) * w;
    for (let i = 0; i + s <= r.width; i++)
      if (
        (S[hi + i + s] as number) -
          (S[hi + i] as number) -
          (S[lo + i + s] as number) +
          (S[lo + i] as number) ===
        0
      )
        out.push(j * r.width + i);
  }
  return Int32Array.from(out);
}

/** The most frequent length, binned to whole millimetres (ties: the shorter). */
export function modeLength(lengths: readonly number[]): number | null {
  const counts = new Map<number, number>();
  for (const x of lengths) counts.set(Math.round(x), (counts.get(Math.round(x)) ?? 0) + 1);
  let best: number | null = null;
  let bestCount = 0;
  for (const [bin, n] of counts)
    if (n > bestCount || (n === bestCount && best !== null && bin < best)) {
      best = bin;
      bestCount = n;
    }
  return best;
}
