import { describe, expect, it } from "vitest";
import { boxMesh } from "./box-mesh.ts";
import { kernel, withKernel } from "./manifold.ts";
import {
  edgeReport,
  faceComponents,
  fromManifold,
  type PolyMesh,
  signedVolume,
  stlBinary,
  surfaceArea,
  type TriMesh,
  toManifold,
  transformMesh,
  triangulate,
  triangulatePolygon,
  type Vec3,
} from "./mesh.ts";

/** A prism over a regular n-gon: closed form volume n/2·r²·sin(2π/n)·h. */
function prism(n: number, r: number, h: number): PolyMesh {
  const vertices: Vec3[] = [];
  for (const z of [0, h])
    for (let i = 0; i < n; i++) {
      const t = (2 * Math.PI * i) / n;
      vertices.push([r * Math.cos(t), r * Math.sin(t), z]);
    }
  const bottom = Array.from({ length: n }, (_, i) => n - 1 - i);
  const top = Array.from({ length: n }, (_, i) => n + i);
  const sides = Array.from({ length: n }, (_, i) => [i, (i + 1) % n, n + ((i + 1) % n), n + i]);
  return { vertices, faces: [bottom, top, ...sides] };
}

describe("mesh kernels", () => {
  it("a unit box has volume 1 and area 6, and round-trips through manifold-3d", () => {
    const box = boxMesh([0, 0, 0], [1, 1, 1]);
    expect(signedVolume(box)).toBeCloseTo(1, 12);
    expect(surfaceArea(box)).toBeCloseTo(6, 12);
    const r = edgeReport(box.triangles);
    expect(r).toEqual({ boundary: [], nonManifold: [], misoriented: [] });
    const back = withKernel((keep) => fromManifold(keep(toManifold(box))));
    expect(signedVolume(back)).toBeCloseTo(1, 6);
  });

  it("n-gon prisms match the closed form to 1e-12 (float64) and 1e-6 through the kernel (float32)", () => {
    for (const n of [3, 12, 24, 96]) {
      const exact = (n / 2) * 25 * Math.sin((2 * Math.PI) / n) * 20;
      const tri = triangulate(prism(n, 5, 20));
      expect(Math.abs(signedVolume(tri) - exact) / exact).toBeLessThan(1e-12);
      const v = withKernel((keep) => keep(toManifold(tri)).volume());
      expect(Math.abs(v - exact) / exact).toBeLessThan(1e-6);
    }
  });

  it("ear clipping triangulates a concave polygon without leaving its outline", () => {
    const l: Vec3[] = [
      [0, 0, 0],
      [2, 0, 0],
      [2, 1, 0],
      [1, 1, 0],
      [1, 2, 0],
      [0, 2, 0],
    ];
    const tris = triangulatePolygon(l);
    expect(tris).toHaveLength(4);
    const area = tris.reduce((s, [a, b, c]) => {
      const [p, q, r] = [l[a], l[b], l[c]] as [Vec3, Vec3, Vec3];
      return s + ((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])) / 2;
    }, 0);
    expect(area).toBeCloseTo(3, 12);
    // Clockwise seen from +z (normal down) keeps its winding.
    const cw = triangulatePolygon([...l].reverse());
    for (const [a, b, c] of cw) {
      const r = [...l].reverse();
      const [p, q, s] = [r[a], r[b], r[c]] as [Vec3, Vec3, Vec3];
      expect((q[0] - p[0]) * (s[1] - p[1]) - (q[1] - p[1]) * (s[0] - p[0])).toBeLessThan(0);
    }
  });

  it("edge analysis names holes, flipped faces and fins", () => {
    const box = boxMesh([0, 0, 0], [1, 1, 1]);
    const flipped = box.triangles.map((t, i) => (i === 0 ? ([t[0], t[2], t[1]] as const) : t));
    expect(edgeReport(flipped).misoriented.length).toBeGreaterThan(0);
    expect(edgeReport(box.triangles.slice(1)).boundary).toHaveLength(3);
    const fin = [...box.triangles, [0, 1, 7] as const, [0, 7, 1] as const];
    expect(edgeReport(fin).nonManifold.length).toBeGreaterThan(0);
    expect(() =>
      withKernel((keep) => keep(toManifold({ ...box, triangles: box.triangles.slice(1) }))),
    ).toThrow();
  });

  it("finds separate bodies", () => {
    const a = boxMesh([0, 0, 0], [1, 1, 1]);
    const b = boxMesh([3, 0, 0], [4, 1, 1]);
    const both: TriMesh = {
      vertices: [...a.vertices, ...b.vertices],
      triangles: [
        ...a.triangles,
        ...b.triangles.map(([x, y, z]) => [x + 8, y + 8, z + 8] as [number, number, number]),
      ],
    };
    expect(faceComponents(both.triangles, 16)).toHaveLength(2);
    expect(signedVolume(both)).toBeCloseTo(2, 12);
  });

  it("a mirroring transform keeps faces outward", () => {
    const box = boxMesh([0, 0, 0], [1, 2, 3]);
    const mirrored = transformMesh(box, [
      [-1, 0, 0, 5],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
    ]);
    expect(signedVolume(mirrored)).toBeCloseTo(6, 12);
  });

  it("writes binary STL with one 50-byte record per triangle", () => {
    const box = boxMesh([0, 0, 0], [1, 1, 1]);
    const stl = stlBinary(box);
    expect(stl.length).toBe(84 + 50 * 12);
    expect(new DataView(stl.buffer).getUint32(80, true)).toBe(12);
  });

  it("manifold booleans agree with closed forms", () => {
    const v = withKernel((keep) => {
      const a = keep(kernel.Manifold.cube([2, 2, 2]));
      const b = keep(kernel.Manifold.cube([2, 2, 2]).translate([1, 1, 1]));
      return keep(a.intersect(b)).volume();
    });
    expect(v).toBeCloseTo(1, 9);
  });
});

describe("ear clipping at scale", () => {
  it("a 2,000-sided convex face and a 1,000-tooth comb triangulate with the right area", () => {
    const n = 2000;
    const circle: Vec3[] = Array.from({ length: n }, (_, i) => {
      const t = (2 * Math.PI * i) / n;
      return [Math.cos(t), Math.sin(t), 0];
    });
    const tris = triangulatePolygon(circle);
    expect(tris).toHaveLength(n - 2);
    const area = (pts: Vec3[], ts: [number, number, number][]) =>
      ts.reduce((s, [a, b, c]) => {
        const [p, q, r] = [pts[a], pts[b], pts[c]] as [Vec3, Vec3, Vec3];
        return s + ((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])) / 2;
      }, 0);
    expect(area(circle, tris)).toBeCloseTo((n / 2) * Math.sin((2 * Math.PI) / n), 9);
    // A comb: a 2T × 1 base with T teeth of 1 × 5 on it, area 7T.
    const teeth = 1000;
    const comb: Vec3[] = [
      [0, 0, 0],
      [2 * teeth, 0, 0],
      [2 * teeth, 1, 0],
    ];
    for (let t = teeth - 1; t >= 0; t--)
      comb.push([2 * t + 1, 1, 0], [2 * t + 1, 6, 0], [2 * t, 6, 0], [2 * t, 1, 0]);
    comb.pop();
    const combTris = triangulatePolygon(comb);
    expect(combTris).toHaveLength(comb.length - 2);
    expect(area(comb, combTris)).toBeCloseTo(7 * teeth, 6);
  });
});
