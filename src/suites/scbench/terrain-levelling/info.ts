import type { TaskInfo } from "../../../core/registry.ts";

export const terrainLevellingInfo = {
  id: "scbench/terrain-levelling",
  suite: "scbench",
  description:
    "Plan an ordered list of blasts on a Perlin heightmap; rubble is simulated with rigid-body physics, and the score is the growth of the largest flat region.",
  tags: ["planning", "physics", "terrain", "optimisation"],
  levels: ["level-1", "level-2", "level-3", "level-4", "level-5", "level-6", "level-7", "level-8", "level-9"],
  presets: {
    original: {
      description:
        "The 9 terrains of the SCBench original: its seed-42 Perlin heightmap generator at sides 16, 20, …, 48.",
      count: 9,
    },
  },
} satisfies TaskInfo;
