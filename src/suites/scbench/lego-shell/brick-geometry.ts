import { BRICK_HEIGHT, BRICK_LONG, BRICK_SHORT, type Brick, PITCH, TOLERANCE } from "./schema.ts";

/** An axis-aligned box: [x0, y0, z0] to [x1, y1, z1], mm. */
export interface Box {
  min: [number, number, number];
  max: [number, number, number];
}

export type Point = [number, number];

export function brickBox(b: Brick): Box {
  const [w, d] = b.orientation === 0 ? [BRICK_LONG, BRICK_SHORT] : [BRICK_SHORT, BRICK_LONG];
  const z = b.layer * BRICK_HEIGHT;
  return { min: [b.x, b.y, z], max: [b.x + w, b.y + d, z + BRICK_HEIGHT] };
}

/** Footprints share an area: they overlap by more than the tolerance along both x and y. */
export function footprintsOverlap(a: Box, b: Box): boolean {
  return (
    Math.min(a.max[0], b.max[0]) - Math.max(a.min[0], b.min[0]) > TOLERANCE &&
    Math.min(a.max[1], b.max[1]) - Math.max(a.min[1], b.min[1]) > TOLERANCE
  );
}

const onPitch = (d: number): boolean => Math.abs(d - PITCH * Math.round(d / PITCH)) <= TOLERANCE;

/** Studs meet tubes: the corners differ by whole multiples of the 8 mm pitch in x and in y. */
export const studsAligned = (a: Brick, b: Brick): boolean => onPitch(a.x - b.x) && onPitch(a.y - b.y);

/** Distance from the origin to the nearest point of the box. */
export function nearestDistance(box: Box): number {
  let s = 0;
  for (let k = 0; k < 3; k++) {
    const lo = box.min[k] as number;
    const hi = box.max[k] as number;
    const d = lo > 0 ? lo : hi < 0 ? -hi : 0;
    s += d * d;
  }
  return Math.sqrt(s);
}

/** Distance from the origin to the farthest corner of the box. */
export function farthestDistance(box: Box): number {
  let s = 0;
  for (let k = 0; k < 3; k++) {
    const d = Math.max(Math.abs(box.min[k] as number), Math.abs(box.max[k] as number));
    s += d * d;
  }
  return Math.sqrt(s);
}

const cross = (o: Point, a: Point, b: Point): number =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Convex hull, counter-clockwise, without collinear points (Andrew's monotone chain). */
export function convexHull(points: readonly Point[]): Point[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length <= 2) return pts;
  const half = (list: Point[]): Point[] => {
    const out: Point[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2] as Point, out[out.length - 1] as Point, p) <= 0)
        out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(pts), ...half([...pts].reverse())];
}

/** Whether the point lies in the counter-clockwise convex polygon or within `tolerance` of it. */
export function insideConvex(hull: readonly Point[], p: Point, tolerance: number): boolean {
  if (hull.length < 3) return false;
  let inside = true;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i] as Point;
    const b = hull[(i + 1) % hull.length] as Point;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (cross(a, b, p) / len < -tolerance) inside = false;
  }
  return inside;
}

/** The four corners of a box's footprint. */
export const footprintCorners = (box: Box): Point[] => [
  [box.min[0], box.min[1]],
  [box.max[0], box.min[1]],
  [box.max[0], box.max[1]],
  [box.min[0], box.max[1]],
];
