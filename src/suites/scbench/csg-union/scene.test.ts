import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { SCENE_CAPS, sceneIssues } from "../../../geometry/scene-builder.ts";
import { csgUnionTask as task } from "./index.ts";

const make = (level: string) => task.generate(task.params.parse(task.levels[level]), new Rng("scene"));
const scene = (inst: ReturnType<typeof make>, answer?: unknown) => {
  const start = performance.now();
  const s = task.scene?.(inst, answer as never);
  if (!s) throw new Error("no scene");
  expect(performance.now() - start).toBeLessThan(1000);
  expect(sceneIssues(s)).toEqual([]);
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  return s;
};

describe("csg-union scene", () => {
  it("draws the reference solid and, see-through, each input solid", () => {
    const inst = make("case-1");
    const s = scene(inst);
    expect(s.voxels).toEqual([]);
    expect(s.meshes.map((m) => m.name)).toEqual(["reference solid", "input 1: cube", "input 2: cube"]);
    expect(s.meshes[0]?.opacity).toBeUndefined();
    expect(s.meshes.slice(1).every((m) => (m.opacity ?? 1) < 1)).toBe(true);
  });

  it("draws the answer's mesh over the reference", () => {
    const inst = make("case-5");
    const answer = task.solve?.(inst)?.answers[0];
    const s = scene(inst, answer);
    expect(s.meshes.map((m) => m.name)).toEqual(["answer", "reference solid"]);
    expect(s.meshes[0]?.triangles.length).toBeGreaterThan(0);
    expect(s).not.toEqual(scene(inst));
  });

  it("draws hostile answers as the reference alone or their valid part, without throwing", () => {
    const inst = make("case-1");
    const vertices = [
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ];
    const hostile: unknown[] = [
      null,
      "cube",
      { vertices: "x", faces: [] },
      {
        vertices: [[Number.NaN, 0, 0], ...vertices],
        faces: [
          [0, 1, 2],
          [1, 2, 3],
        ],
      },
      {
        vertices: [[1e9, 1e9, 1e9], ...vertices],
        faces: [
          [0, 1, 2],
          [1, 2, 3],
          [-1, 2, 3],
          [1, 2, 99],
        ],
      },
      { vertices: Array.from({ length: 1e5 }, () => [0, 0, 0]), faces: [] },
      { vertices, faces: Array.from({ length: 1e5 }, () => [0, 1, 2]) },
    ];
    for (const answer of hostile) {
      const s = scene(inst, answer);
      expect(s.meshes.at(-1)?.name).toBe("reference solid");
      const drawn = s.meshes.find((m) => m.name === "answer");
      expect(drawn?.triangles.length ?? 0).toBeLessThanOrEqual(3 * SCENE_CAPS.triangles);
      if (drawn) expect(drawn.triangles).toEqual([0, 1, 2]);
    }
  });
});
