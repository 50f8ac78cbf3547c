import { generatedInstance } from "../../../core/instances.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Instance, Task } from "../../../core/task.ts";
import { readEnvOptions } from "../common/env-options.ts";
import { stackingCard } from "./card.ts";
import { StackingEnv } from "./env.ts";
import { generateStacking } from "./generate.ts";
import { stackingInfo } from "./info.ts";
import { oraclePlan, replayPlan, verifyPlan } from "./plan.ts";
import { formatPlan, parsePlan, stackingPrompt } from "./prompt.ts";
import { sceneRendering } from "./render.ts";
import { solvedBoard, stackingScene } from "./scene.ts";
import {
  MODES,
  type StackingData,
  type StackingParams,
  type StackingPlan,
  stackingData,
  stackingParams,
  stackingPlan,
} from "./schema.ts";

/** The box sizes of the levels, smallest first. */
export const LEVEL_SIZES: readonly [number, number, number][] = [
  [2, 2, 2],
  [2, 2, 3],
  [2, 3, 3],
  [3, 3, 3],
  [3, 3, 4],
  [3, 4, 4],
  [4, 4, 4],
];

const sizeLevels = Object.fromEntries(
  LEVEL_SIZES.flatMap((size) =>
    MODES.map((mode) => [`${size.join("x")}-${mode}`, { size, mode } satisfies Partial<StackingParams>]),
  ),
);

function tierOf(params: unknown): string | undefined {
  const tier =
    typeof params === "object" && params !== null ? (params as { tier?: unknown }).tier : undefined;
  return typeof tier === "string" ? tier : undefined;
}

export const stackingTask: Task<StackingParams, StackingData, StackingPlan> = {
  ...infoFields(stackingInfo),
  version: 2,
  params: stackingParams,
  levels: {
    ...sizeLevels,
    // CHAIN's tiers (A.3): a small box with simple pieces, a mid box, a large box of free shapes.
    // Easy is not 2×2×3 as in A.3's example: that box admits a single distinct puzzle.
    easy: { size: [2, 3, 3], mode: "mid", tier: "easy" },
    mid: { size: [3, 3, 3], mode: "mid", tier: "mid" },
    hard: { size: [3, 3, 4], mode: "hard", tier: "hard" },
  },
  answer: stackingPlan,
  data: stackingData,

  generate(params, rng) {
    const data = generateStacking(params, rng);
    return generatedInstance("chain/stacking", params, rng, data);
  },

  signature: (inst) => inst.data.signature,
  level: (inst) => tierOf(inst.params) ?? inst.data.mode,
  prompt: (inst, opts) => stackingPrompt(inst.data, opts),
  parse: (text, inst) => parsePlan(text, inst.data),
  verify: (inst, answer) => verifyPlan(inst.data, answer),
  card: stackingCard,

  solve(inst) {
    return {
      answers: [oraclePlan(inst.data)],
      complete: true,
      stats: { nodes: inst.data.stats.nodes, rows: inst.data.stats.rows },
    };
  },

  formatAnswer: (answer) => formatPlan(answer),

  randomAnswer(inst, rng) {
    const env = new StackingEnv(inst.data);
    const plan: StackingPlan = [];
    for (let i = 0; i < inst.data.pieces.length && !env.done; i++) {
      const action = rng.pick(env.legalActions());
      plan.push(action);
      env.step(action);
    }
    return plan;
  },

  render(inst, answer) {
    if (answer === undefined) return sceneRendering(solvedBoard(inst.data), "Stacking: the stored packing");
    return sceneRendering(replayPlan(inst.data, answer).env.board, "Stacking: after the plan");
  },
  scene: (inst, answer) => stackingScene(inst.data, answer),

  // The CHAIN paper conditions the agent on the last five turns.
  episodeHistory: 5,
  env: (inst, opts = {}) => new StackingEnv(inst.data, readEnvOptions(opts)),
};

export type StackingInstance = Instance<StackingData>;
