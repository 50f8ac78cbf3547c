import type { TriMesh, Vec3 } from "./mesh.ts";

// Apart from mesh.ts, whose import loads the manifold kernel (WebAssembly): scenes draw boxes without it.
/** An axis-aligned box, faces outward. */
export function boxMesh(min: Vec3, max: Vec3): TriMesh {
  const vertices: Vec3[] = [];
  for (let i = 0; i < 8; i++)
    vertices.push([i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]]);
  const quads = [
    [0, 2, 3, 1], // z = min
    [4, 5, 7, 6], // z = max
    [0, 1, 5, 4], // y = min
    [2, 6, 7, 3], // y = max
    [0, 4, 6, 2], // x = min
    [1, 3, 7, 5], // x = max
  ];
  const triangles: [number, number, number][] = [];
  for (const [a, b, c, d] of quads as [number, number, number, number][])
    triangles.push([a, b, c], [a, c, d]);
  return { vertices, triangles };
}
