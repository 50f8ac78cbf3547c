/**
 * Plane geometry on [x, y] points: orientation and segment intersection with exact signs
 * (Shewchuk's adaptive predicates, `robust-predicates`), convex hulls, polygon areas.
 */
import { orient2d } from "robust-predicates";

export type Point2 = readonly [number, number];

/**
 * Twice the signed area of the triangle abc: positive when a → b → c turns counter-clockwise
 * (y pointing up), negative clockwise, zero when collinear. The sign is exact for any
 * floating-point input; the magnitude is the rounded determinant.
 */
export function turn(a: Point2, b: Point2, c: Point2): number {
  // robust-predicates' orient2d is positive for clockwise turns.
  return -orient2d(a[0], a[1], b[0], b[1], c[0], c[1]);
}

/** The exact side c lies on of the line a → b: 1 left (counter-clockwise), −1 right, 0 on it. */
export function orientation(a: Point2, b: Point2, c: Point2): -1 | 0 | 1 {
  const t = turn(a, b, c);
  return t > 0 ? 1 : t < 0 ? -1 : 0;
}

/** p lies in the bounding box of segment ab (closed). */
const inBox = (a: Point2, b: Point2, p: Point2): boolean =>
  Math.min(a[0], b[0]) <= p[0] &&
  p[0] <= Math.max(a[0], b[0]) &&
  Math.min(a[1], b[1]) <= p[1] &&
  p[1] <= Math.max(a[1], b[1]);

/** Exact test: do the closed segments ab and cd share at least one point? */
export function segmentsMeet(a: Point2, b: Point2, c: Point2, d: Point2): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return (
    (o1 === 0 && inBox(a, b, c)) ||
    (o2 === 0 && inBox(a, b, d)) ||
    (o3 === 0 && inBox(c, d, a)) ||
    (o4 === 0 && inBox(c, d, b))
  );
}

/**
 * The convex hull, counter-clockwise from the lowest-x (then lowest-y) point, collinear points
 * dropped (Andrew's monotone chain). A point is kept only where the hull turns by more than
 * `tolerance` (as twice a triangle's area); the default 0 decides turns exactly. Fewer than three
 * points come back sorted.
 */
export function convexHull<P extends Point2>(points: readonly P[], tolerance = 0): P[] {
  const sorted = [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  if (sorted.length < 3) return sorted;
  const half = (list: readonly P[]): P[] => {
    const out: P[] = [];
    for (const p of list) {
      while (out.length >= 2 && turn(out[out.length - 2] as P, out[out.length - 1] as P, p) <= tolerance)
        out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/** Signed area of a polygon given as its ring of corners (shoelace): positive counter-clockwise. */
export function polygonArea(ring: readonly Point2[]): number {
  let twice = 0;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i] as Point2;
    const q = ring[(i + 1) % ring.length] as Point2;
    twice += p[0] * q[1] - q[0] * p[1];
  }
  return twice / 2;
}

/**
 * Whether p lies in the counter-clockwise convex polygon `hull`, or within `tolerance` (a
 * distance) outside it. A hull of fewer than three corners contains nothing.
 */
export function insideConvex(hull: readonly Point2[], p: Point2, tolerance: number): boolean {
  if (hull.length < 3) return false;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i] as Point2;
    const b = hull[(i + 1) % hull.length] as Point2;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / len < -tolerance) return false;
  }
  return true;
}
