import { describe, expect, it } from "vitest";
import { resolveParams } from "../../../core/instances.ts";
import { Rng } from "../../../core/rng.ts";
import type { AnyTask, Instance } from "../../../core/task.ts";
import { SCENE_CAPS, sceneIssues } from "../../../geometry/scene-builder.ts";
import type { BurrData } from "./data.ts";
import { BurrEnv } from "./env.ts";
import { type BurrParams, burrTask } from "./index.ts";

const make = (level: string, seed: string): Instance<BurrData> =>
  burrTask.generate(resolveParams(burrTask as AnyTask, level) as BurrParams, new Rng(seed));
const inst = make("easy", "scene");
const scene = (answer?: unknown, of = inst) => {
  const s = burrTask.scene?.(of, answer as never);
  if (!s) throw new Error("no scene");
  expect(sceneIssues(s)).toEqual([]);
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  return s;
};
const cellsOf = (data: BurrData) => data.pieces.reduce((n, p) => n + p.cells.length, 0);
const groupsOf = (voxels: { group?: string }[]) => [...new Set(voxels.map((v) => v.group))].sort();

describe("burr scene", () => {
  it("draws the assembled puzzle: every cube of every piece, grouped and coloured by piece", () => {
    const s = scene();
    expect(s.voxels).toHaveLength(cellsOf(inst.data));
    expect(groupsOf(s.voxels)).toEqual(inst.data.pieces.map((p) => p.name).sort());
    for (const p of inst.data.pieces) {
      const mine = s.voxels.filter((v) => v.group === p.name);
      expect(mine.map((v) => v.at).sort()).toEqual([...p.cells].sort());
      expect(mine.every((v) => v.color === p.hex)).toBe(true);
    }
  });

  it("draws the answer as the puzzle after its moves: solved, every piece set aside", () => {
    const plan = burrTask.solve?.(inst)?.answers[0];
    const after = scene(plan);
    expect(after.voxels).toHaveLength(cellsOf(inst.data));
    expect(after.voxels.map((v) => v.at)).not.toEqual(scene().voxels.map((v) => v.at));
    expect(after.title).toContain(`${plan?.length} move(s)`);
  });

  it("draws hostile answers without throwing, within the caps", () => {
    const name = inst.data.pieces[0]?.name;
    const hostile: unknown[] = [
      null,
      "move",
      { moves: [] },
      [{ action: "move", piece: name, axis: "x", distance: Number.NaN }],
      [{ action: "move", piece: name, axis: "x", distance: 1e9 }],
      [{ action: "move", piece: Array.from({ length: 1e5 }, () => name), axis: "z", distance: 1 }],
      Array.from({ length: 1e5 }, () => ({ action: "state" })),
      [{ action: "move", piece: "__proto__", axis: "q", distance: 1 }],
    ];
    for (const answer of hostile) {
      const s = scene(answer);
      expect(s.voxels.length).toBeLessThanOrEqual(SCENE_CAPS.voxels);
      expect(s.voxels).toHaveLength(cellsOf(inst.data));
    }
  });

  it("pictures every step of an oracle episode, deterministically", () => {
    const data = make("mid", "scene-episode").data;
    const env = new BurrEnv(data);
    const again = new BurrEnv(data);
    for (;;) {
      const picture = env.render();
      const s = env.scene();
      expect(picture.svg).toContain("<svg");
      expect(sceneIssues(s)).toEqual([]);
      expect(s.voxels).toHaveLength(cellsOf(data));
      expect(again.scene()).toEqual(s);
      expect(again.render()).toEqual(picture);
      const action = env.referenceAction();
      if (action === undefined) break;
      env.step(action);
      again.step(action);
    }
    expect(env.success).toBe(true);
  });
});
