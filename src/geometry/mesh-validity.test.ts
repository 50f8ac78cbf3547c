import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PolyMesh, type TriMesh, triangulate, type Vec3 } from "./mesh.ts";
import {
  checkPolyhedron,
  crossingBudget,
  findCrossings,
  type RawMesh,
  trianglesCross,
  trianglesMeet,
} from "./mesh-validity.ts";

/** An axis-aligned box as six outward quads. */
function box(min: Vec3, max: Vec3): PolyMesh {
  const vertices: Vec3[] = [];
  for (let i = 0; i < 8; i++)
    vertices.push([i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]]);
  const faces = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  return { vertices, faces };
}

/** A regular n-gon prism of radius r from z = 0 to h. */
function prism(n: number, r: number, h: number): PolyMesh {
  const vertices: Vec3[] = [];
  for (const z of [0, h])
    for (let i = 0; i < n; i++)
      vertices.push([r * Math.cos((2 * Math.PI * i) / n), r * Math.sin((2 * Math.PI * i) / n), z]);
  return {
    vertices,
    faces: [
      Array.from({ length: n }, (_, i) => n - 1 - i),
      Array.from({ length: n }, (_, i) => n + i),
      ...Array.from({ length: n }, (_, i) => [i, (i + 1) % n, n + ((i + 1) % n), n + i]),
    ],
  };
}

const merge = (a: PolyMesh, b: PolyMesh): PolyMesh => ({
  vertices: [...a.vertices, ...b.vertices],
  faces: [...a.faces, ...b.faces.map((f) => f.map((i) => i + a.vertices.length))],
});
const failing = (m: RawMesh) =>
  checkPolyhedron(m)
    .checks.filter((c) => !c.ok)
    .map((c) => c.name);
const cube = box([0, 0, 0], [2, 3, 4]);

describe("polyhedron consistency checks", () => {
  it("a box and n-gon prisms pass every check with their closed-form volume", () => {
    const r = checkPolyhedron(cube);
    expect(r.ok).toBe(true);
    expect(r.checks).toHaveLength(13);
    expect(r.volume).toBeCloseTo(24, 12);
    for (const n of [3, 8, 24, 64]) {
      const p = checkPolyhedron(prism(n, 5, 7));
      const exact = (n / 2) * 25 * Math.sin((2 * Math.PI) / n) * 7;
      expect(p.ok).toBe(true);
      expect(Math.abs((p.volume as number) - exact) / exact).toBeLessThan(1e-12);
    }
  });

  it("structural faults stop at the structural checks", () => {
    expect(failing({ vertices: [], faces: [] })).toEqual(["mesh.non_empty"]);
    expect(failing({ vertices: [...cube.vertices.slice(0, 7), [1, 1]], faces: cube.faces })).toEqual([
      "mesh.3d",
    ]);
    expect(failing({ vertices: cube.vertices, faces: [...cube.faces.slice(1), [0, 2, 8, 1]] })).toEqual([
      "mesh.indices",
    ]);
    expect(failing({ vertices: cube.vertices, faces: [[0, 1.5, 2], ...cube.faces] })).toEqual([
      "mesh.indices",
    ]);
    const nan = cube.vertices.map((v, i) => (i === 3 ? [Number.NaN, v[1], v[2]] : v));
    expect(failing({ vertices: nan, faces: cube.faces })).toEqual(["mesh.finite"]);
    expect(checkPolyhedron({ vertices: nan, faces: cube.faces }).checks).toHaveLength(4);
  });

  it("each near-miss fails the right check", () => {
    const flipped = {
      vertices: cube.vertices,
      faces: cube.faces.map((f, i) => (i === 2 ? [...f].reverse() : f)),
    };
    expect(failing(flipped)).toEqual(["mesh.winding"]);
    const inverted = { vertices: cube.vertices, faces: cube.faces.map((f) => [...f].reverse()) };
    expect(failing(inverted)).toEqual(["mesh.winding"]);
    expect(failing({ vertices: cube.vertices, faces: cube.faces.slice(1) })).toEqual(["mesh.watertight"]);
    expect(failing({ vertices: [...cube.vertices, [2, 3, 4 + 1e-7]], faces: cube.faces })).toEqual([
      "mesh.duplicate_vertices",
    ]);
    const bent = cube.vertices.map((v, i) => (i === 7 ? ([2, 3, 4.01] as Vec3) : v));
    expect(failing({ vertices: bent, faces: cube.faces })).toEqual(["mesh.planar_faces"]);
    expect(failing({ vertices: [...cube.vertices, [150, 0, 0]], faces: cube.faces })).toEqual([
      "mesh.outliers",
    ]);
    const fin = { vertices: [...cube.vertices, [-1, -1, 2] as Vec3], faces: [...cube.faces, [0, 4, 8]] };
    expect(failing(fin)).toContain("mesh.edge_manifold");
    expect(failing({ vertices: cube.vertices, faces: [...cube.faces, [0, 0, 1]] })).toContain(
      "mesh.degenerate_faces",
    );
    const crossing = merge(cube, box([1, 1, 1], [3, 4, 5]));
    expect(failing(crossing)).toEqual(["mesh.self_intersection"]);
    const flat = box([0, 0, 0], [1, 1, 1e-5]);
    expect(failing(flat)).toEqual(["mesh.volume"]);
  });

  it("two boxes sharing only a corner vertex are not manifold; disjoint boxes and cavities are fine", () => {
    const corner = merge(cube, box([2, 3, 4], [3, 4, 5]));
    const welded = {
      vertices: corner.vertices,
      faces: corner.faces.map((f) => f.map((i) => (i === 8 ? 7 : i))),
    };
    expect(failing(welded)).toContain("mesh.edge_manifold");
    expect(checkPolyhedron(merge(cube, box([5, 0, 0], [6, 1, 1]))).ok).toBe(true);
    const inner = box([0.5, 0.5, 0.5], [1.5, 1.5, 1.5]);
    const cavity = merge(cube, { vertices: inner.vertices, faces: inner.faces.map((f) => [...f].reverse()) });
    expect(checkPolyhedron(cavity).ok).toBe(true);
    expect(checkPolyhedron(cavity).volume).toBeCloseTo(23, 12);
    expect(failing(merge(cube, inner))).toEqual(["mesh.winding"]);
  });
});

// ---- an independent exact test: separating axes in BigInt arithmetic on integer triangles ----
type I3 = [bigint, bigint, bigint];
const bsub = (a: I3, b: I3): I3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const bcross = (a: I3, b: I3): I3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const bdot = (a: I3, b: I3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Closed triangles are disjoint iff some axis (normals, edge×edge, normal×edge) separates them strictly. */
function satMeet(t1: Vec3[], t2: Vec3[]): boolean {
  const A = t1.map((p) => p.map(BigInt) as I3);
  const B = t2.map((p) => p.map(BigInt) as I3);
  const edges = (t: I3[]) => [bsub(t[1]!, t[0]!), bsub(t[2]!, t[1]!), bsub(t[0]!, t[2]!)];
  const ea = edges(A);
  const eb = edges(B);
  const na = bcross(ea[0]!, ea[1]!);
  const nb = bcross(eb[0]!, eb[1]!);
  const axes: I3[] = [na, nb];
  for (const x of ea) for (const y of eb) axes.push(bcross(x, y));
  for (const e of [...ea, ...eb]) axes.push(bcross(na, e), bcross(nb, e));
  for (const axis of axes) {
    if (axis.every((c) => c === 0n)) continue;
    const pa = A.map((p) => bdot(p, axis));
    const pb = B.map((p) => bdot(p, axis));
    const max = (xs: bigint[]) => xs.reduce((m, x) => (x > m ? x : m));
    const min = (xs: bigint[]) => xs.reduce((m, x) => (x < m ? x : m));
    if (max(pa) < min(pb) || max(pb) < min(pa)) return false;
  }
  return true;
}

const small = fc.integer({ min: -2, max: 2 });
const point = fc.tuple(small, small, small);
const triangle = fc.tuple(point, point, point).filter(([a, b, c]) => {
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  return (
    u[1]! * v[2]! - u[2]! * v[1]! !== 0 ||
    u[2]! * v[0]! - u[0]! * v[2]! !== 0 ||
    u[0]! * v[1]! - u[1]! * v[0]! !== 0
  );
});

describe("self-intersection", () => {
  it("triangle–triangle contact agrees with an exact separating-axis test on degenerate-rich integer triangles", () => {
    fc.assert(
      fc.property(triangle, triangle, (t1, t2) => {
        expect(trianglesMeet(t1 as Vec3[], t2 as Vec3[])).toBe(satMeet(t1 as Vec3[], t2 as Vec3[]));
      }),
      { numRuns: 3000 },
    );
  });

  it("adjacent triangles cross only when folded or pierced", () => {
    const mesh = (vertices: Vec3[], triangles: [number, number, number][]): TriMesh => ({
      vertices,
      triangles,
    });
    const base: Vec3[] = [
      [0, 0, 0],
      [2, 0, 0],
      [0, 2, 0],
      [1, 1, 0.0],
      [0, -2, 0],
      [1, 0.5, 0],
      [1, 1, 1],
    ];
    expect(
      trianglesCross(
        mesh(base, [
          [0, 1, 2],
          [1, 0, 4],
        ]),
        0,
        1,
      ),
    ).toBe(false); // hinge, flat
    expect(
      trianglesCross(
        mesh(base, [
          [0, 1, 2],
          [1, 0, 5],
        ]),
        0,
        1,
      ),
    ).toBe(true); // folded onto itself
    expect(
      trianglesCross(
        mesh(base, [
          [0, 1, 2],
          [1, 0, 6],
        ]),
        0,
        1,
      ),
    ).toBe(false); // bent edge
    expect(
      trianglesCross(
        mesh(base, [
          [0, 1, 2],
          [0, 4, 6],
        ]),
        0,
        1,
      ),
    ).toBe(false); // one shared vertex
    expect(
      trianglesCross(
        mesh(base, [
          [0, 1, 2],
          [0, 5, 3],
        ]),
        0,
        1,
      ),
    ).toBe(true); // shared vertex, overlapping
    const pierce: Vec3[] = [
      [0, 0, 0],
      [2, 0, 0],
      [0, 2, 0],
      [0.5, 0.5, -1],
      [0.5, 0.5, 1],
    ];
    expect(
      trianglesCross(
        mesh(pierce, [
          [0, 1, 2],
          [0, 3, 4],
        ]),
        0,
        1,
      ),
    ).toBe(true);
  });

  it("the grid finds a crossing exactly when brute force over all pairs does", () => {
    const coord = fc.integer({ min: 0, max: 6 });
    const boxArb = fc
      .tuple(
        coord,
        coord,
        coord,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
      )
      .map(([x, y, z, a, b, c]) => box([x, y, z], [x + a, y + b, z + c]));
    fc.assert(
      fc.property(boxArb, boxArb, fc.integer({ min: 3, max: 9 }), (a, b, n) => {
        const p = prism(n, 2, 3);
        const m = merge(merge(a, b), {
          vertices: p.vertices.map(([x, y, z]) => [x + 3, y + 3, z + 2] as Vec3),
          faces: p.faces,
        });
        const tri = triangulate(m);
        let brute = false;
        for (let i = 0; i < tri.triangles.length && !brute; i++)
          for (let j = i + 1; j < tri.triangles.length && !brute; j++) brute = trianglesCross(tri, i, j);
        expect(findCrossings(tri).pairs.length > 0).toBe(brute);
      }),
      { numRuns: 150 },
    );
  });

  it("checks a torus of a few thousand triangles, and finds one dent pushed through it", () => {
    const t = torus(60, 40);
    const r = checkPolyhedron(t);
    expect(r.ok).toBe(true);
    expect(r.triangles?.triangles.length).toBe(4800);
    const exact = 2 * Math.PI ** 2 * 10 * 9; // the smooth torus, approached from inside
    expect(Math.abs((r.volume as number) - exact) / exact).toBeLessThan(0.01);
    const dented = t.vertices.map((v, i) => (i === 0 ? ([v[0] - 7, v[1], v[2]] as Vec3) : v));
    expect(failing({ vertices: dented, faces: t.faces })).toContain("mesh.self_intersection");
  });
});

describe("hostile meshes stay cheap", () => {
  /** A cone over an n-gon: n side triangles share the apex, so every pair's bounding boxes overlap. */
  const cone = (n: number): PolyMesh => ({
    vertices: [
      [0, 0, 10],
      ...Array.from(
        { length: n },
        (_, i) => [10 * Math.cos((2 * Math.PI * i) / n), 10 * Math.sin((2 * Math.PI * i) / n), 0] as Vec3,
      ),
    ],
    faces: [
      ...Array.from({ length: n }, (_, i) => [0, 1 + i, 1 + ((i + 1) % n)]),
      Array.from({ length: n }, (_, i) => n - i),
    ],
  });

  it("a self-intersection search past its work budget gives up and fails, naming why", () => {
    const fan = triangulate(cone(3000));
    // About n²/2 candidate pairs around the apex: far past the budget for n triangles.
    expect(findCrossings(fan).exhausted).toBe(true);
    expect(failing(cone(3000))).toEqual(["mesh.self_intersection"]);
    expect(checkPolyhedron(cone(3000)).checks.find((c) => !c.ok)?.detail).toMatch(
      /^not checkable: .*work budget/,
    );
    // The same cone with a sane number of sides is checked in full and passes.
    expect(findCrossings(triangulate(cone(128)))).toEqual({ pairs: [], exhausted: false });
    expect(checkPolyhedron(cone(128)).ok).toBe(true);
    // A budget shared by several meshes is consumed by each.
    const budget = crossingBudget(0);
    findCrossings(triangulate(cone(128)), 10, budget);
    expect(budget.candidates).toBeLessThan(crossingBudget(0).candidates);
  });

  it("thousands of copies of one vertex report the first thousand pairs", () => {
    const pile = { vertices: Array.from({ length: 5000 }, () => [1, 2, 3]), faces: [[0, 1, 2]] };
    const detail = checkPolyhedron(pile).checks.find((c) => c.name === "mesh.duplicate_vertices")?.detail;
    expect(detail).toMatch(/^1000 pairs of vertices closer than 0\.00001 \(the search stopped there\)/);
  });
});

/** A torus of n × m outward quads (major radius 10, minor 3). */
function torus(n: number, m: number): PolyMesh {
  const vertices: Vec3[] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++) {
      const u = (2 * Math.PI * i) / n;
      const v = (2 * Math.PI * j) / m;
      vertices.push([
        (10 + 3 * Math.cos(v)) * Math.cos(u),
        (10 + 3 * Math.cos(v)) * Math.sin(u),
        3 * Math.sin(v),
      ]);
    }
  const at = (i: number, j: number) => (i % n) * m + (j % m);
  const faces: number[][] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++) faces.push([at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)]);
  return { vertices, faces };
}
