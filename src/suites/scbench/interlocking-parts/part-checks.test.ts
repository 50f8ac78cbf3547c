import { describe, expect, it } from "vitest";
import { boxMesh } from "../../../geometry/box-mesh.ts";
import { kernel, withKernel } from "../../../geometry/manifold.ts";
import { fromManifold, type Mat4Rows, type TriMesh } from "../../../geometry/mesh.ts";
import { meshProblem, printReport, transformProblem } from "./part-checks.ts";
import type { Part } from "./schema.ts";

const I: Mat4Rows = [
  [1, 0, 0, 0],
  [0, 1, 0, 0],
  [0, 0, 1, 0],
  [0, 0, 0, 1],
];
const part = (m: TriMesh): Part => ({ name: "p", vertices: m.vertices, faces: m.triangles, transform: I });
const BUILD = [400, 400, 400] as const;

describe("part checks", () => {
  it("a box on the bed is valid and printable, with its whole base in contact", () => {
    const p = part(boxMesh([10, 10, 0], [60, 30, 20]));
    expect(meshProblem(p)).toBeNull();
    const r = printReport(p, BUILD);
    expect(r.problems).toEqual([]);
    expect(r.contactArea).toBeCloseTo(1000);
    expect(r.overhangFraction).toBe(0);
  });

  it("flags a box outside the build volume, one floating above the bed, and a small base", () => {
    expect(printReport(part(boxMesh([390, 0, 0], [420, 30, 10])), BUILD).problems[0]).toMatch(
      /outside the build volume/,
    );
    expect(printReport(part(boxMesh([0, 0, 2], [30, 30, 10])), BUILD).problems[0]).toMatch(/not on the bed/);
    expect(printReport(part(boxMesh([0, 0, 0], [10, 10, 100])), BUILD).problems[0]).toMatch(
      /bed contact 100\.0 mm²/,
    );
  });

  it("flags a table top on a leg: overhang and a centre of mass off the foot", () => {
    const mesh = withKernel((keep) =>
      fromManifold(
        keep(
          kernel.Manifold.union([
            keep(kernel.Manifold.cube([20, 20, 30])),
            keep(kernel.Manifold.cube([200, 20, 10]).translate([0, 0, 30])),
          ]),
        ),
      ),
    );
    const problems = printReport(part(mesh), BUILD).problems.join(" ");
    expect(problems).toMatch(/overhangs/);
    expect(problems).toMatch(/centre of mass/);
  });

  it("a 45° chamfer is not an overhang, a 50° one is", () => {
    const wedge = (deg: number): TriMesh => {
      // A block whose −x face leans outward `deg` from vertical over its 20 mm height.
      const t = Math.tan((deg * Math.PI) / 180) * 20;
      return withKernel((keep) =>
        fromManifold(
          keep(
            kernel.Manifold.hull([
              [0, 0, 0],
              [40, 0, 0],
              [0, 40, 0],
              [40, 40, 0],
              [-t, 0, 20],
              [40, 0, 20],
              [-t, 40, 20],
              [40, 40, 20],
            ]),
          ),
        ),
      );
    };
    const shift = (m: TriMesh): TriMesh => ({
      ...m,
      vertices: m.vertices.map(([x, y, z]) => [x + 100, y, z]),
    });
    expect(printReport(part(shift(wedge(44))), BUILD).overhangFraction).toBe(0);
    expect(printReport(part(shift(wedge(50))), BUILD).overhangFraction).toBeGreaterThan(0);
  });

  it("rejects two boxes glued at one corner, a vertex pushed through the far face, and non-finite numbers", () => {
    const a = boxMesh([0, 0, 0], [10, 10, 10]);
    const b = boxMesh([10, 10, 10], [20, 20, 20]);
    // Corner 7 of the first box is (10, 10, 10), corner 0 of the second: weld them.
    const glued: TriMesh = {
      vertices: [...a.vertices, ...b.vertices],
      triangles: [
        ...a.triangles,
        ...b.triangles.map((t) => t.map((i) => (i === 0 ? 7 : i + 8)) as [number, number, number]),
      ],
    };
    expect(meshProblem(part(glued))).toMatch(/not edge-manifold: 1 vertex/);
    // The top corner (10, 10, 10) pushed down to z = −5: its triangles pierce the bottom face.
    const dented: TriMesh = { ...a, vertices: a.vertices.map((v, i) => (i === 7 ? [10, 10, -5] : v)) };
    expect(meshProblem(part(dented))).toMatch(/self-intersecting: \d+ pairs of triangles crossing/);
    const nan = a.vertices.map((v, i) => (i === 3 ? [Number.NaN, v[1], v[2]] : v)) as TriMesh["vertices"];
    expect(meshProblem(part({ ...a, vertices: nan }))).toMatch(/vertex #3 is not three finite numbers/);
    const far = { ...part(a), transform: I.map((r, i) => (i === 0 ? [1, 0, 0, Infinity] : r)) as Mat4Rows };
    expect(meshProblem(far)).toMatch(/finite/);
    expect(meshProblem(part(a))).toBeNull();
  });

  it("rejects meshes with holes, flipped faces, two bodies or bad transforms", () => {
    const box = boxMesh([0, 0, 0], [10, 10, 10]);
    expect(meshProblem(part({ ...box, triangles: box.triangles.slice(1) }))).toMatch(/not closed/);
    expect(meshProblem(part({ ...box, triangles: box.triangles.map(([a, b, c]) => [a, c, b]) }))).toMatch(
      /inward/,
    );
    const far = boxMesh([20, 0, 0], [30, 10, 10]);
    const two: TriMesh = {
      vertices: [...box.vertices, ...far.vertices],
      triangles: [
        ...box.triangles,
        ...far.triangles.map(([a, b, c]) => [a + 8, b + 8, c + 8] as [number, number, number]),
      ],
    };
    expect(meshProblem(part(two))).toMatch(/2 separate bodies/);
    expect(meshProblem(part({ ...box, triangles: [...box.triangles, [0, 1, 9]] }))).toMatch(/out of range/);
    expect(
      transformProblem([
        [2, 0, 0, 0],
        [0, 1, 0, 0],
        [0, 0, 1, 0],
        [0, 0, 0, 1],
      ]),
    ).toMatch(/not a rotation/);
    expect(
      transformProblem([
        [-1, 0, 0, 0],
        [0, 1, 0, 0],
        [0, 0, 1, 0],
        [0, 0, 0, 1],
      ]),
    ).toMatch(/mirrors/);
    expect(
      transformProblem([
        [1, 0, 0, 0],
        [0, 1, 0, 0],
        [0, 0, 1, 0],
        [0, 0, 1, 1],
      ]),
    ).toMatch(/last row/);
    const c = Math.cos(0.3);
    const s = Math.sin(0.3);
    expect(
      transformProblem([
        [c, -s, 0, 5],
        [s, c, 0, 6],
        [0, 0, 1, 7],
        [0, 0, 0, 1],
      ]),
    ).toBeNull();
  });
});
