import type { TaskInfo } from "../../../core/registry.ts";

export const tetraShadowInfo = {
  id: "scbench/tetra-shadow",
  suite: "scbench",
  description:
    "Tetrahedra shadow projection: place regular tetrahedra (position + unit quaternion) so that the union of their XY shadows matches a target 2D shape, without intersecting in 3D.",
  tags: ["constructive", "3d", "projection", "quaternions"],
  levels: [
    "level-1",
    "level-2",
    "level-3",
    "level-4",
    "level-5",
    "level-6",
    "level-7",
    "level-8",
    "level-9",
    "level-10",
    "level-11",
    "level-12",
    "level-13",
    "level-14",
    "level-15",
    "level-16",
    "level-17",
    "level-18",
    "level-19",
    "level-20",
  ],
  presets: {
    original: {
      description:
        "The paper's 20 subtasks (SCBench 4.py): its targets in its order, its tetrahedron of edge 1 turned about a vertex, its answer format and its score (covered / target, one penalty, less half the difference, renormalised per subtask).",
      count: 20,
    },
  },
} satisfies TaskInfo;
