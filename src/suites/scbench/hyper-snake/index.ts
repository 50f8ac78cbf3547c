import { generatedInstance } from "../../../core/instances.ts";
import { levelOfParams } from "../../../core/levels.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Task } from "../../../core/task.ts";
import { Box } from "./box.ts";
import { hyperSnakeCard } from "./card.ts";
import { generateSnake } from "./generate.ts";
import { hyperSnakeInfo } from "./info.ts";
import { originalPreset } from "./original.ts";
import { parseSnakeAnswer } from "./parse.ts";
import { hyperSnakePrompt } from "./prompt.ts";
import { renderSnake } from "./render.ts";
import {
  answerSchema,
  dataSchema,
  type HyperSnakeAnswer,
  type HyperSnakeData,
  type HyperSnakeParams,
  hyperSnakeParams,
} from "./schema.ts";
import { solveSnake } from "./solve.ts";
import { verifySnake } from "./verify.ts";

const ID = "scbench/hyper-snake";

/**
 * The original's twelve subtasks, 2D to 10D: square grids and hypercubes, an unequal 9D box and a
 * 10D binary grid, some with walls; every level has food and a seeded start.
 */
const levels: Record<string, Partial<HyperSnakeParams>> = {
  "2d-6x6": { shape: [6, 6], walls: 0, food: 3 },
  "2d-10x10-walls": { shape: [10, 10], walls: 8, food: 5 },
  "3d-4x4x4": { shape: [4, 4, 4], walls: 0, food: 4 },
  "3d-5x5x5-walls": { shape: [5, 5, 5], walls: 6, food: 5 },
  "4d-3^4-walls": { shape: [3, 3, 3, 3], walls: 3, food: 4 },
  "4d-4^4": { shape: [4, 4, 4, 4], walls: 0, food: 6 },
  "5d-3^5-walls": { shape: [3, 3, 3, 3, 3], walls: 6, food: 6 },
  "6d-3^3x2^3-walls": { shape: [3, 3, 3, 2, 2, 2], walls: 5, food: 6 },
  "7d-2^7-walls": { shape: [2, 2, 2, 2, 2, 2, 2], walls: 3, food: 5 },
  "8d-2^8": { shape: [2, 2, 2, 2, 2, 2, 2, 2], walls: 0, food: 6 },
  "9d-3x2^8-walls": { shape: [3, 2, 2, 2, 2, 2, 2, 2, 2], walls: 10, food: 8 },
  "10d-binary-walls": { shape: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2], walls: 12, food: 8 },
};

export const hyperSnakeTask: Task<HyperSnakeParams, HyperSnakeData, HyperSnakeAnswer> = {
  ...infoFields(hyperSnakeInfo),
  version: 2,
  card: hyperSnakeCard,
  params: hyperSnakeParams,
  levels,
  presets: { original: originalPreset },
  answer: answerSchema,
  data: dataSchema,

  generate(params, rng) {
    const data = generateSnake(params, rng);
    return generatedInstance(ID, params, rng, data);
  },

  level: (inst) => levelOfParams(hyperSnakeParams, levels, inst.params),
  prompt: (inst, opts) => hyperSnakePrompt(inst.data, opts),
  parse: (text) => parseSnakeAnswer(text),
  verify: (inst, answer) => verifySnake(inst.data, answer),
  solve: (inst) => ({ answers: [{ path: solveSnake(inst.data) }], complete: true }),
  formatAnswer: (answer) => JSON.stringify(answer),

  randomAnswer(inst, rng) {
    // A random walk by unit steps inside the box that stops when it would bite itself.
    const box = new Box(inst.data.shape);
    const seen = new Set<number>([box.index(inst.data.start)]);
    const path = [inst.data.start];
    let at = box.index(inst.data.start);
    for (let i = 0; i < box.size; i++) {
      at = rng.pick(box.neighbours(at));
      if (seen.has(at)) break;
      seen.add(at);
      path.push(box.point(at));
    }
    return { path };
  },

  render: (inst, answer) => renderSnake(inst.data, answer),
};
