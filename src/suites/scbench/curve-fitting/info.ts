import type { TaskInfo } from "../../../core/registry.ts";

export const curveFittingInfo = {
  id: "scbench/polynomial-curve-fitting",
  suite: "scbench",
  description:
    "Polynomial curve fitting: write an arithmetic expression in x and y whose sign separates the two regions of a blob grid (text up to 40×40, an image beyond).",
  tags: ["constructive", "2d", "grid", "curve-fitting", "vision"],
  levels: [
    "small-blob-cluster-8x8",
    "smooth-corner-12x12",
    "island-off-centre-24x24",
    "twin-islands-24x24",
    "low-frequency-thumb-48x48",
    "peanut-64x64",
    "ellipse-96x96",
    "asteroid-50x50",
    "halloween-decoration-128x128",
  ],
  presets: {
    original: {
      description:
        "The original's nine grids (8×8 to 128×128, its seeded v2 generator's output recorded as data), in its order; grids above 40×40 are shown as an image.",
      count: 9,
    },
  },
} satisfies TaskInfo;
