import type { Instance, Preset } from "../../../core/task.ts";
import { maze3dJumpsInfo } from "./info.ts";
import type { MazeData } from "./maze.ts";

/** The original's six subtasks (SCBench `7.py`, `testParams`): size, A and B heights, least jumps. */
const SUBTASKS: readonly (readonly [number, number, number, number])[] = [
  [5, 5, 0, 2],
  [10, 0, 9, 4],
  [15, 5, 5, 6],
  [20, 5, 5, 8],
  [25, 5, 5, 10],
  [30, 5, 0, 12],
];

const ID = "scbench/maze-3d-jumps";

function originalInstances(): Instance<MazeData>[] {
  return SUBTASKS.map(([size, a, b, jumps], i) => ({
    id: `${ID}/original/${i + 1}`,
    task: ID,
    params: { size, a_height: a, b_height: b, required_jumps: jumps },
    seed: null,
    data: { size, minJumps: jumps, startHeight: a, endHeight: b },
  }));
}

export const originalPreset: Preset<MazeData> = {
  description: maze3dJumpsInfo.presets.original.description,
  instances: originalInstances,
};
