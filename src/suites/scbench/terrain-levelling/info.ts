import type { TaskInfo } from "../../../core/registry.ts";

export const terrainLevellingInfo = {
  id: "scbench/terrain-levelling",
  suite: "scbench",
  description:
    "Plan an ordered list of blasts on a Perlin heightmap; rubble is simulated with rigid-body physics, and the score is the growth of the largest flat region.",
  tags: ["planning", "physics", "terrain", "optimisation"],
  levels: Array.from({ length: 9 }, (_, i) => `level-${i + 1}`),
  presets: {
    original: {
      description:
        "The 9 terrains of the SCBench original: its seed-42 Perlin heightmap generator at sides 16, 20, …, 48.",
      count: 9,
    },
  },
} satisfies TaskInfo;
