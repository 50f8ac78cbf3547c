import type { TaskInfo } from "../../../core/registry.ts";

export const tetraShadowInfo = {
  id: "scbench/tetra-shadow",
  suite: "scbench",
  description:
    "Tetrahedra shadow projection: place regular tetrahedra (position + unit quaternion) so that the union of their XY shadows matches a target 2D shape, without intersecting in 3D.",
  tags: ["constructive", "3d", "projection", "quaternions"],
  levels: Array.from({ length: 20 }, (_, i) => `level-${i + 1}`),
  presets: {
    original: {
      description:
        "The paper's 20 subtasks (SCBench 4.py): its targets in its order, its tetrahedron of edge 1 turned about a vertex, its answer format and its score (covered / target, one penalty, less half the difference, renormalised per subtask).",
      count: 20,
    },
  },
} satisfies TaskInfo;
