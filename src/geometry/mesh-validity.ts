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
  const fans = nonManifoldVertices(mesh);
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
    check("mesh.self_intersection", selfIntersection(tri)),
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

/** Pairs of vertices closer than `eps`, found through a hash grid of cell `eps`. */
function duplicateVertices(vertices: readonly Vec3[], eps: number): string | undefined {
  const cells = new Map<string, number[]>();
  const key = (x: number, y: number, z: number) => `${x},${y},${z}`;
  const pairs: [number, number][] = [];
  vertices.forEach((v, i) => {
    const c = v.map((x) => Math.floor(x / eps)) as Vec3;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++)
          for (const j of cells.get(key(c[0] + dx, c[1] + dy, c[2] + dz)) ?? [])
            if (norm(sub(v, vertices[j] as Vec3)) < eps) pairs.push([j, i]);
    const k = key(...c);
    cells.set(k, [...(cells.get(k) ?? []), i]);
  });
  return listed(
    pairs,
    `pairs of vertices closer than ${eps}`,
    ([a, b]) => `${a} and ${b} at ${fmtPoint(vertices[a] as Vec3)}`,
  );
}

/** Vertices whose incident faces split into several edge-connected fans. */
function nonManifoldVertices(mesh: PolyMesh): number[] {
  // Union the face corners around each vertex that share an edge through it.
  const corners = new Map<number, Map<number, number>>(); // vertex → (neighbour → fan id)
  const parent: number[] = [];
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x] as number] as number;
    return x;
  };
  const cornerFan = new Map<number, number[]>();
  mesh.faces.forEach((f) => {
    for (let i = 0; i < f.length; i++) {
      const v = f[i] as number;
      const id = parent.length;
      parent.push(id);
      cornerFan.set(v, [...(cornerFan.get(v) ?? []), id]);
      const around = corners.get(v) ?? new Map<number, number>();
      corners.set(v, around);
      for (const n of [f[(i + f.length - 1) % f.length] as number, f[(i + 1) % f.length] as number]) {
        const seen = around.get(n);
        if (seen === undefined) around.set(n, id);
        else parent[find(seen)] = find(id);
      }
    }
  });
  const bad: number[] = [];
  for (const [v, ids] of cornerFan) if (new Set(ids.map(find)).size > 1) bad.push(v);
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

/**
 * Every shell must wind outward (positive signed volume) unless it bounds a cavity: a point of an
 * outward shell lies outside all other shells (winding number 0), a point of a cavity's inward
 * shell lies inside exactly one (winding number 1).
 */
function inwardShells(mesh: PolyMesh, tri: TriMesh): string | undefined {
  const shells = faceComponents(tri.triangles, mesh.vertices.length).map((ids) =>
    ids.map((i) => tri.triangles[i] as [number, number, number]),
  );
  const bad: string[] = [];
  shells.forEach((s, i) => {
    const v = signedVolume({ vertices: mesh.vertices, triangles: s });
    const probe = mesh.vertices[(s[0] as [number, number, number])[0]] as Vec3;
    const around =
      shells.length === 1 ? 0 : windingNumber(mesh.vertices, shells.filter((_, j) => j !== i).flat(), probe);
    const want = v >= 0 ? 0 : 1;
    if (Math.abs(around - want) > 0.5)
      bad.push(
        v >= 0
          ? `shell ${i} (${s.length} triangles) winds outward but lies inside another shell`
          : `shell ${i} (${s.length} triangles) encloses negative volume ${v.toPrecision(4)} (faces wind inward) and is not a cavity`,
      );
  });
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

const o3 = (a: Vec3, b: Vec3, c: Vec3, d: Vec3): number =>
  orient3d(a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2], d[0], d[1], d[2]);

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
function segmentsMeet2(u: Axis, v: Axis, a: Vec3, b: Vec3, c: Vec3, d: Vec3): boolean {
  const d1 = o2(u, v, a, b, c);
  const d2 = o2(u, v, a, b, d);
  const d3 = o2(u, v, c, d, a);
  const d4 = o2(u, v, c, d, b);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const within = (p: Vec3, q: Vec3, r: Vec3) =>
    Math.min(p[u], q[u]) <= r[u] &&
    r[u] <= Math.max(p[u], q[u]) &&
    Math.min(p[v], q[v]) <= r[v] &&
    r[v] <= Math.max(p[v], q[v]);
  return (
    (d1 === 0 && within(a, b, c)) ||
    (d2 === 0 && within(a, b, d)) ||
    (d3 === 0 && within(c, d, a)) ||
    (d4 === 0 && within(c, d, b))
  );
}

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

/** Two closed triangles share a point: then an edge of one meets the other. */
export function trianglesMeet(t1: readonly Vec3[], t2: readonly Vec3[]): boolean {
  const [a, b, c] = t1 as [Vec3, Vec3, Vec3];
  const [p, q, r] = t2 as [Vec3, Vec3, Vec3];
  return (
    segmentTriangle(a, b, p, q, r) ||
    segmentTriangle(b, c, p, q, r) ||
    segmentTriangle(c, a, p, q, r) ||
    segmentTriangle(p, q, a, b, c) ||
    segmentTriangle(q, r, a, b, c) ||
    segmentTriangle(r, p, a, b, c)
  );
}

const isDegenerate = (t: readonly Vec3[]): boolean =>
  norm(cross(sub(t[1] as Vec3, t[0] as Vec3), sub(t[2] as Vec3, t[0] as Vec3))) === 0;

/**
 * Whether two triangles of one mesh cross, given the vertex indices they share: apart, they
 * must not touch at all; sharing a vertex, they may meet only there; sharing an edge, they
 * may meet only along it (they cross when folded flat onto each other).
 */
export function trianglesCross(mesh: TriMesh, i: number, j: number): boolean {
  const ti = mesh.triangles[i] as [number, number, number];
  const tj = mesh.triangles[j] as [number, number, number];
  const pi = ti.map((v) => mesh.vertices[v] as Vec3);
  const pj = tj.map((v) => mesh.vertices[v] as Vec3);
  if (isDegenerate(pi) || isDegenerate(pj)) return false;
  const shared = ti.filter((v) => tj.includes(v));
  if (shared.length === 0) return trianglesMeet(pi, pj);
  if (shared.length === 3) return true;
  const rest = (t: [number, number, number]) => t.filter((v) => !shared.includes(v));
  const P = (v: number) => mesh.vertices[v] as Vec3;
  if (shared.length === 1) {
    const [a, b] = rest(ti) as [number, number];
    const [c, d] = rest(tj) as [number, number];
    return (
      segmentTriangle(P(a), P(b), pj[0] as Vec3, pj[1] as Vec3, pj[2] as Vec3) ||
      segmentTriangle(P(c), P(d), pi[0] as Vec3, pi[1] as Vec3, pi[2] as Vec3)
    );
  }
  const [v, w] = shared.map(P) as [Vec3, Vec3];
  const a = P(rest(ti)[0] as number);
  const b = P(rest(tj)[0] as number);
  if (o3(v, w, a, b) !== 0) return false;
  const [u, x] = dropAxis(cross(sub(w, v), sub(a, v)));
  const sa = o2(u, x, v, w, a);
  const sb = o2(u, x, v, w, b);
  return (sa > 0 && sb > 0) || (sa < 0 && sb < 0);
}

/** Pairs of crossing triangles, found through a uniform grid over their bounding boxes. */
export function crossingPairs(mesh: TriMesh, limit = 10): [number, number][] {
  const n = mesh.triangles.length;
  const lo = new Float64Array(3 * n);
  const hi = new Float64Array(3 * n);
  const gmin = [Infinity, Infinity, Infinity];
  const gmax = [-Infinity, -Infinity, -Infinity];
  let extent = 0;
  mesh.triangles.forEach((t, i) => {
    for (let k = 0; k < 3; k++) {
      const xs = t.map((v) => (mesh.vertices[v] as Vec3)[k] as number);
      lo[3 * i + k] = Math.min(...xs);
      hi[3 * i + k] = Math.max(...xs);
      gmin[k] = Math.min(gmin[k] as number, lo[3 * i + k] as number);
      gmax[k] = Math.max(gmax[k] as number, hi[3 * i + k] as number);
      extent += (hi[3 * i + k] as number) - (lo[3 * i + k] as number);
    }
  });
  const span = Math.max(...[0, 1, 2].map((k) => (gmax[k] as number) - (gmin[k] as number)), 1e-12);
  // Cells about twice the mean triangle size, at most 64 per axis.
  const cell = Math.max(span / 64, (2 * extent) / Math.max(1, 3 * n), 1e-12);
  const dims = [0, 1, 2].map((k) => Math.floor(((gmax[k] as number) - (gmin[k] as number)) / cell) + 1);
  const at = (k: number, x: number) =>
    Math.min((dims[k] as number) - 1, Math.max(0, Math.floor((x - (gmin[k] as number)) / cell)));
  const grid = new Map<number, number[]>();
  const cellId = (x: number, y: number, z: number) => x + (dims[0] as number) * (y + (dims[1] as number) * z);
  for (let i = 0; i < n; i++)
    for (let x = at(0, lo[3 * i] as number); x <= at(0, hi[3 * i] as number); x++)
      for (let y = at(1, lo[3 * i + 1] as number); y <= at(1, hi[3 * i + 1] as number); y++)
        for (let z = at(2, lo[3 * i + 2] as number); z <= at(2, hi[3 * i + 2] as number); z++) {
          const id = cellId(x, y, z);
          const list = grid.get(id);
          if (list) list.push(i);
          else grid.set(id, [i]);
        }
  const found: [number, number][] = [];
  for (const [id, list] of grid) {
    for (let s = 0; s < list.length; s++)
      for (let t = s + 1; t < list.length; t++) {
        const i = list[s] as number;
        const j = list[t] as number;
        let overlap = true;
        const corner = [0, 0, 0];
        for (let k = 0; k < 3 && overlap; k++) {
          const a = Math.max(lo[3 * i + k] as number, lo[3 * j + k] as number);
          overlap = a <= Math.min(hi[3 * i + k] as number, hi[3 * j + k] as number);
          corner[k] = at(k, a);
        }
        // Each pair is tested once: in the cell holding the low corner of the boxes' overlap.
        if (!overlap || cellId(corner[0] as number, corner[1] as number, corner[2] as number) !== id)
          continue;
        if (trianglesCross(mesh, i, j)) {
          found.push(i < j ? [i, j] : [j, i]);
          if (found.length >= limit) return found;
        }
      }
  }
  return found;
}

function selfIntersection(tri: TriMesh): string | undefined {
  return listed(
    crossingPairs(tri),
    "pairs of triangles crossing (after triangulating the faces)",
    ([i, j]) => {
      const t = (k: number) => (tri.triangles[k] as number[]).join(",");
      return `triangles [${t(i)}] and [${t(j)}]`;
    },
  );
}
