import type { TaskInfo } from "../../../core/registry.ts";

export const packPrismsInfo = {
  id: "scbench/pack-prisms",
  suite: "scbench",
  description:
    "Pack rectangular prisms (any orthogonal orientation, no overlap) into the smallest bounding box; scored by packing efficiency.",
  tags: ["constructive", "3d", "packing", "optimisation"],
  levels: Array.from({ length: 9 }, (_, i) => `level-${i + 1}`),
  presets: {
    original: {
      description:
        "The original's nine growing prism lists (7 prisms of 5×3×2 up to 158 prisms with fifty 50³ cubes), in its order; scored as it did: efficiency where it held a perfect box possible, else efficiency / 0.95.",
      count: 9,
    },
  },
} satisfies TaskInfo;
