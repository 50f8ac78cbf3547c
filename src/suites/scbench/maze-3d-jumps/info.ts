import type { TaskInfo } from "../../../core/registry.ts";

export const maze3dJumpsInfo = {
  id: "scbench/maze-3d-jumps",
  suite: "scbench",
  description:
    "3D maze with jumps: build a heightmap whose only route from A to B walks steps of ±1 and jumps over lower cells.",
  tags: ["planning", "3d", "grid", "maze", "heightmap", "text-answer"],
  levels: [
    "size-5-jumps-2",
    "size-10-jumps-4",
    "size-15-jumps-6",
    "size-20-jumps-8",
    "size-25-jumps-10",
    "size-30-jumps-12",
  ],
  presets: {
    original: {
      description:
        "The paper's 6 subtasks: 5×5 to 30×30 mazes needing 2 to 12 jumps, with the original's A/B heights (5/0, 0/9, 5/5, 5/5, 5/5, 5/0).",
      count: 6,
    },
  },
} satisfies TaskInfo;
