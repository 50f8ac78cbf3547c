import { describe, expect, it } from "vitest";
import { csgUnionTask as task } from "./index.ts";
import type { CsgAnswer } from "./schema.ts";
import { FULL_MARKS_ACCURACY } from "./verify.ts";

const preset = () => task.presets?.original?.instances() ?? [];

/** An axis-aligned box [x0, x1] × [y0, y1] × [z0, z1], faces counter-clockwise seen from outside. */
function box(x0: number, x1: number, y0 = -5, y1 = 5, z0 = -5, z1 = 5): CsgAnswer {
  return {
    vertices: [
      [x0, y0, z0],
      [x1, y0, z0],
      [x1, y1, z0],
      [x0, y1, z0],
      [x0, y0, z1],
      [x1, y0, z1],
      [x1, y1, z1],
      [x0, y1, z1],
    ],
    faces: [
      [3, 2, 1, 0],
      [4, 5, 6, 7],
      [0, 1, 5, 4],
      [7, 6, 2, 3],
      [3, 0, 4, 7],
      [1, 2, 6, 5],
    ],
  };
}

/** Every solid the original measures is first grown by a 0.001 cube: an a × b × c box gains 0.001 per side. */
const grown = (a: number, b: number, c: number) => (a + 0.001) * (b + 0.001) * (c + 0.001);

describe("scbench/csg-union scores the original preset as the original did", () => {
  // Subpass 17: two cubes sharing a face, i.e. the box [−5, 15] × [−5, 5] × [−5, 5].
  const sharing = () => preset()[17]!;

  it("an exact answer scores 1", () => {
    const v = task.verify(sharing(), box(-5, 15));
    expect(v.score).toBe(1);
    expect(v.passed).toBe(true);
  });

  it("a box bridging the gap between two separate cubes scores the original's 0.8775…, not Plumb's 0.789", () => {
    // Cubes [−5, 5] and [10, 20]; the excess is the 5 cm gap less a 0.05 band on each side.
    const v = task.verify(preset()[2]!, box(-5, 20));
    const want = 1 - (0.5 * (4.9 * 100)) / (2 * grown(10, 10, 10));
    expect(v.score).toBeCloseTo(want, 9);
    expect(v.score).toBeCloseTo(0.8775367426512248, 9);
    expect(v.passed).toBe(false);
  });

  it("an oversize answer loses half its excess (less the band) over the reference", () => {
    const v = task.verify(sharing(), box(-5, 20));
    expect(v.score).toBeCloseTo(1 - (0.5 * (4.95 * 100)) / grown(20, 10, 10), 9);
  });

  it("an undersize answer scores its share of the reference less half the missing part", () => {
    const v = task.verify(sharing(), box(-5, 10));
    const want = grown(15, 10, 10) / grown(20, 10, 10) - (0.5 * (4.95 * 100)) / grown(20, 10, 10);
    expect(v.score).toBeCloseTo(want, 9);
    expect(v.passed).toBe(false);
  });

  it("renormalises above 0.95 to full marks, and not at or below", () => {
    const near = task.verify(sharing(), box(-5, 15.5));
    expect(near.score).toBe(1);
    const far = task.verify(sharing(), box(-5, 17.5));
    expect(far.score).toBeCloseTo(1 - (0.5 * (2.45 * 100)) / grown(20, 10, 10), 9);
    expect(far.score).toBeLessThan(0.95);
  });

  it("a disjoint answer scores 0", () => {
    const v = task.verify(sharing(), box(30, 40));
    expect(v.score).toBe(0);
    expect(v.passed).toBe(false);
  });

  it("a mesh Plumb refuses still scores 0 (an inside-out box)", () => {
    const inverted = box(-5, 15);
    const v = task.verify(sharing(), { ...inverted, faces: inverted.faces.map((f) => [...f].reverse()) });
    expect(v.score).toBe(0);
  });

  it("the same instance without the original's scoring keeps Plumb's accuracy / 0.95", () => {
    const inst = sharing();
    const { scoring: _, ...plumbData } = inst.data;
    const v = task.verify({ ...inst, data: plumbData }, box(-5, 20));
    expect(v.score).toBeCloseTo((1 - 500 / 2000) / FULL_MARKS_ACCURACY, 6);
  });

  it("the explained prompt states the original's rule on the preset and Plumb's on generated sets", () => {
    const preset17 = task.prompt(sharing(), { variant: "explained" }).messages[1]!.content;
    expect(preset17).toContain("a score above 0.95 is full marks");
    expect(preset17).not.toContain("accuracy / 0.95");
    const { scoring: _, ...plumbData } = sharing().data;
    const generated = task.prompt({ ...sharing(), data: plumbData }, { variant: "explained" }).messages[1]!
      .content;
    expect(generated).toContain("accuracy / 0.95");
  });

  it("refuses to score as the original a mesh too large for the Minkowski sums, in bounded time", () => {
    // An 11 × 1 × 1 box whose long faces are cut into 1100 strips each: 8802 triangles, all valid.
    const n = 1100;
    const vertices: [number, number, number][] = [];
    for (let i = 0; i <= n; i++)
      for (const [y, z] of [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ] as const)
        vertices.push([i / 100, y, z]);
    const faces: number[][] = [
      [0, 3, 2, 1],
      [4 * n, 4 * n + 1, 4 * n + 2, 4 * n + 3],
    ];
    for (let i = 0; i < n; i++)
      for (let k = 0; k < 4; k++) {
        const a = 4 * i + k;
        const b = 4 * i + ((k + 1) % 4);
        faces.push([a, b, b + 4, a + 4]);
      }
    const start = performance.now();
    const v = task.verify(sharing(), { vertices, faces });
    expect(v.score).toBe(0);
    expect(v.checks.find((c) => c.name === "volume.accuracy")?.detail).toMatch(/at most 4096/);
    expect(performance.now() - start).toBeLessThan(5000);
  });
});
