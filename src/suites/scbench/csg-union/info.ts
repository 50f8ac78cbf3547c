import type { TaskInfo } from "../../../core/registry.ts";

export const csgUnionInfo = {
  id: "scbench/csg-union",
  suite: "scbench",
  description:
    "Compute the CSG union (and differences) of faceted primitives described in words and answer with one closed polyhedron; scored by volume accuracy against the reference solid.",
  tags: ["constructive", "3d", "csg", "mesh"],
  levels: [
    "case-1",
    "case-2",
    "case-3",
    "case-4",
    "case-5",
    "case-6",
    "case-7",
    "case-8",
    "case-9",
    "case-10",
    "case-11",
    "case-12",
    "case-13",
    "case-14",
    "case-15",
    "case-16",
    "case-17",
    "case-18",
    "case-19",
    "case-20",
    "case-21",
  ],
  presets: {
    original: {
      description:
        "The original's 22 CSG cases, from two overlapping cubes to a hollow box of six walls, in its order.",
      count: 22,
    },
  },
} satisfies TaskInfo;
