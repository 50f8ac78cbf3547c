import { describe, expect, it } from "vitest";
import { IsoCamera, voxelFaces } from "./isometric.ts";

const polygons = (svg: string) => (svg.match(/<polygon/g) ?? []).length;

describe("isometric voxel drawing", () => {
  it("draws only the faces the eye can see and hides shared ones", () => {
    const camera = new IsoCamera({ turn: 0 });
    expect(polygons(voxelFaces([{ cells: [[0, 0, 0]], fill: "#ff0000" }], camera).svg)).toBe(3);
    // Two cubes side by side along x: two tops, two +y sides, one +x side.
    const two = voxelFaces(
      [
        {
          cells: [
            [0, 0, 0],
            [1, 0, 0],
          ],
          fill: "#ff0000",
        },
      ],
      camera,
    );
    expect(polygons(two.svg)).toBe(5);
    // Faces shared across pieces are hidden too.
    const split = voxelFaces(
      [
        { cells: [[0, 0, 0]], fill: "#ff0000" },
        { cells: [[1, 0, 0]], fill: "#0000ff" },
      ],
      camera,
    );
    expect(polygons(split.svg)).toBe(5);
  });

  it("turns and flips as real views (no mirror images)", () => {
    for (const view of [
      { turn: 1 as const },
      { turn: 2 as const },
      { turn: 3 as const },
      { turn: 0 as const, below: true },
    ]) {
      const c = new IsoCamera(view);
      const [x, y, z] = [c.toView([1, 0, 0]), c.toView([0, 1, 0]), c.toView([0, 0, 1])];
      const det =
        x[0] * (y[1] * z[2] - y[2] * z[1]) -
        x[1] * (y[0] * z[2] - y[2] * z[0]) +
        x[2] * (y[0] * z[1] - y[1] * z[0]);
      expect(det).toBe(1);
    }
  });

  it("puts higher cells higher on the picture", () => {
    const c = new IsoCamera({ turn: 0 });
    expect(c.project([0, 0, 1])[1]).toBeLessThan(c.project([0, 0, 0])[1]);
  });
});
