import { generatedInstance } from "../../../core/instances.ts";
import { levelOfParams } from "../../../core/levels.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Task } from "../../../core/task.ts";
import { hamiltonianLoopCard } from "./card.ts";
import { generateLayout, type LoopParams, loopParams, toAnswer } from "./generate.ts";
import {
  answerSchema,
  type Cell,
  dataSchema,
  gridOf,
  type LoopAnswer,
  type LoopData,
  neighbours,
} from "./grid.ts";
import { hamiltonianLoopInfo } from "./info.ts";
import { originalPreset } from "./original.ts";
import { parseLoopAnswer } from "./parse.ts";
import { loopPrompt } from "./prompt.ts";
import { renderLoop } from "./render.ts";
import { findLoop } from "./solve.ts";
import { verifyLoop } from "./verify.ts";

const ID = "scbench/hamiltonian-loop";

/**
 * The original's ten subpasses, from an empty 4×4 to a busy 16×16; obstacle counts grow with size
 * (about 6–12% of the cells on the sparse levels, 20–25% on the busy ones).
 */
const levels: Record<string, Partial<LoopParams>> = {
  "empty-4x4": { width: 4, height: 4, obstacles: 0 },
  "sparse-6x6": { width: 6, height: 6, obstacles: 4 },
  "empty-8x8": { width: 8, height: 8, obstacles: 0 },
  "sparse-8x8": { width: 8, height: 8, obstacles: 8 },
  "sparse-10x10": { width: 10, height: 10, obstacles: 12 },
  "sparse-12x12": { width: 12, height: 12, obstacles: 16 },
  "busy-12x12": { width: 12, height: 12, obstacles: 30 },
  "sparse-14x14": { width: 14, height: 14, obstacles: 24 },
  "sparse-16x16": { width: 16, height: 16, obstacles: 32 },
  "busy-16x16": { width: 16, height: 16, obstacles: 64 },
};

export const hamiltonianLoopTask: Task<LoopParams, LoopData, LoopAnswer> = {
  ...infoFields(hamiltonianLoopInfo),
  version: 2,
  card: hamiltonianLoopCard,
  params: loopParams,
  levels,
  presets: { original: originalPreset },
  answer: answerSchema,
  data: dataSchema,

  generate(params, rng) {
    const data = generateLayout(params, rng);
    return generatedInstance(ID, params, rng, data);
  },

  level: (inst) => levelOfParams(loopParams, levels, inst.params),
  prompt: (inst, opts) => loopPrompt(inst.data, opts),
  parse: (text) => parseLoopAnswer(text),
  verify: (inst, answer) => verifyLoop(inst.data, answer),

  solve(inst) {
    const { loop } = findLoop(gridOf(inst.data));
    return {
      answers: loop === null ? [] : [toAnswer(inst.data.width, loop, inst.data.origin)],
      complete: loop !== null,
    };
  },

  formatAnswer: (answer) => JSON.stringify(answer),

  randomAnswer(inst, rng) {
    const g = gridOf(inst.data);
    // A random walk over free cells, as long as the loop should be: well-formed, almost surely wrong.
    const free = Array.from(g.open.keys()).filter((i) => g.open[i]);
    const loop: Cell[] = [];
    let cur = free.length > 0 ? rng.pick(free) : 0;
    const o = inst.data.origin ?? 0;
    for (let k = 0; k < g.freeCount; k++) {
      loop.push([(cur % g.width) + o, Math.floor(cur / g.width) + o]);
      const steps = neighbours(g, cur);
      if (steps.length > 0) cur = rng.pick(steps);
    }
    return { loop };
  },

  render: (inst, answer) =>
    renderLoop(inst.data, answer, `Hamiltonian loop ${inst.data.width}×${inst.data.height}`),
};
