import type { TaskInfo } from "../../../core/registry.ts";

export const interlockingPartsInfo = {
  id: "scbench/interlocking-parts",
  suite: "scbench",
  description:
    "Design a tall lattice cage as exactly 10 printable parts held by 4 corner rods; graded on 9 geometric criteria (validity, printability, gaps, size, rods, interference, engagement, bar thickness, gap size).",
  tags: ["constructive", "3d", "mesh", "3d-printing", "assembly"],
  levels: ["brief", "brief-varied"],
  presets: {
    original: {
      description:
        "The original's 9 subtasks: one cage brief (350 × 350 × 700 mm inside, 400 × 400 × 50 mm printer), each graded on one of its 9 criteria.",
      count: 9,
    },
  },
} satisfies TaskInfo;
