import { kernel, type Manifold, withKernel } from "../../../geometry/manifold.ts";
import {
  fromManifold,
  type PolyMesh,
  type TriMesh,
  toManifold,
  triangulate,
  type Vec3,
} from "../../../geometry/mesh.ts";
import type { CsgNode, Xyz } from "./schema.ts";

const rad = (deg: number) => (deg * Math.PI) / 180;
/** Exact for multiples of 90°, as OpenSCAD and manifold-3d make them. */
const cosd = (deg: number) =>
  deg % 90 === 0 ? ([1, 0, -1, 0][(((deg / 90) % 4) + 4) % 4] as number) : Math.cos(rad(deg));
const sind = (deg: number) => cosd(deg - 90);

/** OpenSCAD's sphere: ⌊(fn+1)/2⌋ rings of fn vertices at polar angles 180°·(i+½)/rings, flat n-gon caps. */
export function sphereMesh(r: number, fn: number): PolyMesh {
  const rings = Math.floor((fn + 1) / 2);
  const vertices: Vec3[] = [];
  for (let i = 0; i < rings; i++) {
    const phi = (180 * (i + 0.5)) / rings;
    for (let j = 0; j < fn; j++) {
      const theta = (360 * j) / fn;
      vertices.push([r * sind(phi) * cosd(theta), r * sind(phi) * sind(theta), r * cosd(phi)]);
    }
  }
  const at = (i: number, j: number) => i * fn + (j % fn);
  const faces: number[][] = [Array.from({ length: fn }, (_, j) => at(0, j))];
  for (let i = 0; i + 1 < rings; i++)
    for (let j = 0; j < fn; j++) faces.push([at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)]);
  faces.push(Array.from({ length: fn }, (_, j) => at(rings - 1, fn - 1 - j)));
  return { vertices, faces };
}

/** The solid of a tree (the caller owns and deletes it). */
export function evaluate(node: CsgNode): Manifold {
  switch (node.op) {
    case "cube":
      return kernel.Manifold.cube(node.size, node.center);
    case "cylinder":
      return kernel.Manifold.cylinder(node.h, node.r1, node.r2, node.fn, node.center);
    case "sphere":
      return toManifold(triangulate(sphereMesh(node.r, node.fn)));
    case "polyhedron":
      return toManifold(triangulate({ vertices: node.points, faces: node.faces }));
    case "translate":
    case "rotate":
      return withKernel((keep) => {
        const child = keep(evaluate(node.child));
        return node.op === "translate" ? child.translate(node.v) : child.rotate(node.a);
      });
    case "union":
    case "difference":
      return withKernel((keep) => {
        const parts = node.children.map((c) => keep(evaluate(c)));
        return node.op === "union" ? kernel.Manifold.union(parts) : kernel.Manifold.difference(parts);
      });
  }
}

/** The reference solid's triangles and volume (manifold-3d, float32 positions). */
export function referenceSolid(tree: CsgNode): { mesh: TriMesh; volume: number } {
  return withKernel((keep) => {
    const solid = keep(evaluate(tree));
    return { mesh: fromManifold(solid), volume: solid.volume() };
  });
}

/** OpenSCAD's rotate([ax, ay, az]): about x by ax, then y by ay, then z by az. */
export function rotatePoint(a: Xyz, p: Xyz): Xyz {
  let [x, y, z] = p;
  [y, z] = [y * cosd(a[0]) - z * sind(a[0]), y * sind(a[0]) + z * cosd(a[0])];
  [x, z] = [x * cosd(a[1]) + z * sind(a[1]), -x * sind(a[1]) + z * cosd(a[1])];
  [x, y] = [x * cosd(a[2]) - y * sind(a[2]), x * sind(a[2]) + y * cosd(a[2])];
  return [x, y, z];
}

/** Area of the regular n-gon inscribed in a circle of radius r. */
export const ngonArea = (n: number, r: number): number => (n / 2) * r * r * Math.sin((2 * Math.PI) / n);

/** Volume of the frustum between two similar, aligned regular n-gons. */
export const ngonFrustum = (n: number, r1: number, r2: number, h: number): number => {
  const a = ngonArea(n, r1);
  const b = ngonArea(n, r2);
  return (h / 3) * (a + b + Math.sqrt(a * b));
};

/** Closed-form volume of OpenSCAD's sphere: a stack of n-gon frustums between its rings. */
export function sphereVolume(r: number, fn: number): number {
  const rings = Math.floor((fn + 1) / 2);
  let v = 0;
  for (let i = 0; i + 1 < rings; i++) {
    const p = (180 * (i + 0.5)) / rings;
    const q = (180 * (i + 1.5)) / rings;
    v += ngonFrustum(fn, r * sind(p), r * sind(q), r * (cosd(p) - cosd(q)));
  }
  return v;
}

/** Frees a kernel object with the rest of its `withKernel` scope. */
export type Keep = Parameters<Parameters<typeof withKernel>[0]>[0];

/**
 * Runs `fn` on the answer's solid and the reference solid, both freed afterwards; the kernel's
 * complaint about the answer's mesh instead, when it refuses it.
 */
export function withSolids<T>(
  tree: CsgNode,
  answer: TriMesh,
  fn: (a: Manifold, r: Manifold, keep: Keep) => T,
): T | string {
  return withKernel((keep) => {
    let a: Manifold;
    try {
      a = keep(toManifold(answer));
    } catch (e) {
      return `the solid kernel rejected the mesh: ${e instanceof Error ? e.message : String(e)}`;
    }
    return fn(a, keep(evaluate(tree)), keep);
  });
}
