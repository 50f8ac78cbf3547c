import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { SCENE_CAPS, sceneIssues } from "../../../geometry/scene-builder.ts";
import { interlockingPartsTask as task } from "./index.ts";

const inst = task.generate(task.params.parse({}), new Rng("scene"));
const scene = (answer?: unknown) => {
  const s = task.scene?.(inst, answer as never);
  if (!s) throw new Error("no scene");
  expect(sceneIssues(s)).toEqual([]);
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  return s;
};
const ENVELOPE = ["external limit", "clear box"];

describe("interlocking-parts scene", () => {
  it("draws the cage's envelope see-through", () => {
    const s = scene();
    expect(s.meshes.map((m) => m.name)).toEqual(ENVELOPE);
    expect(s.meshes.every((m) => (m.opacity ?? 1) < 1)).toBe(true);
  });

  it("draws the reference design's parts assembled, and its rods", () => {
    const answer = task.solve?.(inst)?.answers[0];
    if (!answer) throw new Error("no reference");
    const s = scene(answer);
    const parts = s.meshes.filter((m) => m.name.startsWith("#"));
    expect(parts).toHaveLength(answer.parts.length);
    parts.forEach((m, i) => {
      expect(m.triangles.length / 3).toBe(answer.parts[i]?.faces.length);
    });
    expect(s.meshes.filter((m) => m.name.startsWith("rod "))).toHaveLength(answer.rods.length);
  });

  it("draws the valid parts of hostile answers without throwing, within the caps", () => {
    const part = {
      name: "p",
      vertices: [
        [0, 0, 0],
        [10, 0, 0],
        [0, 10, 0],
      ],
      faces: [[0, 1, 2]],
      transform: [
        [1, 0, 0, 0],
        [0, 1, 0, 0],
        [0, 0, 1, 0],
        [0, 0, 0, 1],
      ],
    };
    const hostile: unknown[] = [
      null,
      { parts: "x", rods: 3 },
      { parts: [{ ...part, vertices: [[Number.NaN, 0, 0]] }, part], rods: [{ x: 1e9, y: 0 }] },
      { parts: [{ ...part, faces: [[0, 1, 7]] }], rods: [] },
      {
        parts: Array.from({ length: 1e4 }, () => part),
        rods: Array.from({ length: 1e4 }, () => ({ x: 0, y: 0 })),
      },
      {
        parts: Array.from({ length: 10 }, () => ({
          ...part,
          faces: Array.from({ length: 50_000 }, () => [0, 1, 2]),
        })),
        rods: [],
      },
    ];
    for (const answer of hostile) {
      const s = scene(answer);
      expect(s.meshes.slice(0, 2).map((m) => m.name)).toEqual(ENVELOPE);
      expect(s.meshes.reduce((n, m) => n + m.triangles.length / 3, 0)).toBeLessThanOrEqual(
        SCENE_CAPS.triangles,
      );
    }
    expect(scene(hostile[2]).meshes.map((m) => m.name)).toEqual([...ENVELOPE, "#1 p"]);
  });
});
