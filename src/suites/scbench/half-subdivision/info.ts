import type { TaskInfo } from "../../../core/registry.ts";

export const halfSubdivisionInfo = {
  id: "scbench/half-subdivision-neighbours",
  suite: "scbench",
  description:
    "A unit square or cube is bisected recursively along a cycle of axes; list every leaf cell sharing a face of positive measure with a target leaf.",
  tags: ["axiomatic", "spatial", "geometry", "3d"],
  levels: [
    "2d-xy-depth4",
    "2d-xy-depth6",
    "2d-yx-depth6",
    "2d-xxy-depth8",
    "2d-yyx-depth10",
    "2d-xy-depth10",
    "3d-zyx-depth6",
    "3d-zyx-depth9",
    "3d-xyz-depth6",
    "3d-xyz-depth9",
    "3d-xyz-depth12",
    "3d-xxyz-depth8",
    "3d-xxyz-depth12",
    "3d-zyxxzzyxz-depth9",
    "3d-zyxxzzyxz-depth12",
    "3d-yyxyz-depth10",
    "3d-yyxyz-depth12",
  ],
  presets: {
    original: {
      description: "The original's 17 VisGeomBench trees (6 squares, 11 cubes, depth 5 to 10), in its order.",
      count: 17,
    },
  },
} satisfies TaskInfo;
