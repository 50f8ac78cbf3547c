import type { TaskInfo } from "../../../core/registry.ts";

export const voxelProjectionInfo = {
  id: "scbench/voxel-projection",
  suite: "scbench",
  description:
    "Voxel grid projection: place exactly V voxels in an N×N×N grid so that all three projections are full and no cube symmetry maps the set onto itself.",
  tags: ["constructive", "3d", "voxels", "symmetry"],
  levels: ["n6-v50", "n8-v100", "n12-v200", "n16-v400", "n24-v1000", "n20-v500-no7"],
  presets: {
    original: {
      description:
        "The original's 6 subpasses: 6³ with 50 voxels up to 24³ with 1000, then 20³ with 500 and no 7 in x+y+z.",
      count: 6,
    },
  },
} satisfies TaskInfo;
