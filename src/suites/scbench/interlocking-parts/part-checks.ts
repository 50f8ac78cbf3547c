import {
  cross,
  edgeReport,
  faceComponents,
  type Mat4Rows,
  norm,
  signedVolume,
  sub,
  type TriMesh,
  type Vec3,
} from "../../../geometry/mesh.ts";
import {
  type CrossingBudget,
  crossingBudget,
  nonManifoldVertices,
  selfIntersectionProblem,
} from "../../../geometry/mesh-validity.ts";
import { convexHull, insideConvex } from "../../../geometry/plane.ts";
import { type Part, RULES } from "./schema.ts";

export const meshOf = (p: Part): TriMesh => ({ vertices: p.vertices, triangles: p.faces });

/**
 * Why a part's mesh or transform is not a valid solid part (null when it is), short of the
 * kernel's own test: sizes, finite numbers, indices, a closed edge-manifold surface (no edge or
 * vertex shared by separate sheets), outward winding, one body, positive volume, a rigid
 * transform, and no self-intersection (the last and costliest; `budget` bounds its work and may
 * be shared by all the parts of an answer).
 */
export function meshProblem(p: Part, budget: CrossingBudget = crossingBudget(p.faces.length)): string | null {
  const n = p.vertices.length;
  if (p.faces.length > RULES.maxTriangles)
    return `${p.faces.length} triangles (at most ${RULES.maxTriangles})`;
  if (n > RULES.maxVertices) return `${n} vertices (at most ${RULES.maxVertices})`;
  if (p.faces.length < 4) return "fewer than 4 triangles";
  const nonFinite = p.vertices.findIndex((v) => v.length !== 3 || !v.every(Number.isFinite));
  if (nonFinite >= 0) return `vertex #${nonFinite} is not three finite numbers`;
  const bad = p.faces.findIndex(
    (f) =>
      f.length !== 3 ||
      f.some((i) => !Number.isInteger(i) || i < 0 || i >= n) ||
      f[0] === f[1] ||
      f[1] === f[2] ||
      f[0] === f[2],
  );
  if (bad >= 0) return `triangle #${bad} has an index out of range or repeated`;
  const edges = edgeReport(p.faces);
  if (edges.boundary.length > 0)
    return `not closed: ${edges.boundary.length} boundary edge(s), e.g. ${edges.boundary[0]}`;
  if (edges.nonManifold.length > 0)
    return `${edges.nonManifold.length} edge(s) shared by more than two triangles`;
  const pinched = nonManifoldVertices(p.faces);
  if (pinched.length > 0)
    return `not edge-manifold: ${pinched.length} vertex(es) where separate sheets of surface touch (solids joined at a point), e.g. vertex #${pinched[0]}`;
  if (edges.misoriented.length > 0) return `inconsistent winding on ${edges.misoriented.length} edge(s)`;
  const bodies = faceComponents(p.faces, n).length;
  if (bodies !== 1) return `${bodies} separate bodies`;
  const volume = signedVolume(meshOf(p));
  if (!(volume > RULES.volumeTolerance))
    return volume < 0 ? `inward-facing triangles (volume ${volume.toFixed(1)})` : "zero volume";
  const transform = transformProblem(p.transform);
  if (transform) return transform;
  const crossing = selfIntersectionProblem(meshOf(p), budget);
  return crossing === undefined ? null : `self-intersecting: ${crossing}`;
}

/** A printed part can only be moved and turned: the transform must be a proper rigid motion. */
export function transformProblem(m: Mat4Rows): string | null {
  if (m.length !== 4 || !m.every((r) => r.length === 4 && r.every(Number.isFinite)))
    return "transform is not a 4 × 4 matrix of finite numbers";
  const [r0, r1, r2, r3] = m;
  if (r3[0] !== 0 || r3[1] !== 0 || r3[2] !== 0 || r3[3] !== 1)
    return "transform's last row is not [0, 0, 0, 1]";
  const rows = [r0, r1, r2].map((r) => [r[0], r[1], r[2]] as Vec3);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) {
      const d = (rows[i] as Vec3).reduce((s, x, k) => s + x * ((rows[j] as Vec3)[k] as number), 0);
      if (Math.abs(d - (i === j ? 1 : 0)) > 1e-4)
        return "transform's 3 × 3 part is not a rotation (orthonormal rows: no scale, no shear)";
    }
  const det =
    r0[0] * (r1[1] * r2[2] - r1[2] * r2[1]) -
    r0[1] * (r1[0] * r2[2] - r1[2] * r2[0]) +
    r0[2] * (r1[0] * r2[1] - r1[1] * r2[0]);
  return det > 0 ? null : "transform mirrors the part (determinant −1)";
}

export interface PrintReport {
  problems: string[];
  contactArea: number;
  overhangFraction: number;
}

/** Printability of a part as given (its print pose): build volume, bed contact, overhangs, balance. */
export function printReport(p: Part, build: readonly [number, number, number]): PrintReport {
  const problems: string[] = [];
  const v = p.vertices;
  const eps = RULES.eps;
  for (let k = 0; k < 3; k++) {
    const lo = Math.min(...v.map((x) => x[k] as number));
    const hi = Math.max(...v.map((x) => x[k] as number));
    const axis = "xyz"[k];
    if (k === 2 && Math.abs(lo) > eps)
      problems.push(`lowest point at z = ${lo.toFixed(3)}, not on the bed z = 0`);
    else if (lo < -eps || hi > (build[k] as number) + eps)
      problems.push(
        `${axis} spans ${lo.toFixed(1)}…${hi.toFixed(1)}, outside the build volume 0…${build[k]}`,
      );
  }
  const cos = Math.sin((RULES.maxOverhangDeg * Math.PI) / 180);
  let total = 0;
  let contact = 0;
  let overhang = 0;
  const contactPoints: [number, number][] = [];
  let vol6 = 0;
  const centre: Vec3 = [0, 0, 0];
  for (const [i, j, k] of p.faces) {
    const a = v[i] as Vec3;
    const b = v[j] as Vec3;
    const c = v[k] as Vec3;
    const n = cross(sub(b, a), sub(c, a));
    const area = norm(n) / 2;
    total += area;
    const d =
      a[0] * (b[1] * c[2] - b[2] * c[1]) -
      a[1] * (b[0] * c[2] - b[2] * c[0]) +
      a[2] * (b[0] * c[1] - b[1] * c[0]);
    vol6 += d;
    for (let q = 0; q < 3; q++)
      centre[q] = (centre[q] as number) + (d * ((a[q] as number) + (b[q] as number) + (c[q] as number))) / 4;
    if (area === 0) continue;
    const onBed = Math.max(a[2], b[2], c[2]) <= eps;
    const nz = n[2] / (2 * area);
    if (onBed && nz < 0) {
      contact += area;
      contactPoints.push([a[0], a[1]], [b[0], b[1]], [c[0], c[1]]);
    } else if (!onBed && nz < -cos) overhang += area;
  }
  if (contact < RULES.minBedContact)
    problems.push(
      `bed contact ${contact.toFixed(1)} mm² (at least ${RULES.minBedContact} mm² of faces must lie on z = 0)`,
    );
  const fraction = total > 0 ? overhang / total : 0;
  if (fraction > RULES.maxOverhangFraction)
    problems.push(
      `overhangs steeper than ${RULES.maxOverhangDeg}° cover ${(100 * fraction).toFixed(1)}% of the surface (at most ${100 * RULES.maxOverhangFraction}%)`,
    );
  if (vol6 !== 0 && contact > 0) {
    const com: [number, number] = [(centre[0] as number) / vol6, (centre[1] as number) / vol6];
    if (!insideConvex(convexHull(contactPoints), com, eps))
      problems.push(
        `centre of mass (${com[0].toFixed(1)}, ${com[1].toFixed(1)}) is not over the bed contact`,
      );
  }
  return { problems, contactArea: contact, overhangFraction: fraction };
}
