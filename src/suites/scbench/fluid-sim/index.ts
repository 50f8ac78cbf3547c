import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Task } from "../../../core/task.ts";
import { fluidSimCard } from "./card.ts";
import { generateFluid } from "./generate.ts";
import { GOALS, LEVEL_SIDES } from "./goals.ts";
import { fluidSimInfo } from "./info.ts";
import { originalInstances, originalReference, verifyOriginal } from "./original.ts";
import { fluidPrompt } from "./prompt.ts";
import { renderFluid } from "./render.ts";
import { fluidScene } from "./scene.ts";
import {
  answerSchema,
  dataSchema,
  type Earthwork,
  type FluidAnswer,
  type FluidData,
  type FluidParams,
  fluidParams,
  LAYERS,
  readableAnswerSchema,
} from "./schema.ts";
import { referenceAnswer } from "./solve.ts";
import { verifyFluid } from "./verify.ts";

export { benchFluid } from "./bench.ts";

/** The seed's 11 goals in its order, on worlds growing from 16 to 64 columns a side. */
const levels: Record<string, Partial<FluidParams>> = Object.fromEntries(
  GOALS.map((_, k) => [`goal-${k + 1}`, { goal: k + 1, side: LEVEL_SIDES[k] }]),
);

export const fluidSimTask: Task<FluidParams, FluidData, FluidAnswer> = {
  ...infoFields(fluidSimInfo),
  version: 2,
  card: fluidSimCard,
  params: fluidParams,
  levels,
  answer: answerSchema,
  data: dataSchema,
  generate: (params, rng) => generateFluid(params, rng),
  presets: {
    original: {
      description: fluidSimInfo.presets.original.description,
      instances: originalInstances,
    },
  },

  level(inst) {
    const { goalNumber, side, original } = inst.data;
    if (original) return null;
    return side === LEVEL_SIDES[goalNumber - 1] ? `goal-${goalNumber}` : null;
  },
  prompt: (inst, opts) => fluidPrompt(inst.data, opts),
  parse: (text) => parseLooseAnswer(text, readableAnswerSchema),
  verify: (inst, answer) =>
    inst.data.original ? verifyOriginal(inst.data, answer) : verifyFluid(inst.data, answer),
  solve: (inst) => ({
    answers: [
      inst.data.original ? originalReference(inst.data.original.subtask) : referenceAnswer(inst.data),
    ],
    complete: true,
  }),
  formatAnswer: (answer) => JSON.stringify(answer),

  randomAnswer(inst, rng) {
    const s = inst.data.side;
    const corner = (): [number, number, number] => [
      rng.int(0, s - 1),
      rng.int(0, s - 1),
      rng.int(0, LAYERS - 1),
    ];
    const earthworks: Earthwork[] = Array.from({ length: rng.int(1, 6) }, () => {
      const a = corner();
      const b = corner();
      return {
        material: rng.int(0, 1) === 0 ? "air" : "rock",
        min: [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.min(a[2], b[2])],
        max: [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.max(a[2], b[2])],
      };
    });
    return { earthworks };
  },

  render: (inst, answer) => renderFluid(inst.data, answer),
  scene: (inst, answer) => fluidScene(inst.data, answer),
};
