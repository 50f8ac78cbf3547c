import { levelOfParams } from "../../../core/levels.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Task } from "../../../core/task.ts";
import { curveFittingCard } from "./card.ts";
import { generateCurveFitting } from "./generate.ts";
import { curveFittingInfo } from "./info.ts";
import { originalPreset } from "./original.ts";
import { parseCurveFitting } from "./parse.ts";
import { curveFittingPrompt } from "./prompt.ts";
import { renderCurveFitting } from "./render.ts";
import {
  type CurveFittingAnswer,
  type CurveFittingData,
  type CurveFittingParams,
  curveFittingAnswer,
  curveFittingData,
  curveFittingParams,
} from "./schema.ts";
import { fitPolynomial } from "./solve.ts";
import { verifyCurveFitting } from "./verify.ts";

/**
 * The original's nine subpasses, named by its labels, with its generator settings (its
 * "Asteroid" asks for wave frequency 8, which its generator clamps to 3).
 */
const levels: Record<string, Partial<CurveFittingParams>> = {
  "small-blob-cluster-8x8": {
    size: 8,
    fillRatio: 0.45,
    blobCount: 3,
    waveCount: 1,
    waveFrequency: 2,
    smoothPasses: 2,
  },
  "smooth-corner-12x12": {
    size: 12,
    fillRatio: 0.5,
    blobCount: 4,
    waveCount: 2,
    waveFrequency: 2,
    smoothPasses: 2,
  },
  "island-off-centre-24x24": {
    size: 24,
    fillRatio: 0.38,
    blobCount: 5,
    waveCount: 2,
    waveFrequency: 2,
    smoothPasses: 3,
  },
  "twin-islands-24x24": {
    size: 24,
    fillRatio: 0.55,
    blobCount: 2,
    waveCount: 1,
    waveFrequency: 2,
    smoothPasses: 2,
  },
  "low-frequency-thumb-48x48": {
    size: 48,
    fillRatio: 0.42,
    blobCount: 7,
    waveCount: 3,
    waveFrequency: 3,
    smoothPasses: 4,
  },
  "peanut-64x64": {
    size: 64,
    fillRatio: 0.45,
    blobCount: 8,
    waveCount: 3,
    waveFrequency: 3,
    smoothPasses: 4,
  },
  "ellipse-96x96": {
    size: 96,
    fillRatio: 0.45,
    blobCount: 8,
    waveCount: 3,
    waveFrequency: 3,
    smoothPasses: 4,
  },
  "asteroid-50x50": {
    size: 50,
    fillRatio: 0.3,
    blobCount: 12,
    waveCount: 2,
    waveFrequency: 3,
    smoothPasses: 1,
  },
  "halloween-decoration-128x128": {
    size: 128,
    fillRatio: 0.45,
    blobCount: 8,
    waveCount: 3,
    waveFrequency: 3,
    smoothPasses: 4,
  },
};

export const curveFittingTask: Task<CurveFittingParams, CurveFittingData, CurveFittingAnswer> = {
  ...infoFields(curveFittingInfo),
  version: 2,
  card: curveFittingCard,
  params: curveFittingParams,
  levels,
  presets: { original: originalPreset },
  answer: curveFittingAnswer,
  data: curveFittingData,
  generate: generateCurveFitting,

  level: (inst) => levelOfParams(curveFittingParams, levels, inst.params),
  references: (inst) => (inst.data.reference ? [{ expression: inst.data.reference.expression }] : []),
  prompt: (inst, opts) => curveFittingPrompt(inst.data, opts),
  parse: (text) => parseCurveFitting(text),
  verify: (inst, answer) => verifyCurveFitting(inst.data, answer),

  solve(inst) {
    const maxDegree = curveFittingParams.safeParse(inst.params).data?.maxDegree ?? 10;
    const fit = fitPolynomial(inst.data.rows, { maxDegree });
    return { answers: [{ expression: fit.expression }], complete: true, stats: { degree: fit.degree } };
  },

  formatAnswer: (answer) => JSON.stringify(answer),

  randomAnswer(inst, rng) {
    const c = (inst.data.size - 1) / 2;
    const coef = () => (rng.float() * 2 - 1).toFixed(3);
    const u = `(x-${c})`;
    const v = `(y-${c})`;
    return {
      expression: `${coef()}*${u}^2+${coef()}*${v}^2+${coef()}*${u}*${v}+${coef()}*${u}+${coef()}*${v}+${coef()}*${c}`,
    };
  },

  render: (inst, answer) => renderCurveFitting(inst.data, answer),
};
