import type { TaskInfo } from "../../../core/registry.ts";

export const twoSegmentsInfo = {
  id: "scbench/two-segments",
  suite: "scbench",
  description:
    "Place two segments with endpoints on the boundary of the unit square (or, in the original's records, a shifted or scaled square or a quadrilateral, possibly with a coordinate grid) so that they cut it into a target multiset of triangles, quadrilaterals, pentagons and hexagons.",
  tags: ["axiomatic", "geometry", "spatial", "arrangement"],
  levels: [
    "easy",
    "medium",
    "hard",
    "tri3",
    "tri2-quad1",
    "tri1-quad2",
    "quad3",
    "tri4",
    "tri3-quad1",
    "tri2-quad2",
    "tri1-quad3",
    "quad4",
    "tri2-pent1",
    "tri1-quad1-pent1",
    "tri3-pent1",
    "tri2-quad1-pent1",
    "tri1-quad2-pent1",
    "tri2-hex1",
    "tri2-quad1-hex1",
    "tri2-pent2",
  ],
  presets: {
    original: {
      description:
        "The original's 27 VisGeomBench records: unit squares with and without a coordinate grid, shifted and scaled squares and quadrilaterals, in its order.",
      count: 27,
    },
  },
} satisfies TaskInfo;
