import type { TaskInfo } from "../../core/registry.ts";

export const sparcInfo = {
  id: "sparc",
  suite: "sparc",
  description: "Witness-style grid path puzzles: draw one line from S to E that satisfies every rule symbol.",
  tags: ["planning", "pathfinding", "rules", "spatial"],
  levels: [
    "all",
    "gaps",
    "dots",
    "stones",
    "stars",
    "triangles",
    "polys",
    "polys_ylops",
    "stones_stars",
    "gaps_dots_triangles",
    "dots_stars_polys",
    "difficulty-1",
    "difficulty-2",
    "difficulty-3",
    "difficulty-4",
    "difficulty-5",
  ],
} satisfies TaskInfo;
