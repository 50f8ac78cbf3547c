import { generatedInstance } from "../../../core/instances.ts";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Instance, Task } from "../../../core/task.ts";
import { voxelProjectionCard } from "./card.ts";
import { generateVoxelProjection } from "./generate.ts";
import { voxelProjectionInfo } from "./info.ts";
import { voxelProjectionPrompt } from "./prompt.ts";
import { renderVoxelProjection } from "./render.ts";
import {
  answerSchema,
  dataSchema,
  type Voxel,
  type VoxelProjectionAnswer,
  type VoxelProjectionData,
  type VoxelProjectionParams,
  voxelProjectionParams,
} from "./schema.ts";
import { solveVoxelProjection } from "./solve.ts";
import { verifyVoxelProjection } from "./verify.ts";

export { voxelProjectionBench } from "./bench.ts";

const ID = "scbench/voxel-projection";

/** The original's six subpasses: 6³ with 50 voxels up to 24³ with 1000, the 20³ one with a digit rule. */
const levels: Record<string, Partial<VoxelProjectionParams>> = {
  "n6-v50": { n: 6, voxels: 50, forbiddenSumDigit: null },
  "n8-v100": { n: 8, voxels: 100, forbiddenSumDigit: null },
  "n12-v200": { n: 12, voxels: 200, forbiddenSumDigit: null },
  "n16-v400": { n: 16, voxels: 400, forbiddenSumDigit: null },
  "n24-v1000": { n: 24, voxels: 1000, forbiddenSumDigit: null },
  "n20-v500-no7": { n: 20, voxels: 500, forbiddenSumDigit: 7 },
};

/** The original's subpasses in its order (6.py, `sizes`/`counts` in gradeAnswer; the digit rule on the sixth). */
function originalInstances(): Instance<VoxelProjectionData>[] {
  return Object.values(levels).map((level, i) => {
    const params = voxelProjectionParams.parse(level);
    const data: VoxelProjectionData = { ...params };
    return { id: `${ID}/original/${i + 1}`, task: ID, params, seed: null, data };
  });
}

export const voxelProjectionTask: Task<VoxelProjectionParams, VoxelProjectionData, VoxelProjectionAnswer> = {
  ...infoFields(voxelProjectionInfo),
  version: 2,
  params: voxelProjectionParams,
  levels,
  presets: {
    original: {
      description: voxelProjectionInfo.presets.original.description,
      instances: originalInstances,
    },
  },
  answer: answerSchema,
  data: dataSchema,

  generate(params, rng) {
    const data = generateVoxelProjection(params, rng);
    return generatedInstance(ID, params, rng, data);
  },

  level(inst) {
    const { n, voxels, forbiddenSumDigit } = inst.data;
    const match = Object.entries(levels).find(
      ([, p]) => p.n === n && p.voxels === voxels && p.forbiddenSumDigit === forbiddenSumDigit,
    );
    return match?.[0] ?? null;
  },
  prompt: (inst, opts) => voxelProjectionPrompt(inst.data, opts),
  parse: (text) => parseLooseAnswer(text, answerSchema),
  verify: (inst, answer) => verifyVoxelProjection(inst.data, answer),
  card: voxelProjectionCard,
  solve: (inst) => ({ answers: [solveVoxelProjection(inst.data)], complete: true }),
  formatAnswer: (answer) => JSON.stringify(answer),

  randomAnswer(inst, rng) {
    const { n, voxels } = inst.data;
    return {
      voxels: Array.from(
        { length: voxels },
        (): Voxel => [rng.int(0, n - 1), rng.int(0, n - 1), rng.int(0, n - 1)],
      ),
    };
  },

  render: (inst, answer) => renderVoxelProjection(inst.data, answer),
};
