import type { TaskInfo } from "../../../core/registry.ts";

export const hyperSnakeInfo = {
  id: "scbench/hyper-snake",
  suite: "scbench",
  description:
    "Hyper-snake: steer a growing snake by unit steps through a 2D–10D grid, avoiding walls, eating all food and covering the open cells.",
  tags: ["planning", "nd", "grid", "path"],
  levels: [
    "2d-6x6",
    "2d-10x10-walls",
    "3d-4x4x4",
    "3d-5x5x5-walls",
    "4d-3^4-walls",
    "4d-4^4",
    "5d-3^5-walls",
    "6d-3^3x2^3-walls",
    "7d-2^7-walls",
    "8d-2^8",
    "9d-3x2^8-walls",
    "10d-binary-walls",
  ],
  presets: {
    original: {
      description:
        "The paper's 13 problems: 8×8 grids, 4³, 5⁴ and 5×3×3×5 boxes, 4⁵, 4⁵×2, 3⁶, 3⁷, a 3³×2³×3² 8D box, a 2⁶×8×2² 9D box and the 10D binary grid, with the original's starts, walls and food.",
      count: 13,
    },
  },
} satisfies TaskInfo;
