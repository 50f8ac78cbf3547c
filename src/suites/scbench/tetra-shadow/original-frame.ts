import { localVertices, ORIGINAL_VERTICES, type Quat, quatMul, rotate, type Vec3 } from "./tetra.ts";

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (a: Vec3): Vec3 => {
  const n = Math.hypot(...a);
  return [a[0] / n, a[1] / n, a[2] / n];
};

/** Orthonormal frame (as rows) spanned by u, then v. */
function frame(u: Vec3, v: Vec3): Vec3[] {
  const e1 = unit(u);
  const d = dot(v, e1);
  const e2 = unit([v[0] - d * e1[0], v[1] - d * e1[1], v[2] - d * e1[2]]);
  return [e1, e2, cross(e1, e2)];
}

/** The unit quaternion of a rotation matrix m (rows). */
function matrixQuat(m: number[][]): Quat {
  const at = (i: number, j: number) => (m[i] as number[])[j] as number;
  const trace = at(0, 0) + at(1, 1) + at(2, 2);
  if (trace > 0) {
    const s = 2 * Math.sqrt(1 + trace);
    return [s / 4, (at(2, 1) - at(1, 2)) / s, (at(0, 2) - at(2, 0)) / s, (at(1, 0) - at(0, 1)) / s];
  }
  const i = at(0, 0) >= at(1, 1) && at(0, 0) >= at(2, 2) ? 0 : at(1, 1) >= at(2, 2) ? 1 : 2;
  const j = (i + 1) % 3;
  const k = (i + 2) % 3;
  const s = 2 * Math.sqrt(1 + at(i, i) - at(j, j) - at(k, k));
  const q: Quat = [(at(k, j) - at(j, k)) / s, 0, 0, 0];
  q[i + 1] = s / 4;
  q[j + 1] = (at(j, i) + at(i, j)) / s;
  q[k + 1] = (at(k, i) + at(i, k)) / s;
  return q;
}

const ORIGINAL_CENTROID: Vec3 = [0, 1, 2].map(
  (a) => ORIGINAL_VERTICES.reduce((s, v) => s + (v[a] as number), 0) / 4,
) as Vec3;

/**
 * The rotation r0 that turns Plumb's centred tetrahedron of edge 1 onto the original's, less its
 * centroid: then Plumb's (position P, q) is the original's (P − q r0* · c, q r0*).
 */
const TO_ORIGINAL: Quat = (() => {
  const p = localVertices(1);
  const a = ORIGINAL_VERTICES.map((v) => sub(v, ORIGINAL_CENTROID));
  const handed = (v: readonly Vec3[]) =>
    Math.sign(
      dot(
        cross(sub(v[1] as Vec3, v[0] as Vec3), sub(v[2] as Vec3, v[0] as Vec3)),
        sub(v[3] as Vec3, v[0] as Vec3),
      ),
    );
  const from = handed(p) === handed(a) ? p : [p[0], p[2], p[1], p[3]];
  const fp = frame(from[0] as Vec3, from[1] as Vec3);
  const fa = frame(a[0] as Vec3, a[1] as Vec3);
  // R = Faᵀ · Fp maps the frame of `from` onto the frame of `a`.
  const m = [0, 1, 2].map((i) =>
    [0, 1, 2].map((j) =>
      fa.reduce((s, row, k) => s + (row[i] as number) * ((fp[k] as Vec3)[j] as number), 0),
    ),
  );
  return matrixQuat(m);
})();

const conj = (q: Quat): Quat => [q[0], -q[1], -q[2], -q[3]];

/** Plumb's pose of its centred tetrahedron (edge 1) as the original's pose of the same solid. */
export function toOriginalPose(position: Vec3, q: Quat): { position: Vec3; quaternion: Quat } {
  const turned = quatMul(q, conj(TO_ORIGINAL));
  const c = rotate(turned, ORIGINAL_CENTROID);
  return { position: sub(position, c), quaternion: turned };
}
