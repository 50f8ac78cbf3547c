/** Regular tetrahedra: quaternion rotation, vertices, shadows on the XY plane, exact 3D intersection. */

import { convexHull } from "../../../geometry/plane.ts";

export type Vec3 = [number, number, number];
export type Vec2 = [number, number];
/** [w, x, y, z], Hamilton convention. */
export type Quat = [number, number, number, number];

/** Tolerance (length units) below which a separating-axis overlap counts as touching, not intersecting. */
export const TOUCH_TOLERANCE = 1e-6;

/** The local vertices of the regular tetrahedron with this edge length, centroid at the origin. */
export function localVertices(edge: number): Vec3[] {
  const s = edge / (2 * Math.SQRT2);
  return [
    [s, s, s],
    [s, -s, -s],
    [-s, s, -s],
    [-s, -s, s],
  ];
}

export const quatNorm = (q: readonly number[]): number =>
  Math.hypot(q[0] ?? 0, q[1] ?? 0, q[2] ?? 0, q[3] ?? 0);

export function normalise(q: Quat): Quat {
  const n = quatNorm(q);
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}

/** Hamilton product a·b (apply b first, then a). */
export function quatMul(a: Quat, b: Quat): Quat {
  const [aw, ax, ay, az] = a;
  const [bw, bx, by, bz] = b;
  return [
    aw * bw - ax * bx - ay * by - az * bz,
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
  ];
}

/** The unit quaternion turning by `radians` about `axis` (right-hand rule). */
export function axisAngle(axis: Vec3, radians: number): Quat {
  const n = Math.hypot(...axis);
  const s = Math.sin(radians / 2) / n;
  return [Math.cos(radians / 2), axis[0] * s, axis[1] * s, axis[2] * s];
}

/**
 * The original's tetrahedron (SCBench 4.py): edge 1, a face on z = 0, vertex 0 at the origin. It
 * turns about that vertex, not about its centroid.
 */
export const ORIGINAL_VERTICES: readonly Vec3[] = [
  [0, 0, 0],
  [1, 0, 0],
  [0.5, Math.sqrt(3) / 2, 0],
  [0.5, Math.sqrt(3) / 6, Math.sqrt(2 / 3)],
];

/** Active rotation v' = q v q* of a vector by a unit quaternion. */
export function rotate(q: Quat, v: Vec3): Vec3 {
  const [w, x, y, z] = q;
  // t = 2 (q_vec × v); v' = v + w t + q_vec × t
  const tx = 2 * (y * v[2] - z * v[1]);
  const ty = 2 * (z * v[0] - x * v[2]);
  const tz = 2 * (x * v[1] - y * v[0]);
  return [
    v[0] + w * tx + (y * tz - z * ty),
    v[1] + w * ty + (z * tx - x * tz),
    v[2] + w * tz + (x * ty - y * tx),
  ];
}

/** World vertices: the local tetrahedron turned by q (normalised first) about its centroid, then moved to `position`. */
export function worldVertices(edge: number, position: Vec3, q: Quat): Vec3[] {
  const u = normalise(q);
  return localVertices(edge).map((v) => {
    const r = rotate(u, v);
    return [r[0] + position[0], r[1] + position[1], r[2] + position[2]];
  });
}

/** The original's tetrahedron turned by q (normalised first) about vertex 0, then moved by `position`. */
export function originalWorldVertices(position: Vec3, q: Quat): Vec3[] {
  const u = normalise(q);
  return ORIGINAL_VERTICES.map((v) => {
    const r = rotate(u, v);
    return [r[0] + position[0], r[1] + position[1], r[2] + position[2]];
  });
}

/** Turns (twice a triangle's area) this small count as straight on a shadow's hull: rounding, not corners. */
export const HULL_TOLERANCE = 1e-12;

/** The orthographic shadow on the XY plane (along z): a triangle or a quadrilateral, counter-clockwise. */
export const shadow = (vertices: readonly Vec3[]): Vec2[] =>
  convexHull(
    vertices.map((v): Vec2 => [v[0], v[1]]),
    HULL_TOLERANCE,
  );

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const FACES = [
  [1, 2, 3],
  [0, 2, 3],
  [0, 1, 3],
  [0, 1, 2],
] as const;
const EDGES = [
  [0, 1],
  [0, 2],
  [0, 3],
  [1, 2],
  [1, 3],
  [2, 3],
] as const;

function faceNormals(v: readonly Vec3[]): Vec3[] {
  return FACES.map(([a, b, c]) => cross(sub(v[b] as Vec3, v[a] as Vec3), sub(v[c] as Vec3, v[a] as Vec3)));
}

function edgeDirs(v: readonly Vec3[]): Vec3[] {
  return EDGES.map(([a, b]) => sub(v[b] as Vec3, v[a] as Vec3));
}

/**
 * The smallest overlap, over the 4 + 4 face normals and 36 edge-pair cross products, of the two
 * tetrahedra's extents along the (unit) axis: ≤ 0 means a separating plane exists (apart or
 * touching); > 0 means their interiors share volume (separating-axis theorem for convex polyhedra).
 */
export function separation(a: readonly Vec3[], b: readonly Vec3[]): number {
  const axes = [...faceNormals(a), ...faceNormals(b)];
  for (const ea of edgeDirs(a)) for (const eb of edgeDirs(b)) axes.push(cross(ea, eb));
  let least = Infinity;
  for (const axis of axes) {
    const len = Math.hypot(...axis);
    if (len < 1e-9) continue;
    let aMin = Infinity;
    let aMax = -Infinity;
    let bMin = Infinity;
    let bMax = -Infinity;
    for (const p of a) {
      const d = dot(p, axis) / len;
      aMin = Math.min(aMin, d);
      aMax = Math.max(aMax, d);
    }
    for (const p of b) {
      const d = dot(p, axis) / len;
      bMin = Math.min(bMin, d);
      bMax = Math.max(bMax, d);
    }
    least = Math.min(least, Math.min(aMax, bMax) - Math.max(aMin, bMin));
  }
  return least;
}

/** Interiors intersect: overlap above the touching tolerance on every candidate axis. */
export const tetrahedraIntersect = (a: readonly Vec3[], b: readonly Vec3[]): boolean =>
  separation(a, b) > TOUCH_TOLERANCE;

/** Two convex polygons' interiors overlap (2D separating axes over both polygons' edge normals). */
export function polygonsOverlap(a: readonly Vec2[], b: readonly Vec2[]): boolean {
  for (const poly of [a, b])
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i] as Vec2;
      const q = poly[(i + 1) % poly.length] as Vec2;
      const nx = q[1] - p[1];
      const ny = p[0] - q[0];
      const len = Math.hypot(nx, ny);
      const proj = (pts: readonly Vec2[]) => pts.map((r) => (r[0] * nx + r[1] * ny) / len);
      const pa = proj(a);
      const pb = proj(b);
      if (
        Math.min(Math.max(...pa), Math.max(...pb)) - Math.max(Math.min(...pa), Math.min(...pb)) <=
        TOUCH_TOLERANCE
      )
        return false;
    }
  return true;
}
