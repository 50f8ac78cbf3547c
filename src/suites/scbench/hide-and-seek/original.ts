import type { Instance, Preset } from "../../../core/task.ts";
import { hideAndSeekInfo } from "./info.ts";
import type { HideData } from "./scene.ts";

const ID = "scbench/hide-and-seek";

/**
 * The original's six subtasks (SCBench `13.py`, `prepareSubpassPrompt` and `gradeAnswer`), in its
 * order: (people, building width in m). Everything else is fixed there: a 10 m tall building
 * centred at the origin, the sniper's eye at (100, 100, 20), people 0.5 × 0.5 × 2 m, at most 30 m
 * from the building's centre.
 */
const SUBTASKS: readonly (readonly [number, number])[] = [
  [4, 2],
  [20, 4],
  [40, 6],
  [80, 8],
  [150, 10],
  [200, 7],
];

function originalInstances(): Instance<HideData>[] {
  return SUBTASKS.map(([people, buildingWidth], i) => {
    const data: HideData = {
      people,
      building: { width: buildingWidth, height: 10 },
      person: { width: 0.5, height: 2 },
      sniper: [100, 100, 20],
      maxDistance: 30,
    };
    return {
      id: `${ID}/original/${i + 1}`,
      task: ID,
      params: { subpass: i, people, buildingWidth, buildingHeight: 10, personWidth: 0.5, personHeight: 2 },
      seed: null,
      data,
    };
  });
}

export const originalPreset: Preset<HideData> = {
  description: hideAndSeekInfo.presets.original.description,
  instances: originalInstances,
};
