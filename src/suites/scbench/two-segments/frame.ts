/**
 * The region of an original record that is not the unit square: an axis-aligned square placed and
 * sized at random, or a convex quadrilateral given by its corners. Answers are carried onto the unit
 * square by the projective map that sends the corners, in order, to (0,0), (1,0), (1,1), (0,1).
 * That map keeps straight lines straight and the region's inside inside, so every face keeps its
 * corner count, and each of the four sides (the fourth one included) lands on a side of the unit
 * square. Rounding then happens in unit coordinates, as the original's tolerance did.
 */
export type Corners = [[number, number], [number, number], [number, number], [number, number]];

export interface Frame {
  toUnit(p: readonly [number, number]): [number, number];
  fromUnit(p: readonly [number, number]): [number, number];
}

const UNIT: Corners = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
];

export const isUnitSquare = (c: Corners): boolean =>
  c.every((p, i) => p[0] === UNIT[i]?.[0] && p[1] === UNIT[i]?.[1]);

/** Twice the signed area of abc. */
const cross = (a: readonly number[], b: readonly number[], c: readonly number[]): number =>
  ((b[0] ?? 0) - (a[0] ?? 0)) * ((c[1] ?? 0) - (a[1] ?? 0)) -
  ((b[1] ?? 0) - (a[1] ?? 0)) * ((c[0] ?? 0) - (a[0] ?? 0));

/** Corners that turn left at every corner: a convex quadrilateral listed counter-clockwise. */
export function isConvexCounterClockwise(c: Corners): boolean {
  return c.every((p, i) => cross(p, c[(i + 1) % 4] as number[], c[(i + 2) % 4] as number[]) > 0);
}

/** The map from the unit square onto the quadrilateral (Heckbert's square-to-quad), as a 3×3 matrix. */
function squareToQuad(c: Corners): number[] {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = c;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  let g = 0;
  let h = 0;
  if (sx !== 0 || sy !== 0) {
    const [dx1, dx2, dy1, dy2] = [x1 - x2, x3 - x2, y1 - y2, y3 - y2];
    const den = dx1 * dy2 - dx2 * dy1;
    g = (sx * dy2 - dx2 * sy) / den;
    h = (dx1 * sy - sx * dy1) / den;
  }
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

function apply(m: readonly number[], p: readonly [number, number]): [number, number] {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 1] = m;
  const w = g * p[0] + h * p[1] + i;
  return [(a * p[0] + b * p[1] + c) / w, (d * p[0] + e * p[1] + f) / w];
}

/** The adjugate, which inverts a projective map (up to a scale that cancels). */
function adjugate(m: readonly number[]): number[] {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 1] = m;
  return [
    e * i - f * h,
    c * h - b * i,
    b * f - c * e,
    f * g - d * i,
    a * i - c * g,
    c * d - a * f,
    d * h - e * g,
    b * g - a * h,
    a * e - b * d,
  ];
}

/** The frame of a region, or null for the unit square (whose coordinates are used as they are). */
export function frameOf(corners: Corners | undefined): Frame | null {
  if (!corners || isUnitSquare(corners)) return null;
  const forward = squareToQuad(corners);
  const back = adjugate(forward);
  return { toUnit: (p) => apply(back, p), fromUnit: (p) => apply(forward, p) };
}
