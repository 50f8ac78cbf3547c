import type { Instance, Preset } from "../../../core/task.ts";
import { hyperSnakeInfo } from "./info.ts";
import type { HyperSnakeData } from "./schema.ts";

/** The original's 13 problems (SCBench `11.py`, `problems`), in its order: shape, start, walls, food. */
const PROBLEMS: readonly HyperSnakeData[] = [
  { shape: [8, 8], start: [0, 0], walls: [], food: [[1, 1]] },
  {
    shape: [8, 8],
    start: [0, 0],
    walls: [
      [5, 5],
      [6, 6],
      [0, 1],
    ],
    food: [[7, 7]],
  },
  // The original's grader never matched this wall (see the divergence table); Plumb enforces it.
  { shape: [4, 4, 4], start: [1, 0, 1], walls: [[1, 1, 1]], food: [[1, 2, 1]] },
  { shape: [4, 4, 4], start: [1, 1, 1], walls: [[0, 0, 1]], food: [[0, 0, 0]] },
  {
    shape: [5, 5, 5, 5],
    start: [4, 4, 4, 4],
    walls: [
      [0, 0, 0, 1],
      [0, 0, 1, 0],
      [0, 1, 0, 0],
    ],
    food: [[0, 0, 0, 0]],
  },
  {
    shape: [5, 3, 3, 5],
    start: [4, 1, 1, 4],
    walls: [
      [0, 0, 0, 1],
      [0, 0, 1, 0],
      [0, 1, 0, 0],
    ],
    food: [[0, 0, 0, 0]],
  },
  {
    shape: [4, 4, 4, 4, 4],
    start: [0, 0, 1, 1, 1],
    walls: [[3, 3, 3, 3, 3]],
    food: [
      [3, 0, 3, 0, 3],
      [0, 3, 0, 3, 0],
    ],
  },
  {
    shape: [4, 4, 4, 4, 4, 2],
    start: [0, 0, 0, 0, 0, 0],
    walls: [[0, 0, 1, 0, 0, 0]],
    food: [
      [0, 0, 3, 0, 0, 1],
      [0, 0, 0, 0, 0, 1],
    ],
  },
  {
    shape: [3, 3, 3, 3, 3, 3],
    start: [0, 0, 1, 0, 0, 0],
    walls: [[0, 0, 1, 2, 0, 0]],
    food: [
      [0, 0, 2, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
    ],
  },
  {
    shape: [3, 3, 3, 3, 3, 3, 3],
    start: [0, 0, 0, 0, 0, 0, 0],
    walls: [
      [0, 0, 1, 2, 0, 0, 0],
      [0, 2, 1, 0, 0, 0, 0],
    ],
    food: [
      [0, 0, 0, 0, 0, 1, 1],
      [0, 0, 0, 1, 1, 0, 0],
    ],
  },
  {
    shape: [3, 3, 3, 2, 2, 2, 3, 3],
    start: [0, 0, 0, 0, 0, 0, 0, 0],
    walls: [
      [0, 0, 1, 1, 0, 0, 0, 0],
      [0, 1, 1, 0, 0, 0, 0, 0],
    ],
    food: [
      [0, 0, 0, 0, 0, 1, 1, 1],
      [0, 0, 0, 1, 1, 0, 0, 0],
    ],
  },
  {
    shape: [2, 2, 2, 2, 2, 2, 8, 2, 2],
    start: [0, 0, 0, 0, 0, 0, 5, 0, 0],
    walls: [
      [0, 0, 0, 0, 0, 0, 4, 0, 0],
      [0, 1, 1, 0, 0, 0, 4, 0, 0],
    ],
    food: [
      [0, 0, 0, 0, 0, 1, 1, 1, 1],
      [0, 0, 0, 1, 1, 0, 0, 0, 0],
    ],
  },
  {
    shape: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
    start: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
    walls: [
      [0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
      [0, 1, 1, 0, 0, 0, 0, 0, 0, 0],
    ],
    food: [
      [0, 0, 0, 0, 0, 1, 1, 1, 1, 1],
      [0, 0, 0, 1, 1, 0, 0, 0, 0, 0],
    ],
  },
];

const ID = "scbench/hyper-snake";

function originalInstances(): Instance<HyperSnakeData>[] {
  return PROBLEMS.map((p, i) => {
    const data: HyperSnakeData = {
      shape: [...p.shape],
      start: [...p.start],
      walls: p.walls.map((w) => [...w]),
      food: p.food.map((f) => [...f]),
    };
    return {
      id: `${ID}/original/${i + 1}`,
      task: ID,
      params: {
        dim: p.shape.length,
        size: data.shape,
        start: data.start,
        walls: data.walls,
        food: data.food,
      },
      seed: null,
      data,
    };
  });
}

export const originalPreset: Preset<HyperSnakeData> = {
  description: hyperSnakeInfo.presets.original.description,
  instances: originalInstances,
};
