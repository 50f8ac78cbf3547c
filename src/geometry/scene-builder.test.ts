import { describe, expect, it } from "vitest";
import { SCENE_CAPS, SceneBuilder, sceneIssues } from "./scene-builder.ts";

describe("SceneBuilder", () => {
  it("keeps good geometry and drops what a viewer could not draw", () => {
    const b = new SceneBuilder("t");
    expect(b.voxel([0, 1, 2], "#ff0000", "red")).toBe(true);
    expect(b.voxel([Number.NaN, 0, 0], "#ff0000")).toBe(false);
    expect(b.voxel([1e9, 0, 0], "#ff0000")).toBe(false);
    expect(b.voxel([0, 0], "#ff0000")).toBe(false);
    b.voxel([0, 0, 0], "url(javascript:x)", "x".repeat(500), 0.5);
    b.mesh("m", "#00f", {
      vertices: [
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
        [Number.POSITIVE_INFINITY, 0, 0],
      ],
      triangles: [
        [0, 1, 2],
        [0, 1, 3],
        [0, 1, 9],
        [0, 1.5, 2],
        [0, 1],
      ],
    });
    const scene = b.build();
    expect(scene.voxels).toHaveLength(2);
    expect(scene.voxels[1]?.color).toBe("#888888");
    expect(scene.voxels[1]?.group?.length).toBe(SCENE_CAPS.name);
    expect(scene.meshes).toEqual([
      { name: "m", color: "#00f", positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [0, 1, 2] },
    ]);
    expect(sceneIssues(scene)).toEqual([]);
    expect(JSON.parse(JSON.stringify(scene))).toEqual(scene);
  });

  it("stops at the caps and says so in the title", () => {
    const b = new SceneBuilder("big");
    for (let i = 0; i < SCENE_CAPS.voxels + 10; i++)
      b.voxel([i % 100, Math.floor(i / 100) % 100, Math.floor(i / 1e4)], "#123456");
    const vertices = [
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
    ];
    b.mesh("huge", "#123456", {
      vertices,
      triangles: Array.from({ length: SCENE_CAPS.triangles + 5 }, () => [0, 1, 2]),
    });
    b.mesh("more", "#123456", { vertices, triangles: [[0, 1, 2]] });
    const scene = b.build();
    expect(scene.voxels).toHaveLength(SCENE_CAPS.voxels);
    expect(scene.meshes.map((m) => m.triangles.length / 3)).toEqual([SCENE_CAPS.triangles]);
    expect(scene.title).toBe("big (not drawn: 10 voxels past 50000, 6 triangles past the caps)");
    expect(sceneIssues(scene)).toEqual([]);
  });
});
