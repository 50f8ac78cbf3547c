import type { TaskInfo } from "../../../core/registry.ts";

export const pipeLoopInfo = {
  id: "scbench/pipe-loop",
  suite: "scbench",
  description:
    "Pipe loop fitting: lay N unit-length pipes as one closed, non-crossing loop inside a square, meeting extra geometric constraints on levels 11–20.",
  tags: ["constructive", "2d", "geometry", "polyline"],
  levels: Array.from({ length: 40 }, (_, i) => `level-${String(i + 1).padStart(2, "0")}`),
  presets: {
    original: {
      description:
        "The paper's 40 subtasks: 3 pipes in a 1×1 square up to 420 pipes in 50×50, no self-contact on all, and one of the original's constraint sets on subtasks 12–21.",
      count: 40,
    },
  },
} satisfies TaskInfo;
