import { generatedInstance } from "../../../core/instances.ts";
import { levelOfParams } from "../../../core/levels.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Task } from "../../../core/task.ts";
import { pipeLoopCard } from "./card.ts";
import { generatePipeData } from "./generate.ts";
import { pipeLoopInfo } from "./info.ts";
import {
  answerSchema,
  dataSchema,
  levels,
  type PipeAnswer,
  type PipeData,
  type PipeParams,
  pipeParams,
} from "./model.ts";
import { originalPreset } from "./original.ts";
import { parsePipeAnswer } from "./parse.ts";
import { pipePrompt } from "./prompt.ts";
import { referenceLoop } from "./reference.ts";
import { renderPipeLoop } from "./render.ts";
import { verifyPipeLoop } from "./verify.ts";

const ID = "scbench/pipe-loop";

export const pipeLoopTask: Task<PipeParams, PipeData, PipeAnswer> = {
  ...infoFields(pipeLoopInfo),
  version: 2,
  params: pipeParams,
  levels,
  presets: { original: originalPreset },
  answer: answerSchema,
  data: dataSchema,

  generate(params, rng) {
    const data = generatePipeData(params, rng);
    return generatedInstance(ID, params, rng, data);
  },

  level: (inst) => levelOfParams(pipeParams, levels, inst.params),
  prompt: (inst, opts) => pipePrompt(inst.data, opts),
  parse: (text) => parsePipeAnswer(text),
  verify: (inst, answer) => verifyPipeLoop(inst.data, answer),
  card: pipeLoopCard,
  solve: (inst) => {
    const answer = referenceLoop(inst.data);
    return answer ? { answers: [answer], complete: true } : { answers: [], complete: false };
  },
  formatAnswer: (answer) => JSON.stringify(answer),

  randomAnswer(inst, rng) {
    // A random walk of unit steps from the centre: right length, almost surely crossing or out of bounds.
    const { side, pipes } = inst.data;
    let x = side / 2;
    let y = side / 2;
    const points: [number, number][] = [];
    for (let i = 0; i < pipes; i++) {
      points.push([x, y]);
      const a = rng.float() * 2 * Math.PI;
      x += Math.cos(a);
      y += Math.sin(a);
    }
    return { points };
  },

  render: (inst, answer) => renderPipeLoop(inst.data, answer),
};
