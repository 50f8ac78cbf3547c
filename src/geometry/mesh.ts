import { kernel, type Manifold } from "./manifold.ts";

export type Vec3 = [number, number, number];

/** A polyhedron as OpenSCAD writes one: faces are vertex-index polygons, counter-clockwise seen from outside. */
export interface PolyMesh {
  vertices: Vec3[];
  faces: number[][];
}

export interface TriMesh {
  vertices: Vec3[];
  triangles: [number, number, number][];
}

export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const norm = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);

/** Newell's normal of a polygon: its direction is the face normal, its length twice the area. */
export function newellNormal(points: readonly Vec3[]): Vec3 {
  const n: Vec3 = [0, 0, 0];
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as Vec3;
    const q = points[(i + 1) % points.length] as Vec3;
    n[0] += (p[1] - q[1]) * (p[2] + q[2]);
    n[1] += (p[2] - q[2]) * (p[0] + q[0]);
    n[2] += (p[0] - q[0]) * (p[1] + q[1]);
  }
  return n;
}

/**
 * Ear-clipping of one planar polygon (convex or not), keeping its winding. Returns triangles of
 * positions into `points`; a polygon with no ear (degenerate or self-crossing) is fanned.
 */
export function triangulatePolygon(points: readonly Vec3[]): [number, number, number][] {
  const n = points.length;
  if (n < 3) return [];
  if (n === 3) return [[0, 1, 2]];
  const normal = newellNormal(points);
  // Drop the axis the normal leans on most; the sign keeps counter-clockwise counter-clockwise.
  const axis = [0, 1, 2].reduce(
    (best, a) => (Math.abs(normal[a] as number) > Math.abs(normal[best] as number) ? a : best),
    0,
  );
  const [u, v] = axis === 0 ? [1, 2] : axis === 1 ? [2, 0] : [0, 1];
  const flip = (normal[axis] as number) < 0 ? -1 : 1;
  const p2 = points.map((p) => [p[u as number] as number, (p[v as number] as number) * flip] as const);
  const area2 = (a: number, b: number, c: number): number => {
    const [ax, ay] = p2[a] as readonly [number, number];
    const [bx, by] = p2[b] as readonly [number, number];
    const [cx, cy] = p2[c] as readonly [number, number];
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  };
  const ring = Array.from({ length: n }, (_, i) => i);
  const out: [number, number, number][] = [];
  const corner = (i: number): [number, number, number] => [
    ring[(i + ring.length - 1) % ring.length] as number,
    ring[i] as number,
    ring[(i + 1) % ring.length] as number,
  ];
  // Only reflex corners can lie inside an ear, so only they are tested (a convex face costs O(n²) in all).
  const reflex = new Set<number>();
  ring.forEach((_, i) => {
    const [a, b, c] = corner(i);
    if (area2(a, b, c) <= 0) reflex.add(b);
  });
  let i = 0;
  let misses = 0;
  while (ring.length > 3 && misses < ring.length) {
    i %= ring.length;
    const [a, b, c] = corner(i);
    let ear = !reflex.has(b);
    if (ear)
      for (const p of reflex)
        if (p !== a && p !== c && area2(a, b, p) >= 0 && area2(b, c, p) >= 0 && area2(c, a, p) >= 0) {
          ear = false;
          break;
        }
    if (!ear) {
      i++;
      misses++;
      continue;
    }
    out.push([a, b, c]);
    ring.splice(i, 1);
    misses = 0;
    for (const j of [i - 1, i]) {
      const k = (j + ring.length) % ring.length;
      const [p, q, r] = corner(k);
      if (area2(p, q, r) <= 0) reflex.add(q);
      else reflex.delete(q);
    }
    i = Math.max(0, i - 1);
  }
  for (let i = 1; i + 1 < ring.length; i++)
    out.push([ring[0] as number, ring[i] as number, ring[i + 1] as number]);
  return out;
}

/** Triangulates every face (indices into the shared vertex list). */
export function triangulate(mesh: PolyMesh): TriMesh {
  const triangles: [number, number, number][] = [];
  for (const face of mesh.faces) {
    const pts = face.map((i) => mesh.vertices[i] as Vec3);
    for (const [a, b, c] of triangulatePolygon(pts))
      triangles.push([face[a] as number, face[b] as number, face[c] as number]);
  }
  return { vertices: mesh.vertices, triangles };
}

export interface EdgeReport {
  /** Edges used by one face only: holes in the surface. */
  boundary: [number, number][];
  /** Edges shared by more than two faces. */
  nonManifold: [number, number][];
  /** Edges whose two faces run them the same way: the faces disagree on which side is out. */
  misoriented: [number, number][];
}

/** How the faces' edges pair up. A closed, consistently wound 2-manifold has none of the three kinds. */
export function edgeReport(faces: readonly (readonly number[])[]): EdgeReport {
  const uses = new Map<string, { a: number; b: number; forward: number; backward: number }>();
  for (const face of faces)
    for (let i = 0; i < face.length; i++) {
      const p = face[i] as number;
      const q = face[(i + 1) % face.length] as number;
      const [a, b] = p < q ? [p, q] : [q, p];
      const key = `${a},${b}`;
      const entry = uses.get(key) ?? { a, b, forward: 0, backward: 0 };
      if (p < q) entry.forward++;
      else entry.backward++;
      uses.set(key, entry);
    }
  const report: EdgeReport = { boundary: [], nonManifold: [], misoriented: [] };
  for (const { a, b, forward, backward } of uses.values()) {
    const total = forward + backward;
    if (total === 1) report.boundary.push([a, b]);
    else if (total > 2) report.nonManifold.push([a, b]);
    else if (forward !== 1) report.misoriented.push([a, b]);
  }
  return report;
}

/** Groups of faces joined through shared vertices (each group lists face indices). */
export function faceComponents(faces: readonly (readonly number[])[], vertexCount: number): number[][] {
  const parent = Array.from({ length: vertexCount }, (_, i) => i);
  const find = (x: number): number => {
    let r = x;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[x] !== r) {
      const next = parent[x] as number;
      parent[x] = r;
      x = next;
    }
    return r;
  };
  for (const face of faces)
    for (let i = 1; i < face.length; i++) {
      const a = find(face[0] as number);
      const b = find(face[i] as number);
      if (a !== b) parent[a] = b;
    }
  const groups = new Map<number, number[]>();
  faces.forEach((face, i) => {
    const root = find(face[0] as number);
    const group = groups.get(root) ?? [];
    group.push(i);
    groups.set(root, group);
  });
  return [...groups.values()];
}

/** Signed volume by the divergence theorem (positive when faces wind counter-clockwise from outside). */
export function signedVolume(mesh: TriMesh): number {
  // Measured from the first vertex rather than the origin, to keep the terms small.
  const o = mesh.vertices[0];
  if (!o) return 0;
  let six = 0;
  for (const [i, j, k] of mesh.triangles) {
    const a = sub(mesh.vertices[i] as Vec3, o);
    const b = sub(mesh.vertices[j] as Vec3, o);
    const c = sub(mesh.vertices[k] as Vec3, o);
    six += dot(a, cross(b, c));
  }
  return six / 6;
}

export function surfaceArea(mesh: TriMesh): number {
  let twice = 0;
  for (const [i, j, k] of mesh.triangles) {
    const a = mesh.vertices[i] as Vec3;
    twice += norm(cross(sub(mesh.vertices[j] as Vec3, a), sub(mesh.vertices[k] as Vec3, a)));
  }
  return twice / 2;
}

/**
 * The mesh as a manifold-3d solid (the caller deletes it). Throws the kernel's error when the
 * triangles are not a closed oriented 2-manifold. Positions become float32, as the kernel keeps them.
 */
export function toManifold(mesh: TriMesh): Manifold {
  const vertProperties = new Float32Array(mesh.vertices.length * 3);
  mesh.vertices.forEach((v, i) => {
    vertProperties.set(v, i * 3);
  });
  const triVerts = new Uint32Array(mesh.triangles.length * 3);
  mesh.triangles.forEach((t, i) => {
    triVerts.set(t, i * 3);
  });
  const m = new kernel.Mesh({ numProp: 3, vertProperties, triVerts });
  m.merge();
  return new kernel.Manifold(m);
}

/** A manifold-3d solid's triangles as plain data. */
export function fromManifold(solid: Manifold): TriMesh {
  const m = solid.getMesh();
  const vertices: Vec3[] = [];
  for (let i = 0; i < m.numVert; i++) {
    const p = m.position(i);
    vertices.push([p[0] as number, p[1] as number, p[2] as number]);
  }
  const triangles: [number, number, number][] = [];
  for (let t = 0; t < m.numTri; t++) {
    const v = m.verts(t);
    triangles.push([v[0] as number, v[1] as number, v[2] as number]);
  }
  return { vertices, triangles };
}

/** A 4×4 affine transform, row-major: p' = M·[x y z 1]. */
export type Mat4Rows = [
  [number, number, number, number],
  [number, number, number, number],
  [number, number, number, number],
  [number, number, number, number],
];

export function transformPoint(m: Mat4Rows, p: Vec3): Vec3 {
  const [r0, r1, r2] = m;
  return [
    r0[0] * p[0] + r0[1] * p[1] + r0[2] * p[2] + r0[3],
    r1[0] * p[0] + r1[1] * p[1] + r1[2] * p[2] + r1[3],
    r2[0] * p[0] + r2[1] * p[1] + r2[2] * p[2] + r2[3],
  ];
}

/** Applies a transform; a mirroring one (negative determinant) has its triangles turned to stay outward. */
export function transformMesh(mesh: TriMesh, m: Mat4Rows): TriMesh {
  const [r0, r1, r2] = m;
  const det =
    r0[0] * (r1[1] * r2[2] - r1[2] * r2[1]) -
    r0[1] * (r1[0] * r2[2] - r1[2] * r2[0]) +
    r0[2] * (r1[0] * r2[1] - r1[1] * r2[0]);
  return {
    vertices: mesh.vertices.map((v) => transformPoint(m, v)),
    triangles: det < 0 ? mesh.triangles.map(([a, b, c]) => [a, c, b]) : mesh.triangles,
  };
}

/** Binary STL (little-endian, float32), the format slicers and viewers read. */
export function stlBinary(mesh: TriMesh, header = "plumb"): Uint8Array {
  const out = new Uint8Array(84 + 50 * mesh.triangles.length);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(header.slice(0, 80)));
  view.setUint32(80, mesh.triangles.length, true);
  let at = 84;
  for (const [i, j, k] of mesh.triangles) {
    const a = mesh.vertices[i] as Vec3;
    const b = mesh.vertices[j] as Vec3;
    const c = mesh.vertices[k] as Vec3;
    const n = cross(sub(b, a), sub(c, a));
    const len = norm(n) || 1;
    for (const x of [n[0] / len, n[1] / len, n[2] / len, ...a, ...b, ...c]) {
      view.setFloat32(at, x, true);
      at += 4;
    }
    at += 2;
  }
  return out;
}
