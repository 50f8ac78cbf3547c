import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { SCENE_CAPS, sceneIssues } from "../../../geometry/scene-builder.ts";
import { StackingEnv } from "./env.ts";
import { handPuzzle, SCREW } from "./fixture.ts";
import { stackingTask } from "./index.ts";
import { oraclePlan } from "./plan.ts";
import { stackingParams } from "./schema.ts";

const inst = { id: "t", task: "chain/stacking", params: {}, seed: null, data: handPuzzle() };
const scene = (answer?: unknown) => {
  const s = stackingTask.scene?.(inst, answer as never);
  if (!s) throw new Error("no scene");
  expect(sceneIssues(s)).toEqual([]);
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  return s;
};
const countBy = (groups: (string | undefined)[]) =>
  Object.fromEntries([...new Set(groups)].map((g) => [g, groups.filter((x) => x === g).length]));

describe("stacking scene", () => {
  it("draws the stored packing in the box, a voxel per cell, grouped by piece", () => {
    const s = scene();
    expect(s.voxels).toHaveLength(12);
    expect(countBy(s.voxels.map((v) => v.group))).toEqual({ red: 4, green: 4, yellow: 4 });
    expect(s.voxels.find((v) => v.group === "red")?.color).toBe("#e6194b");
    expect(s.meshes.map((m) => m.name)).toEqual(["box"]);
    expect(s.voxels.every((v) => v.at.every((c, k) => c >= 0 && c < (inst.data.box[k] as number)))).toBe(
      true,
    );
  });

  it("draws a partial plan as the pieces it placed in the box and the rest set aside", () => {
    const s = scene([{ action: "place", piece: "red", cells: SCREW }]);
    const inBox = s.voxels.filter((v) => v.at[0] < 2);
    expect(inBox.map((v) => v.group)).toEqual(["red", "red", "red", "red"]);
    expect(s.voxels.filter((v) => v.at[0] >= 4)).toHaveLength(8);
    expect(s).not.toEqual(scene());
    expect(
      scene(oraclePlan(inst.data))
        .voxels.map((v) => v.at)
        .sort(),
    ).toEqual(
      scene()
        .voxels.map((v) => v.at)
        .sort(),
    );
  });

  it("draws hostile answers without throwing, within the caps", () => {
    const hostile: unknown[] = [
      null,
      42,
      "place",
      { plan: [] },
      [{ action: "place", piece: "red", cells: [[Number.NaN, 0, 0]] }],
      [
        {
          action: "place",
          piece: "red",
          cells: [
            [1e9, 1e9, 1e9],
            [0, 0, 0],
            [0, 0, 1],
            [0, 0, 2],
          ],
        },
      ],
      [{ action: "place", piece: "red", cells: Array.from({ length: 1e5 }, () => [0, 0, 0]) }],
      Array.from({ length: 1e5 }, () => ({ action: "state" })),
      [{ action: "place", piece: "__proto__", cells: SCREW }, { action: "pickup" }],
    ];
    for (const answer of hostile) {
      const s = scene(answer);
      expect(s.voxels.length).toBeLessThanOrEqual(SCENE_CAPS.voxels);
      expect(s.voxels.filter((v) => v.at[0] < 2)).toHaveLength(0);
    }
  });

  it("pictures every step of an oracle episode, deterministically and cheaply", () => {
    const data = stackingTask.generate(stackingParams.parse({ size: [3, 3, 3] }), new Rng("scene")).data;
    const env = new StackingEnv(data);
    const again = new StackingEnv(data);
    let worst = 0;
    for (;;) {
      const start = performance.now();
      const picture = env.render();
      const s = env.scene();
      worst = Math.max(worst, performance.now() - start);
      expect(picture.svg).toContain("<svg");
      expect(sceneIssues(s)).toEqual([]);
      const placed = env.board.placedPieces().reduce((n, p) => n + p.cells.length, 0);
      expect(s.voxels.filter((v) => v.at[0] < data.box[0])).toHaveLength(placed);
      expect(s.voxels).toHaveLength(data.pieces.reduce((n, p) => n + p.cells.length, 0));
      expect(again.scene()).toEqual(s);
      expect(again.render()).toEqual(picture);
      const action = env.referenceAction();
      if (action === undefined) break;
      env.step(action);
      again.step(action);
    }
    expect(env.success).toBe(true);
    expect(worst).toBeLessThan(50);
  });
});
