import type { TaskInfo } from "../../../core/registry.ts";

export const delaunayInfo = {
  id: "scbench/delaunay",
  suite: "scbench",
  description:
    "Delaunay triangulation: list the triangles of the Delaunay triangulation of 4–30 points (the original's records: 6–76) given with 3 decimals; checked exactly by coverage of the hull and the empty-circumcircle rule.",
  tags: ["constructive", "geometry", "triangulation"],
  levels: [
    "uniform-04",
    "uniform-05",
    "uniform-06",
    "uniform-07",
    "uniform-08",
    "uniform-10",
    "uniform-12",
    "uniform-14",
    "uniform-16",
    "uniform-18",
    "uniform-20",
    "uniform-22",
    "uniform-25",
    "uniform-28",
    "uniform-30",
    "clustered-12",
    "clustered-20",
    "clustered-28",
    "near-collinear-10",
    "near-collinear-16",
    "near-collinear-24",
    "lattice-09",
    "lattice-20",
    "circle-08",
    "circle-square-14",
  ],
  presets: {
    original: {
      description:
        "The original's 25 VisGeomBench records (6 to 76 points), in its order; verified against the points as printed.",
      count: 25,
    },
  },
} satisfies TaskInfo;
