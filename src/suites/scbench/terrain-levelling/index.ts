import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { infoFields } from "../../../core/registry.ts";
import { Rng } from "../../../core/rng.ts";
import type { Task } from "../../../core/task.ts";
import { terrainLevellingCard } from "./card.ts";
import { generateTerrain, LEVEL_SIDES } from "./generate.ts";
import { terrainLevellingInfo } from "./info.ts";
import { originalInstances } from "./original.ts";
import { terrainPrompt } from "./prompt.ts";
import { renderTerrain } from "./render.ts";
import {
  answerSchema,
  dataSchema,
  readableAnswerSchema,
  type TerrainAnswer,
  type TerrainData,
  type TerrainParams,
  terrainParams,
} from "./schema.ts";
import { simulatePlan } from "./simulate.ts";
import { verifyTerrain } from "./verify.ts";

const levels: Record<string, Partial<TerrainParams>> = Object.fromEntries(
  Object.entries(LEVEL_SIDES).map(([name, side]) => [name, { side }]),
);

export const terrainLevellingTask: Task<TerrainParams, TerrainData, TerrainAnswer> = {
  ...infoFields(terrainLevellingInfo),
  version: 2,
  params: terrainParams,
  levels,
  answer: answerSchema,
  data: dataSchema,
  generate: (params, rng) => generateTerrain(params, rng),
  presets: {
    original: {
      description: terrainLevellingInfo.presets.original.description,
      instances: originalInstances,
    },
  },
  level: (inst) => Object.entries(LEVEL_SIDES).find(([, side]) => side === inst.data.side)?.[0] ?? null,
  prompt: (inst, opts) => terrainPrompt(inst.data, opts),
  parse: (text) => parseLooseAnswer(text, readableAnswerSchema),
  verify: (inst, answer) => verifyTerrain(inst.data, answer),
  card: terrainLevellingCard,
  solve: (inst) => ({ answers: [{ blasts: inst.data.reference }], complete: true }),
  formatAnswer: (answer) => JSON.stringify(answer),

  randomAnswer(inst, rng) {
    const n = inst.data.side;
    return {
      blasts: Array.from({ length: rng.int(1, 10) }, () => ({
        x: rng.int(0, n - 1),
        y: rng.int(0, n - 1),
        depth: rng.int(1, 20) / 10,
      })),
    };
  },

  render: (inst, answer) => renderTerrain(inst.data, answer),
};

/**
 * Median wall time (ms) of simulating the reference plan, per level (seed "bench", the cache
 * bypassed), for the lead's bench.
 */
export function benchTerrain(repeats = 3): { level: string; side: number; blasts: number; ms: number }[] {
  const rows = [];
  for (const [level, side] of Object.entries(LEVEL_SIDES)) {
    const inst = generateTerrain(terrainParams.parse({ side }), new Rng(`bench/${level}`));
    const blasts = inst.data.reference;
    const times: number[] = [];
    for (let k = 0; k < repeats; k++) {
      const start = performance.now();
      simulatePlan(inst.data.heights, blasts);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    rows.push({ level, side, blasts: blasts.length, ms: times[Math.floor(times.length / 2)] as number });
  }
  return rows;
}
