import type { TaskInfo } from "../../../core/registry.ts";

export const shikakuInfo = {
  id: "scbench/shikaku",
  suite: "scbench",
  description:
    "Shikaku: partition a clue grid into rectangles, each holding exactly one clue equal to its area.",
  tags: ["constructive", "2d", "grid", "tiling", "puzzle"],
  levels: ["easy-7x7", "easy-8x8", "medium-10x10", "medium-12x12", "hard-15x15-large", "hard-15x15-dense"],
  presets: {
    original: {
      description:
        "The original's 6 VisGeomBench puzzles (7×7 to 15×15), in its order, with their stored solutions as references.",
      count: 6,
    },
  },
} satisfies TaskInfo;
