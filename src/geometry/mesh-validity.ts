import { orient2d, orient3d } from "robust-predicates";
import type { Check } from "../core/verdict.ts";
import {
  cross,
  dot,
  edgeReport,
  faceComponents,
  newellNormal,
  norm,
  type PolyMesh,
  signedVolume,
  sub,
  type TriMesh,
  triangulate,
  type Vec3,
} from "./mesh.ts";
import { segmentsMeet } from "./plane.ts";

/** The numbers behind the consistency rules (the polyhedron checks of SCBench's CSG task). */
export interface ValidityLimits {
  /** A face whose vertices stray further than this from its plane is not planar. */
  planarTolerance: number;
  /** A face with less area than this is degenerate. */
  minFaceArea: number;
  /** Two vertices closer than this are duplicates. */
  duplicateDistance: number;
  /** A vertex further than this from the centroid of all vertices is an outlier. */
  outlierDistance: number;
  /** The enclosed volume must exceed this. */
  minVolume: number;
}

export const DEFAULT_LIMITS: ValidityLimits = {
  planarTolerance: 1e-3,
  minFaceArea: 1e-6,
  duplicateDistance: 1e-5,
  outlierDistance: 100,
  minVolume: 1e-3,
};

/** Names of the checks, one per rule, in the order they are reported. */
export const MESH_CHECKS = [
  "mesh.non_empty",
  "mesh.3d",
  "mesh.indices",
  "mesh.finite",
  "mesh.degenerate_faces",
  "mesh.duplicate_vertices",
  "mesh.edge_manifold",
  "mesh.watertight",
  "mesh.self_intersection",
  "mesh.planar_faces",
  "mesh.winding",
  "mesh.outliers",
  "mesh.volume",
] as const;
export type MeshCheckName = (typeof MESH_CHECKS)[number];

/** Checks whose failure makes the answer malformed rather than a wrong solid. */
export const STRUCTURAL_CHECKS: ReadonlySet<string> = new Set([
  "mesh.non_empty",
  "mesh.3d",
  "mesh.indices",
  "mesh.finite",
]);

/** What the checks found: `mesh` (triangulated) and `volume` only when every check passed. */
export interface ValidityReport {
  checks: Check[];
  ok: boolean;
  triangles?: TriMesh;
  volume?: number;
}

/** Raw answers may hold anything an answer schema lets through; only the shape is assumed. */
export interface RawMesh {
  vertices: readonly (readonly number[])[];
  faces: readonly (readonly number[])[];
}

const check = (name: MeshCheckName, bad: string | undefined): Check =>
  bad === undefined ? { name, ok: true } : { name, ok: false, detail: bad };

const listed = <T>(items: readonly T[], what: string, show: (t: T) => string): string | undefined =>
  items.length === 0 ? undefined : `${items.length} ${what}, e.g. ${items.slice(0, 3).map(show).join("; ")}`;

const fmtPoint = (p: readonly number[]): string => `(${p.map((x) => +x.toFixed(6)).join(", ")})`;

/**
 * Runs every consistency check on a polygon mesh. When the structure is broken (empty, not 3D,
 * bad indices, non-finite coordinates) only those checks are reported: the rest cannot be computed.
 */
export function checkPolyhedron(raw: RawMesh, limits: ValidityLimits = DEFAULT_LIMITS): ValidityReport {
  const { vertices, faces } = raw;
  const structural = [
    check(
      "mesh.non_empty",
      vertices.length === 0 || faces.length === 0
        ? `${vertices.length} vertices and ${faces.length} faces (both must be non-empty)`
        : undefined,
    ),
    check(
      "mesh.3d",
      listed(
        vertices.map((v, i) => [i, v.length] as const).filter(([, n]) => n !== 3),
        "vertices without exactly 3 coordinates",
        ([i, n]) => `vertex ${i} has ${n}`,
      ),
    ),
    check(
      "mesh.indices",
      listed(
        faces.flatMap((f, fi) =>
          f.filter((i) => !Number.isInteger(i) || i < 0 || i >= vertices.length).map((i) => [fi, i] as const),
        ),
        `face indices outside 0…${vertices.length - 1} or not integers`,
        ([fi, i]) => `face ${fi} has ${i}`,
      ),
    ),
    check(
      "mesh.finite",
      listed(
        vertices.map((v, i) => [i, v] as const).filter(([, v]) => !v.every(Number.isFinite)),
        "vertices with a NaN or infinite coordinate",
        ([i, v]) => `vertex ${i} = [${v.join(", ")}]`,
      ),
    ),
  ];
  if (structural.some((c) => !c.ok)) return { checks: structural, ok: false };

  const mesh: PolyMesh = {
    vertices: vertices.map((v) => [v[0], v[1], v[2]] as Vec3),
    faces: faces.map((f) => [...f]),
  };
  const tri = triangulate(mesh);
  const edges = edgeReport(mesh.faces);
  const fans = nonManifoldVertices(mesh.faces);
  const volume = signedVolume(tri);
  const edgeLabel = ([a, b]: [number, number]) => `${a}–${b}`;
  const checks = [
    ...structural,
    check("mesh.degenerate_faces", degenerateFaces(mesh, limits.minFaceArea)),
    check("mesh.duplicate_vertices", duplicateVertices(mesh.vertices, limits.duplicateDistance)),
    check(
      "mesh.edge_manifold",
      listed(edges.nonManifold, "edges shared by more than two faces", edgeLabel) ??
        listed(fans, "vertices whose faces form more than one fan (solids touching at a point)", String),
    ),
    check("mesh.watertight", listed(edges.boundary, "edges used by one face only (holes)", edgeLabel)),
    check("mesh.self_intersection", selfIntersectionProblem(tri)),
    check("mesh.planar_faces", nonPlanarFaces(mesh, limits.planarTolerance)),
    check(
      "mesh.winding",
      listed(edges.misoriented, "edges run the same way by both faces (inconsistent winding)", edgeLabel) ??
        inwardShells(mesh, tri),
    ),
    check("mesh.outliers", outliers(mesh.vertices, limits.outlierDistance)),
    check(
      "mesh.volume",
      Math.abs(volume) > limits.minVolume
        ? undefined
        : `enclosed volume ${volume.toPrecision(4)} is not above ${limits.minVolume}`,
    ),
  ];
  const ok = checks.every((c) => c.ok);
  return ok ? { checks, ok, triangles: tri, volume } : { checks, ok };
}

function degenerateFaces(mesh: PolyMesh, minArea: number): string | undefined {
  const bad: string[] = [];
  mesh.faces.forEach((f, i) => {
    if (f.length < 3) bad.push(`face ${i} has ${f.length} vertices`);
    else if (new Set(f).size < f.length) bad.push(`face ${i} repeats a vertex`);
    else {
      const area = norm(newellNormal(f.map((v) => mesh.vertices[v] as Vec3))) / 2;
      if (area < minArea) bad.push(`face ${i} has area ${area.toExponential(2)}`);
    }
  });
  return listed(
    bad,
    `degenerate faces (fewer than 3 vertices, a repeated vertex, or area below ${minArea})`,
    String,
  );
}

/** Reports list at most this many near-duplicate vertex pairs (the search stops there). */
const MAX_DUPLICATES = 1000;

/** Pairs of vertices closer than `eps`, found through a hash grid of cell `eps`. */
function duplicateVertices(vertices: readonly Vec3[], eps: number): string | undefined {
  const cells = new Map<string, number[]>();
  const pairs: [number, number][] = [];
  for (let i = 0; i < vertices.length && pairs.length < MAX_DUPLICATES; i++) {
    const v = vertices[i] as Vec3;
    const cx = Math.floor(v[0] / eps);
    const cy = Math.floor(v[1] / eps);
    const cz = Math.floor(v[2] / eps);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++)
          for (const j of cells.get(`${cx + dx},${cy + dy},${cz + dz}`) ?? [])
            if (pairs.length < MAX_DUPLICATES && norm(sub(v, vertices[j] as Vec3)) < eps) pairs.push([j, i]);
    const k = `${cx},${cy},${cz}`;
    const list = cells.get(k);
    if (list) list.push(i);
    else cells.set(k, [i]);
  }
  return listed(
    pairs,
    `pairs of vertices closer than ${eps}${pairs.length >= MAX_DUPLICATES ? " (the search stopped there)" : ""}`,
    ([a, b]) => `${a} and ${b} at ${fmtPoint(vertices[a] as Vec3)}`,
  );
}

/** Vertices whose incident faces split into several edge-connected fans (solids touching at a point). */
export function nonManifoldVertices(faces: readonly (readonly number[])[]): number[] {
  // Union the face corners around each vertex that share an edge through it.
  const corners = new Map<number, Map<number, number>>(); // vertex → (neighbour → fan id)
  const parent: number[] = [];
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x] as number] as number;
    return x;
  };
  const cornerFan = new Map<number, number[]>();
  for (const f of faces)
    for (let i = 0; i < f.length; i++) {
      const v = f[i] as number;
      const id = parent.length;
      parent.push(id);
      const fan = cornerFan.get(v);
      if (fan) fan.push(id);
      else cornerFan.set(v, [id]);
      let around = corners.get(v);
      if (!around) {
        around = new Map<number, number>();
        corners.set(v, around);
      }
      for (const n of [f[(i + f.length - 1) % f.length] as number, f[(i + 1) % f.length] as number]) {
        const seen = around.get(n);
        if (seen === undefined) around.set(n, id);
        else parent[find(seen)] = find(id);
      }
    }
  const bad: number[] = [];
  for (const [v, ids] of cornerFan) {
    const root = find(ids[0] as number);
    if (ids.some((id) => find(id) !== root)) bad.push(v);
  }
  return bad;
}

function nonPlanarFaces(mesh: PolyMesh, tol: number): string | undefined {
  const bad: string[] = [];
  mesh.faces.forEach((f, i) => {
    if (f.length <= 3) return;
    const pts = f.map((v) => mesh.vertices[v] as Vec3);
    const n = newellNormal(pts);
    const len = norm(n);
    if (len === 0) return;
    const c = pts.reduce((s, p) => [s[0] + p[0], s[1] + p[1], s[2] + p[2]] as Vec3, [0, 0, 0]);
    const centre: Vec3 = [c[0] / pts.length, c[1] / pts.length, c[2] / pts.length];
    const off = Math.max(...pts.map((p) => Math.abs(dot(sub(p, centre), n)) / len));
    if (off > tol) bad.push(`face ${i} has a vertex ${off.toPrecision(3)} from its plane`);
  });
  return listed(bad, `non-planar faces (a vertex more than ${tol} from the face plane)`, String);
}

/** Work units (a box test or a winding-number term per probe) the shell check does at most. */
const MAX_WINDING_TERMS = 1_000_000;

/**
 * Every shell must wind outward (positive signed volume) unless it bounds a cavity: a point of an
 * outward shell lies outside all other shells (winding number 0), a point of a cavity's inward
 * shell lies inside exactly one (winding number 1). Only shells whose bounding box holds the
 * point can wind around it.
 */
function inwardShells(mesh: PolyMesh, tri: TriMesh): string | undefined {
  const shells = faceComponents(tri.triangles, mesh.vertices.length).map((ids) =>
    ids.map((i) => tri.triangles[i] as [number, number, number]),
  );
  const boxes = shells.map((s) => {
    const lo: Vec3 = [Infinity, Infinity, Infinity];
    const hi: Vec3 = [-Infinity, -Infinity, -Infinity];
    for (const t of s)
      for (const v of t)
        for (let k = 0; k < 3; k++) {
          const x = (mesh.vertices[v] as Vec3)[k] as number;
          if (x < (lo[k] as number)) lo[k] = x;
          if (x > (hi[k] as number)) hi[k] = x;
        }
    return { lo, hi };
  });
  const holds = (j: number, p: Vec3) => {
    const { lo, hi } = boxes[j] as { lo: Vec3; hi: Vec3 };
    return [0, 1, 2].every(
      (k) => (lo[k] as number) <= (p[k] as number) && (p[k] as number) <= (hi[k] as number),
    );
  };
  const bad: string[] = [];
  let terms = 0;
  for (const [i, s] of shells.entries()) {
    const v = signedVolume({ vertices: mesh.vertices, triangles: s });
    const probe = mesh.vertices[(s[0] as [number, number, number])[0]] as Vec3;
    // Each probe costs a box test per shell and a term per triangle of the shells around it.
    terms += shells.length;
    const around =
      terms > MAX_WINDING_TERMS ? [] : shells.filter((_, j) => j !== i && holds(j, probe)).flat();
    terms += around.length;
    if (terms > MAX_WINDING_TERMS)
      return `${shells.length} shells nest too deeply to check their winding (more than ${MAX_WINDING_TERMS.toLocaleString("en-US")} winding terms)`;
    const want = v >= 0 ? 0 : 1;
    if (Math.abs(windingNumber(mesh.vertices, around, probe) - want) > 0.5)
      bad.push(
        v >= 0
          ? `shell ${i} (${s.length} triangles) winds outward but lies inside another shell`
          : `shell ${i} (${s.length} triangles) encloses negative volume ${v.toPrecision(4)} (faces wind inward) and is not a cavity`,
      );
  }
  return listed(bad, "wrongly wound shells", String);
}

/** Generalised winding number of a closed triangle set around a point (1 inside, 0 outside). */
function windingNumber(
  vertices: readonly Vec3[],
  triangles: readonly [number, number, number][],
  p: Vec3,
): number {
  let total = 0;
  for (const [i, j, k] of triangles) {
    const a = sub(vertices[i] as Vec3, p);
    const b = sub(vertices[j] as Vec3, p);
    const c = sub(vertices[k] as Vec3, p);
    const la = norm(a);
    const lb = norm(b);
    const lc = norm(c);
    const den = la * lb * lc + dot(a, b) * lc + dot(b, c) * la + dot(c, a) * lb;
    total += 2 * Math.atan2(dot(a, cross(b, c)), den);
  }
  return total / (4 * Math.PI);
}

function outliers(vertices: readonly Vec3[], limit: number): string | undefined {
  const c = vertices.reduce((s, p) => [s[0] + p[0], s[1] + p[1], s[2] + p[2]] as Vec3, [0, 0, 0]);
  const centroid: Vec3 = [c[0] / vertices.length, c[1] / vertices.length, c[2] / vertices.length];
  const far = vertices.map((v, i) => [i, norm(sub(v, centroid))] as const).filter(([, d]) => d > limit);
  return listed(
    far,
    `vertices more than ${limit} from the centroid ${fmtPoint(centroid)}`,
    ([i, d]) => `vertex ${i} at distance ${d.toFixed(2)}`,
  );
}

// ---- self-intersection -------------------------------------------------------------------
// Hot paths below create no closures: under tsx every closure creation costs a naming call.

/** Four points on one axis-aligned plane: coplanar, known without the predicate's slow exact path. */
const onAxisPlane = (a: Vec3, b: Vec3, c: Vec3, d: Vec3): boolean =>
  (a[0] === b[0] && a[0] === c[0] && a[0] === d[0]) ||
  (a[1] === b[1] && a[1] === c[1] && a[1] === d[1]) ||
  (a[2] === b[2] && a[2] === c[2] && a[2] === d[2]);

const o3 = (a: Vec3, b: Vec3, c: Vec3, d: Vec3): number =>
  onAxisPlane(a, b, c, d)
    ? 0
    : orient3d(a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2], d[0], d[1], d[2]);

/** The two coordinates kept when a plane with this normal is projected along its dominant axis. */
type Axis = 0 | 1 | 2;
function dropAxis(n: Vec3): [Axis, Axis] {
  const ax = Math.abs(n[0]);
  const ay = Math.abs(n[1]);
  const az = Math.abs(n[2]);
  return ax >= ay && ax >= az ? [1, 2] : ay >= az ? [2, 0] : [0, 1];
}

const o2 = (u: Axis, v: Axis, a: Vec3, b: Vec3, c: Vec3): number =>
  orient2d(a[u], a[v], b[u], b[v], c[u], c[v]);

/** Closed segments ab and cd in a plane (projected on u, v) share a point. */
const segmentsMeet2 = (u: Axis, v: Axis, a: Vec3, b: Vec3, c: Vec3, d: Vec3): boolean =>
  segmentsMeet([a[u], a[v]], [b[u], b[v]], [c[u], c[v]], [d[u], d[v]]);

/** Point p (coplanar) lies in the closed triangle pqr, projected on u, v. */
function inTriangle2(u: Axis, v: Axis, p: Vec3, a: Vec3, b: Vec3, c: Vec3): boolean {
  const s1 = o2(u, v, a, b, p);
  const s2 = o2(u, v, b, c, p);
  const s3 = o2(u, v, c, a, p);
  return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
}

/** The closed segment ab meets the closed triangle pqr (exact, degenerate triangles excluded). */
export function segmentTriangle(a: Vec3, b: Vec3, p: Vec3, q: Vec3, r: Vec3): boolean {
  const sa = o3(p, q, r, a);
  const sb = o3(p, q, r, b);
  if ((sa > 0 && sb > 0) || (sa < 0 && sb < 0)) return false;
  if (sa === 0 && sb === 0) {
    const [u, v] = dropAxis(cross(sub(q, p), sub(r, p)));
    return (
      inTriangle2(u, v, a, p, q, r) ||
      segmentsMeet2(u, v, a, b, p, q) ||
      segmentsMeet2(u, v, a, b, q, r) ||
      segmentsMeet2(u, v, a, b, r, p)
    );
  }
  // The line ab crosses the plane inside the segment; it hits the triangle when it passes all three edges on one side.
  const e1 = o3(a, b, p, q);
  const e2 = o3(a, b, q, r);
  const e3 = o3(a, b, r, p);
  return (e1 >= 0 && e2 >= 0 && e3 >= 0) || (e1 <= 0 && e2 <= 0 && e3 <= 0);
}

const sameStrictSign = (x: number, y: number, z: number): boolean =>
  (x > 0 && y > 0 && z > 0) || (x < 0 && y < 0 && z < 0);

/** p, q, r all lie strictly on the side of line ef away from `inward` (the sign of the triangle's own corner). */
const beyond = (u: Axis, v: Axis, inward: number, e: Vec3, f: Vec3, p: Vec3, q: Vec3, r: Vec3): boolean =>
  inward * o2(u, v, e, f, p) < 0 && inward * o2(u, v, e, f, q) < 0 && inward * o2(u, v, e, f, r) < 0;

/** Some edge line of triangle abc (projected on u, v) has all of p, q, r strictly on its outer side. */
function edgeSeparates(u: Axis, v: Axis, a: Vec3, b: Vec3, c: Vec3, p: Vec3, q: Vec3, r: Vec3): boolean {
  const inward = o2(u, v, a, b, c) > 0 ? 1 : -1;
  return (
    beyond(u, v, inward, a, b, p, q, r) ||
    beyond(u, v, inward, b, c, p, q, r) ||
    beyond(u, v, inward, c, a, p, q, r)
  );
}

/** Coplanar closed triangles meet unless an edge line of one separates them (2D separating axes). */
function coplanarMeet(a: Vec3, b: Vec3, c: Vec3, p: Vec3, q: Vec3, r: Vec3): boolean {
  const [u, v] = dropAxis(cross(sub(b, a), sub(c, a)));
  return !edgeSeparates(u, v, a, b, c, p, q, r) && !edgeSeparates(u, v, p, q, r, a, b, c);
}

function meet(a: Vec3, b: Vec3, c: Vec3, p: Vec3, q: Vec3, r: Vec3): boolean {
  const sp = o3(a, b, c, p);
  const sq = o3(a, b, c, q);
  const sr = o3(a, b, c, r);
  if (sp === 0 && sq === 0 && sr === 0) return coplanarMeet(a, b, c, p, q, r);
  // One triangle wholly on one side of the other's plane: apart.
  if (sameStrictSign(sp, sq, sr) || sameStrictSign(o3(p, q, r, a), o3(p, q, r, b), o3(p, q, r, c)))
    return false;
  return (
    segmentTriangle(a, b, p, q, r) ||
    segmentTriangle(b, c, p, q, r) ||
    segmentTriangle(c, a, p, q, r) ||
    segmentTriangle(p, q, a, b, c) ||
    segmentTriangle(q, r, a, b, c) ||
    segmentTriangle(r, p, a, b, c)
  );
}

/** Two closed triangles share a point: then an edge of one meets the other. */
export function trianglesMeet(t1: readonly Vec3[], t2: readonly Vec3[]): boolean {
  return meet(t1[0] as Vec3, t1[1] as Vec3, t1[2] as Vec3, t2[0] as Vec3, t2[1] as Vec3, t2[2] as Vec3);
}

/** The triangle's edge vectors are parallel (zero area), computed without allocating. */
function isDegenerate(a: Vec3, b: Vec3, c: Vec3): boolean {
  const ux = b[0] - a[0];
  const uy = b[1] - a[1];
  const uz = b[2] - a[2];
  const vx = c[0] - a[0];
  const vy = c[1] - a[1];
  const vz = c[2] - a[2];
  return uy * vz - uz * vy === 0 && uz * vx - ux * vz === 0 && ux * vy - uy * vx === 0;
}

/** Position (0–2) of vertex v in triangle t, −1 when absent. */
const slot = (t: readonly number[], v: number): number =>
  t[0] === v ? 0 : t[1] === v ? 1 : t[2] === v ? 2 : -1;

/**
 * Whether two triangles of one mesh cross, given the vertex indices they share: apart, they
 * must not touch at all; sharing a vertex, they may meet only there; sharing an edge, they
 * may meet only along it (they cross when folded flat onto each other).
 */
export function trianglesCross(mesh: TriMesh, i: number, j: number): boolean {
  const V = mesh.vertices;
  const ti = mesh.triangles[i] as [number, number, number];
  const tj = mesh.triangles[j] as [number, number, number];
  const a = V[ti[0]] as Vec3;
  const b = V[ti[1]] as Vec3;
  const c = V[ti[2]] as Vec3;
  const p = V[tj[0]] as Vec3;
  const q = V[tj[1]] as Vec3;
  const r = V[tj[2]] as Vec3;
  if (isDegenerate(a, b, c) || isDegenerate(p, q, r)) return false;
  const s0 = slot(tj, ti[0]);
  const s1 = slot(tj, ti[1]);
  const s2 = slot(tj, ti[2]);
  const shared = (s0 >= 0 ? 1 : 0) + (s1 >= 0 ? 1 : 0) + (s2 >= 0 ? 1 : 0);
  if (shared === 0) return meet(a, b, c, p, q, r);
  if (shared === 3) return true;
  // Rotate both triangles so that their unshared corners come last: ti = (x, y, z), tj = (x', y', z').
  const ki = shared === 1 ? (s0 >= 0 ? 0 : s1 >= 0 ? 1 : 2) : s0 < 0 ? 1 : s1 < 0 ? 2 : 0;
  const kj = slot(tj, ti[ki] as number);
  const x = V[ti[ki] as number] as Vec3;
  const y = V[ti[(ki + 1) % 3] as number] as Vec3;
  const z = V[ti[(ki + 2) % 3] as number] as Vec3;
  const y2 = V[tj[(kj + 1) % 3] as number] as Vec3;
  const z2 = V[tj[(kj + 2) % 3] as number] as Vec3;
  if (shared === 1) return segmentTriangle(y, z, p, q, r) || segmentTriangle(y2, z2, a, b, c);
  // Sharing edge x–y (the other triangle runs it as x–z2 or y2–x): each has one unshared corner.
  const w = y;
  const far1 = z;
  const far2 = ti[(ki + 1) % 3] === tj[(kj + 1) % 3] ? z2 : y2;
  if (o3(x, w, far1, far2) !== 0) return false;
  const [u, v] = dropAxis(cross(sub(w, x), sub(far1, x)));
  const sa = o2(u, v, x, w, far1);
  const sb = o2(u, v, x, w, far2);
  return (sa > 0 && sb > 0) || (sa < 0 && sb < 0);
}

/**
 * Work a self-intersection search may do before it gives up, consumed as it goes (one budget can
 * be shared by several meshes). Candidates are grid-cell entries and same-cell triangle pairs,
 * counted before any is examined (about 40 ns each); tests are exact triangle-pair tests
 * (0.1–2 µs each).
 */
export interface CrossingBudget {
  candidates: number;
  tests: number;
}
/**
 * The budget for meshes of `triangles` triangles in all: a fixed allowance plus one per triangle,
 * so the work stays linear in the input. Real solids use a fraction of it (manifold-3d's own
 * triangulations of the interlocking cage, refined to 16,000 triangles, need about 100 candidates
 * and 10 tests per triangle); only bounding boxes piled on each other run out.
 */
export const crossingBudget = (triangles: number): CrossingBudget => ({
  candidates: 2_000_000 + 200 * triangles,
  tests: 200_000 + 20 * triangles,
});

export interface Crossings {
  /** Crossing pairs found, at most the limit asked for. */
  pairs: [number, number][];
  /**
   * The budget ran out before every candidate pair was examined: the triangles' bounding boxes
   * overlap far more than a real solid's do.
   */
  exhausted: boolean;
}

/** Pairs of crossing triangles, found through a uniform grid over their bounding boxes, within a work budget. */
export function findCrossings(
  mesh: TriMesh,
  limit = 10,
  budget: CrossingBudget = crossingBudget(mesh.triangles.length),
): Crossings {
  const n = mesh.triangles.length;
  const V = mesh.vertices;
  const lo = new Float64Array(3 * n);
  const hi = new Float64Array(3 * n);
  const gmin = [Infinity, Infinity, Infinity];
  const gmax = [-Infinity, -Infinity, -Infinity];
  let extent = 0;
  for (let i = 0; i < n; i++) {
    const t = mesh.triangles[i] as [number, number, number];
    const a = V[t[0]] as Vec3;
    const b = V[t[1]] as Vec3;
    const c = V[t[2]] as Vec3;
    for (let k = 0; k < 3; k++) {
      const l = Math.min(a[k] as number, b[k] as number, c[k] as number);
      const h = Math.max(a[k] as number, b[k] as number, c[k] as number);
      lo[3 * i + k] = l;
      hi[3 * i + k] = h;
      if (l < (gmin[k] as number)) gmin[k] = l;
      if (h > (gmax[k] as number)) gmax[k] = h;
      extent += h - l;
    }
  }
  const span = Math.max(...[0, 1, 2].map((k) => (gmax[k] as number) - (gmin[k] as number)), 1e-12);
  // Cells about twice the mean triangle size, at most 64 per axis.
  const cell = Math.max(span / 64, (2 * extent) / Math.max(1, 3 * n), 1e-12);
  const dims = [0, 1, 2].map((k) => Math.floor(((gmax[k] as number) - (gmin[k] as number)) / cell) + 1) as [
    number,
    number,
    number,
  ];
  const at = (k: number, x: number) =>
    Math.min((dims[k] as number) - 1, Math.max(0, Math.floor((x - (gmin[k] as number)) / cell)));
  const cellId = (x: number, y: number, z: number) => x + dims[0] * (y + dims[1] * z);
  const gaveUp: Crossings = { pairs: [], exhausted: true };
  // Both the grid's filling and the pairs it yields are counted before any is done.
  for (let i = 0; i < n; i++) {
    let cells = 1;
    for (let k = 0; k < 3; k++) cells *= at(k, hi[3 * i + k] as number) - at(k, lo[3 * i + k] as number) + 1;
    budget.candidates -= cells;
    if (budget.candidates < 0) return gaveUp;
  }
  const grid = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const x0 = at(0, lo[3 * i] as number);
    const x1 = at(0, hi[3 * i] as number);
    const y0 = at(1, lo[3 * i + 1] as number);
    const y1 = at(1, hi[3 * i + 1] as number);
    const z0 = at(2, lo[3 * i + 2] as number);
    const z1 = at(2, hi[3 * i + 2] as number);
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++)
        for (let z = z0; z <= z1; z++) {
          const id = cellId(x, y, z);
          const list = grid.get(id);
          if (list) list.push(i);
          else grid.set(id, [i]);
        }
  }
  for (const list of grid.values()) budget.candidates -= (list.length * (list.length - 1)) / 2;
  if (budget.candidates < 0) return gaveUp;
  const found: [number, number][] = [];
  for (const [id, list] of grid) {
    for (let s = 0; s < list.length; s++)
      for (let t = s + 1; t < list.length; t++) {
        const i = list[s] as number;
        const j = list[t] as number;
        // Each pair is tested once: in the cell holding the low corner of the boxes' overlap.
        const ax = Math.max(lo[3 * i] as number, lo[3 * j] as number);
        const ay = Math.max(lo[3 * i + 1] as number, lo[3 * j + 1] as number);
        const az = Math.max(lo[3 * i + 2] as number, lo[3 * j + 2] as number);
        if (
          ax > Math.min(hi[3 * i] as number, hi[3 * j] as number) ||
          ay > Math.min(hi[3 * i + 1] as number, hi[3 * j + 1] as number) ||
          az > Math.min(hi[3 * i + 2] as number, hi[3 * j + 2] as number) ||
          cellId(at(0, ax), at(1, ay), at(2, az)) !== id
        )
          continue;
        if (--budget.tests < 0) return { pairs: found, exhausted: true };
        if (trianglesCross(mesh, i, j)) {
          found.push(i < j ? [i, j] : [j, i]);
          if (found.length >= limit) return { pairs: found, exhausted: false };
        }
      }
  }
  return { pairs: found, exhausted: false };
}

/** Why a triangle mesh fails the self-intersection rule, undefined when it passes. */
export function selfIntersectionProblem(
  tri: TriMesh,
  budget: CrossingBudget = crossingBudget(tri.triangles.length),
): string | undefined {
  const { pairs, exhausted } = findCrossings(tri, 10, budget);
  const found = listed(pairs, "pairs of triangles crossing (after triangulating the faces)", ([i, j]) => {
    const t = (k: number) => (tri.triangles[k] as number[]).join(",");
    return `triangles [${t(i)}] and [${t(j)}]`;
  });
  if (found !== undefined || !exhausted) return found;
  return "not checkable: the triangles' bounding boxes overlap so much that the self-intersection search ran past its work budget (no real solid comes close)";
}
