import { convexHull, polygonArea, segmentsMeet } from "../../../geometry/plane.ts";
import type { Pt } from "./model.ts";

export const dist = (a: Pt, b: Pt): number => Math.hypot(b[0] - a[0], b[1] - a[1]);

/** Turn angle in degrees at vertex i of the closed loop (0 = straight on, 180 = reversal); null if a side is degenerate. */
export function turnAngle(points: readonly Pt[], i: number): number | null {
  const n = points.length;
  const a = points[(i - 1 + n) % n] as Pt;
  const b = points[i] as Pt;
  const c = points[(i + 1) % n] as Pt;
  const ux = b[0] - a[0];
  const uy = b[1] - a[1];
  const vx = c[0] - b[0];
  const vy = c[1] - b[1];
  const lu = Math.hypot(ux, uy);
  const lv = Math.hypot(vx, vy);
  if (lu === 0 || lv === 0) return null;
  const cos = Math.max(-1, Math.min(1, (ux * vx + uy * vy) / (lu * lv)));
  return (Math.acos(cos) * 180) / Math.PI;
}

/**
 * Pairs [i, j] (i < j) of non-adjacent loop segments (segment i runs from point i to point i+1) that
 * meet, lazily in order: a caller that needs only the first few stops the quadratic scan early.
 */
export function* meetingPairs(points: readonly Pt[]): Generator<[number, number]> {
  const n = points.length;
  if (n < 4) return;
  const seg = (i: number): [Pt, Pt] => [points[i] as Pt, points[(i + 1) % n] as Pt];
  for (let i = 0; i < n; i++) {
    const [a, b] = seg(i);
    const minX = Math.min(a[0], b[0]);
    const maxX = Math.max(a[0], b[0]);
    const minY = Math.min(a[1], b[1]);
    const maxY = Math.max(a[1], b[1]);
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      const [c, d] = seg(j);
      if (Math.max(c[0], d[0]) < minX || Math.min(c[0], d[0]) > maxX) continue;
      if (Math.max(c[1], d[1]) < minY || Math.min(c[1], d[1]) > maxY) continue;
      if (segmentsMeet(a, b, c, d)) yield [i, j];
    }
  }
}

/** The first meeting pair and how many pairs meet, counted up to `limit + 1` (enough to tell "more than limit"). */
export function countMeetingPairs(
  points: readonly Pt[],
  limit: number,
): { count: number; first: [number, number] | undefined } {
  let count = 0;
  let first: [number, number] | undefined;
  for (const pair of meetingPairs(points)) {
    first ??= pair;
    if (++count > limit) break;
  }
  return { count, first };
}

/** Area of the convex hull (monotone chain with exact orientation). */
export function hullArea(points: readonly Pt[]): number {
  return points.length < 3 ? 0 : Math.abs(polygonArea(convexHull(points)));
}

export function centroid(points: readonly Pt[]): Pt {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p[0];
    y += p[1];
  }
  return [x / points.length, y / points.length];
}

/** Lengths of the maximal straight runs: consecutive segments joined by turns of at most `straightDeg`. */
export function straightRuns(points: readonly Pt[], straightDeg: number): number[] {
  const n = points.length;
  const len = (i: number) => dist(points[i] as Pt, points[(i + 1) % n] as Pt);
  const bends = Array.from({ length: n }, (_, i) => {
    const t = turnAngle(points, i);
    return t === null || t > straightDeg;
  });
  const start = bends.indexOf(true);
  if (start < 0) {
    let total = 0;
    for (let i = 0; i < n; i++) total += len(i);
    return [total];
  }
  const runs: number[] = [];
  let run = 0;
  for (let k = 0; k < n; k++) {
    const i = (start + k) % n;
    if (bends[i] && k > 0) {
      runs.push(run);
      run = 0;
    }
    run += len(i);
  }
  runs.push(run);
  return runs;
}
