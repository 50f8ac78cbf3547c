import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { SCENE_CAPS, sceneIssues } from "../../../geometry/scene-builder.ts";
import { legoShellTask as task } from "./index.ts";

const inst = task.generate(task.params.parse({ inner: 40, outer: 70 }), new Rng("scene"));
const scene = (answer?: unknown) => {
  const s = task.scene?.(inst, answer as never);
  if (!s) throw new Error("no scene");
  expect(sceneIssues(s)).toEqual([]);
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  return s;
};

describe("lego-shell scene", () => {
  it("draws the shell's two surfaces see-through", () => {
    const s = scene();
    expect(s.meshes.map((m) => m.name)).toEqual(["outer surface", "inner surface"]);
    expect(s.meshes.every((m) => (m.opacity ?? 1) < 1)).toBe(true);
  });

  it("draws the reference build's bricks, one group per layer, 12 triangles a brick", () => {
    const answer = task.solve?.(inst)?.answers[0];
    if (!answer) throw new Error("no reference");
    const s = scene(answer);
    const bricks = s.meshes.filter((m) => m.name.startsWith("layer "));
    const layers = new Set(answer.bricks.map((b) => b.layer));
    expect(bricks).toHaveLength(layers.size);
    expect(bricks.reduce((n, m) => n + m.triangles.length / 3, 0)).toBe(12 * answer.bricks.length);
    expect(s.meshes.some((m) => m.name === "breaks a rule")).toBe(false);
  });

  it("draws overlapping bricks in red, turned bricks too, and hostile answers without throwing", () => {
    const two = scene({
      bricks: [
        { x: 40, y: 0, layer: 0, orientation: 0 },
        { x: 40, y: 0, layer: 0, orientation: 0 },
        { Centroid: [0, 50, 4.8], RotationDegrees: 30 },
      ],
    });
    expect(two.meshes.find((m) => m.name === "breaks a rule")?.color).toBe("#e15759");
    const hostile: unknown[] = [
      null,
      { bricks: "x" },
      { bricks: [{ x: Number.NaN, y: 0, layer: 0, orientation: 0 }] },
      { bricks: [{ x: 1e9, y: 0, layer: 0, orientation: 0 }] },
      { bricks: Array.from({ length: 1e5 }, () => ({ x: 0, y: 0, layer: 0, orientation: 0 })) },
    ];
    for (const answer of hostile) {
      const s = scene(answer);
      expect(s.meshes.map((m) => m.name)).toEqual(["outer surface", "inner surface"]);
      expect(s.meshes.reduce((n, m) => n + m.triangles.length / 3, 0)).toBeLessThanOrEqual(
        SCENE_CAPS.triangles,
      );
    }
  });
});
