import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { SCENE_CAPS, sceneIssues } from "../../../geometry/scene-builder.ts";
import { fluidSimTask as task } from "./index.ts";

const make = (level: string) => task.generate(task.params.parse(task.levels[level]), new Rng("scene"));
const scene = (inst: ReturnType<typeof make>, answer?: unknown) => {
  const s = task.scene?.(inst, answer as never);
  if (!s) throw new Error("no scene");
  expect(sceneIssues(s)).toEqual([]);
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  return s;
};

describe("fluid-sim scene", () => {
  it("draws the terrain's visible rock, every column's top cell included", () => {
    const inst = make("goal-1");
    const s = scene(inst);
    expect(s.voxels.every((v) => v.group?.startsWith("rock z="))).toBe(true);
    const tops = new Set(s.voxels.map((v) => v.at.join(",")));
    inst.data.heights.forEach((row, y) => {
      row.forEach((h, x) => {
        expect(tops.has(`${x},${y},${h - 1}`)).toBe(true);
      });
    });
    expect(s.voxels.length).toBeLessThan(inst.data.side * inst.data.side * 5);
  });

  it("draws the reference answer's world with water", () => {
    const inst = make("goal-2");
    const s = scene(inst, task.solve?.(inst)?.answers[0]);
    expect(s.voxels.some((v) => v.group === "water")).toBe(true);
    expect(s).not.toEqual(scene(inst));
  });

  it("draws the terrain for hostile answers, and the largest world within the caps", () => {
    const inst = make("goal-1");
    const terrain = scene(inst).voxels;
    const hostile: unknown[] = [
      null,
      { earthworks: "x" },
      { earthworks: [{ material: "rock", min: [Number.NaN, 0, 0], max: [1, 1, 1] }] },
      { earthworks: [{ material: "air", min: [0, 0, 0], max: [1e9, 1e9, 1e9] }] },
      {
        earthworks: Array.from({ length: 1e5 }, () => ({ material: "rock", min: [0, 0, 0], max: [1, 1, 1] })),
      },
    ];
    for (const answer of hostile) expect(scene(inst, answer).voxels).toEqual(terrain);
    const big = make("goal-11");
    const start = performance.now();
    const s = scene(big, {
      earthworks: [{ material: "air", min: [0, 0, 1], max: [big.data.side - 1, big.data.side - 1, 7] }],
    });
    expect(performance.now() - start).toBeLessThan(2000);
    expect(s.voxels.length).toBeLessThanOrEqual(SCENE_CAPS.voxels);
  });
});
