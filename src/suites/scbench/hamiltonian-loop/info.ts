import type { TaskInfo } from "../../../core/registry.ts";

export const hamiltonianLoopInfo = {
  id: "scbench/hamiltonian-loop",
  suite: "scbench",
  description:
    "Hamiltonian loop: list a closed path of side-adjacent steps that visits every free cell of an obstructed grid exactly once.",
  tags: ["constructive", "2d", "grid", "hamiltonian-cycle", "path"],
  levels: [
    "empty-4x4",
    "sparse-6x6",
    "empty-8x8",
    "sparse-8x8",
    "sparse-10x10",
    "sparse-12x12",
    "busy-12x12",
    "sparse-14x14",
    "sparse-16x16",
    "busy-16x16",
  ],
  presets: {
    original: {
      description:
        "The paper's 10 subtasks: empty 4×4, 8×8, 12×12 and 16×16 grids and the original's fixed symmetric pillar patterns, cells numbered from (1, 1) at the top left.",
      count: 10,
    },
  },
} satisfies TaskInfo;
