import type { TaskInfo } from "../../../core/registry.ts";

export const packPrismsInfo = {
  id: "scbench/pack-prisms",
  suite: "scbench",
  description:
    "Pack rectangular prisms (any orthogonal orientation, no overlap) into the smallest bounding box; scored by packing efficiency.",
  tags: ["constructive", "3d", "packing", "optimisation"],
  levels: ["level-1", "level-2", "level-3", "level-4", "level-5", "level-6", "level-7", "level-8", "level-9"],
  presets: {
    original: {
      description:
        "The original's nine growing prism lists (7 prisms of 5×3×2 up to 158 prisms with fifty 50³ cubes), in its order; scored as it did: efficiency where it held a perfect box possible, else efficiency / 0.95.",
      count: 9,
    },
  },
} satisfies TaskInfo;
