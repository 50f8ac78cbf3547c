import {
  BRICK_HEIGHT,
  BRICK_LONG,
  BRICK_SHORT,
  type Brick,
  halfSpan,
  PITCH,
  TOLERANCE,
  turnFrame,
} from "./schema.ts";

/** An axis-aligned box: [x0, y0, z0] to [x1, y1, z1], mm. */
export interface Box {
  min: [number, number, number];
  max: [number, number, number];
}

export type Point = [number, number];

/** The widest a footprint's bounding box can be: the brick's diagonal. */
export const MAX_SPAN = Math.hypot(BRICK_LONG, BRICK_SHORT);

/** Bricks along the axes: their footprints are their bounding boxes. */
export const isRightAngle = (b: Brick): boolean => b.orientation === 0 || b.orientation === 90;

export function brickCentre(b: Brick): Point {
  const [hx, hy] = halfSpan(b.orientation);
  return [b.x + hx, b.y + hy];
}

/** The brick's bounding box (the brick itself when it lies along an axis). */
export function brickBox(b: Brick): Box {
  const [hx, hy] = halfSpan(b.orientation);
  const z = b.layer * BRICK_HEIGHT;
  return { min: [b.x, b.y, z], max: [b.x + 2 * hx, b.y + 2 * hy, z + BRICK_HEIGHT] };
}

/**
 * The brick after turning the whole scene about the z axis until the brick lies along x: a box
 * with the same distances from the origin and the same volume inside the shell (which the turn
 * maps to itself). A brick already along an axis is its own box.
 */
export function alignedBox(b: Brick): Box {
  if (isRightAngle(b)) return brickBox(b);
  const [c, s] = turnFrame(b.orientation);
  const [cx, cy] = brickCentre(b);
  const u = c * cx + s * cy;
  const v = -s * cx + c * cy;
  const z = b.layer * BRICK_HEIGHT;
  const [a, h] = [BRICK_LONG / 2, BRICK_SHORT / 2];
  return { min: [u - a, v - h, z], max: [u + a, v + h, z + BRICK_HEIGHT] };
}

/** The footprint's corners, counter-clockwise. */
export function footprint(b: Brick): Point[] {
  if (isRightAngle(b)) {
    const { min, max } = brickBox(b);
    return [
      [min[0], min[1]],
      [max[0], min[1]],
      [max[0], max[1]],
      [min[0], max[1]],
    ];
  }
  const [c, s] = turnFrame(b.orientation);
  const [cx, cy] = brickCentre(b);
  const [a, h] = [BRICK_LONG / 2, BRICK_SHORT / 2];
  const local: Point[] = [
    [-a, -h],
    [a, -h],
    [a, h],
    [-a, h],
  ];
  return local.map(([u, v]) => [cx + c * u - s * v, cy + s * u + c * v]);
}

/** Footprints share an area: they overlap by more than the tolerance along both x and y. */
export function footprintsOverlap(a: Box, b: Box): boolean {
  return (
    Math.min(a.max[0], b.max[0]) - Math.max(a.min[0], b.min[0]) > TOLERANCE &&
    Math.min(a.max[1], b.max[1]) - Math.max(a.min[1], b.min[1]) > TOLERANCE
  );
}

/** The interval a brick's footprint projects onto along the unit axis (nx, ny). */
function project(b: Brick, nx: number, ny: number): [number, number] {
  const [c, s] = turnFrame(b.orientation);
  const [cx, cy] = brickCentre(b);
  const mid = cx * nx + cy * ny;
  const half = (BRICK_LONG / 2) * Math.abs(c * nx + s * ny) + (BRICK_SHORT / 2) * Math.abs(-s * nx + c * ny);
  return [mid - half, mid + half];
}

/**
 * Two footprints share an area: they overlap by more than the tolerance along every separating
 * axis (the sides' directions of both). For rectangles that least overlap is exactly how far one
 * must move to clear the other, so this is "interpenetrate by more than the tolerance"; for bricks
 * along the axes it is `footprintsOverlap` of their boxes.
 */
export function bricksOverlap(a: Brick, b: Brick, boxA = brickBox(a), boxB = brickBox(b)): boolean {
  if (isRightAngle(a) && isRightAngle(b)) return footprintsOverlap(boxA, boxB);
  if (!footprintsOverlap(boxA, boxB)) return false;
  for (const t of [a.orientation, b.orientation]) {
    const [c, s] = turnFrame(t);
    for (const [nx, ny] of [
      [c, s],
      [-s, c],
    ] as const) {
      const [loA, hiA] = project(a, nx, ny);
      const [loB, hiB] = project(b, nx, ny);
      if (Math.min(hiA, hiB) - Math.max(loA, loB) <= TOLERANCE) return false;
    }
  }
  return true;
}

const onPitch = (d: number): boolean => Math.abs(d - PITCH * Math.round(d / PITCH)) <= TOLERANCE;

/** The farthest stud from a brick's centre, mm. */
const STUD_REACH = Math.hypot(BRICK_LONG / 2 - PITCH / 2, BRICK_SHORT / 2 - PITCH / 2);
/** Two bricks' turns may differ from a multiple of 90° by this much (degrees): the farthest stud moves by the tolerance. */
export const TURN_TOLERANCE = ((TOLERANCE / STUD_REACH) * 180) / Math.PI;

/**
 * Studs meet tubes: the bricks share one 8 mm stud grid. Along the axes, the corners differ by
 * whole multiples of the pitch in x and in y. Otherwise the turns differ by a multiple of 90° and
 * the centres differ by whole multiples of the pitch along the first brick's sides (a 2 × 4
 * brick's studs sit at (4, 4) + 8ℤ² from its centre in its own frame, a set a quarter turn keeps).
 */
export function studsAligned(a: Brick, b: Brick): boolean {
  if (isRightAngle(a) && isRightAngle(b)) return onPitch(a.x - b.x) && onPitch(a.y - b.y);
  const d = Math.abs(a.orientation - b.orientation) % 90;
  if (Math.min(d, 90 - d) > TURN_TOLERANCE) return false;
  const [c, s] = turnFrame(a.orientation);
  const [ax, ay] = brickCentre(a);
  const [bx, by] = brickCentre(b);
  const [dx, dy] = [bx - ax, by - ay];
  return onPitch(c * dx + s * dy) && onPitch(-s * dx + c * dy);
}

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
