import type { TaskInfo } from "../../../core/registry.ts";

export const fluidSimInfo = {
  id: "scbench/fluid-sim",
  suite: "scbench",
  description:
    "Fluid simulation (earthworks): add and remove boxes of rock on a voxel terrain so that, after rock settles and rain falls, the water forms a required configuration (lake area, bodies, levels, depth, hidden lakes, exact volume).",
  tags: ["planning", "3d", "voxels", "simulation"],
  levels: [
    "goal-1",
    "goal-2",
    "goal-3",
    "goal-4",
    "goal-5",
    "goal-6",
    "goal-7",
    "goal-8",
    "goal-9",
    "goal-10",
    "goal-11",
  ],
  presets: {
    original: {
      description:
        "The 11 subtasks of the SCBench original (23.py) on its flat worlds of side 16 to 64, graded by its simulator and scores.",
      count: 11,
    },
  },
} satisfies TaskInfo;
