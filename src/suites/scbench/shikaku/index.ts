import { generatedInstance } from "../../../core/instances.ts";
import { levelOfParams } from "../../../core/levels.ts";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Task } from "../../../core/task.ts";
import { recordsPreset } from "../common/vgb-records.ts";
import { shikakuCard } from "./card.ts";
import { generatePuzzle, randomPartition, type ShikakuParams, shikakuParams } from "./generate.ts";
import { shikakuInfo } from "./info.ts";
import { loadShikaku } from "./original.ts";
import { shikakuPrompt } from "./prompt.ts";
import { answerSchema, dataSchema, type ShikakuAnswer, type ShikakuData } from "./puzzle.ts";
import { renderShikaku } from "./render.ts";
import { solveShikaku } from "./solve.ts";
import { verifyShikaku } from "./verify.ts";

const ID = "scbench/shikaku";

/**
 * The original's six curated subpasses: grid size and largest clue follow its data
 * (7×7 and 8×8 easy, 10×10 and 12×12 medium, two 15×15 hard ones with 26 and 37 rectangles).
 */
const levels: Record<string, Partial<ShikakuParams>> = {
  "easy-7x7": { rows: 7, cols: 7, maxArea: 8 },
  "easy-8x8": { rows: 8, cols: 8, maxArea: 8 },
  "medium-10x10": { rows: 10, cols: 10, maxArea: 8 },
  "medium-12x12": { rows: 12, cols: 12, maxArea: 16 },
  "hard-15x15-large": { rows: 15, cols: 15, maxArea: 36 },
  "hard-15x15-dense": { rows: 15, cols: 15, maxArea: 16 },
};

export const shikakuTask: Task<ShikakuParams, ShikakuData, ShikakuAnswer> = {
  ...infoFields(shikakuInfo),
  version: 2,
  params: shikakuParams,
  levels,
  presets: {
    original: recordsPreset(
      ID,
      shikakuInfo.presets.original.description,
      new URL("./original.jsonl", import.meta.url),
      loadShikaku,
    ),
  },
  answer: answerSchema,
  data: dataSchema,

  generate(params, rng) {
    const data = generatePuzzle(params, rng);
    return generatedInstance(ID, params, rng, data);
  },

  load: loadShikaku,

  level(inst) {
    const difficulty = (inst.params as { difficulty?: unknown } | null)?.difficulty;
    if (typeof difficulty === "string") return difficulty;
    return levelOfParams(shikakuParams, levels, inst.params);
  },
  references: (inst) => [{ rectangles: inst.data.solution }],
  prompt: (inst, opts) => shikakuPrompt(inst.data, opts),
  parse: (text) => parseLooseAnswer(text, answerSchema),
  verify: (inst, answer) => verifyShikaku(inst.data, answer),
  card: shikakuCard,

  solve(inst, opts = {}) {
    const limit = opts.all ? (opts.maxSolutions ?? Number.POSITIVE_INFINITY) : 1;
    const { solutions, nodes } = solveShikaku(inst.data, limit);
    return {
      answers: solutions.map((rectangles) => ({ rectangles })),
      complete: !opts.all || solutions.length < limit,
      stats: { nodes },
    };
  },

  formatAnswer: (answer) => JSON.stringify(answer),

  randomAnswer(inst, rng) {
    const { rows, cols } = inst.data;
    const maxArea = Math.max(...inst.data.grid.flat(), 1);
    // With minimum area 1 a partition always completes.
    return { rectangles: rng.shuffle(randomPartition(rows, cols, 1, maxArea, rng) ?? []) };
  },

  render: (inst, answer) => renderShikaku(inst.data, answer, `Shikaku ${inst.data.rows}×${inst.data.cols}`),
};
