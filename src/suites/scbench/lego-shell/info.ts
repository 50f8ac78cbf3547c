import type { TaskInfo } from "../../../core/registry.ts";

export const legoShellInfo = {
  id: "scbench/lego-shell",
  suite: "scbench",
  description:
    "Build a hemispherical shell from 2×4 Lego bricks under stud, connection, overlap and stability rules; scored by IoU with the shell.",
  tags: ["constructive", "3d", "lego", "csg", "optimisation"],
  levels: Array.from({ length: 8 }, (_, i) => `level-${i + 1}`),
  presets: {
    original: {
      description:
        "The original's 8 shells, inner–outer radius 4–7 cm up to 15–17 cm (2.py testParams), in its order.",
      count: 8,
    },
  },
} satisfies TaskInfo;
