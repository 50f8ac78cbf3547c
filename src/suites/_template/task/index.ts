import { generatedInstance } from "../../../core/instances.ts";
import { levelOfParams } from "../../../core/levels.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Task } from "../../../core/task.ts";
import { filledCellsCard } from "./card.ts";
import {
  answerSchema,
  type Cell,
  dataSchema,
  type FilledAnswer,
  filledCells,
  type GridData,
} from "./cells.ts";
import { type FilledCellsParams, filledCellsParams, generateGrid } from "./generate.ts";
import { filledCellsInfo } from "./info.ts";
import { parseFilledCells } from "./parse.ts";
import { filledCellsPrompt, filledCellsPromptFields } from "./prompt.ts";
import { renderFilledCells } from "./render.ts";
import { verifyFilledCells } from "./verify.ts";

const ID = filledCellsInfo.id;

/** Named parameter sets, merged over the schema's defaults; their names and order are info.ts's `levels`. */
const levels: Record<string, Partial<FilledCellsParams>> = {
  small: { rows: 4, cols: 4 },
  medium: { rows: 10, cols: 10 },
  large: { rows: 30, cols: 30, density: 0.5 },
};

/**
 * The template task: a grid of filled and empty cells; the answer lists the filled ones. Small on
 * purpose, but complete: every piece a real task has, each in the shape real tasks use.
 */
export const filledCellsTask: Task<FilledCellsParams, GridData, FilledAnswer> = {
  ...infoFields(filledCellsInfo),
  // Bump whenever generate, prompt, parse or verify change meaning: stored runs record it.
  version: 1,
  // What `plumb analyse failures` tells its judge about the task.
  card: filledCellsCard,
  params: filledCellsParams,
  levels,
  answer: answerSchema,
  data: dataSchema,

  generate: (params, rng) => generatedInstance(ID, params, rng, generateGrid(params, rng)),

  level: (inst) => levelOfParams(filledCellsParams, levels, inst.params),
  prompt: (inst, opts) => filledCellsPrompt(inst.data, opts),
  promptFields: (inst) => filledCellsPromptFields(inst.data),
  parse: (text) => parseFilledCells(text),
  verify: (inst, answer) => verifyFilledCells(inst.data, answer),

  // The filled cells are the only correct answer (up to order), so the search is always complete.
  solve: (inst) => ({ answers: [{ cells: filledCells(inst.data) }], complete: true }),

  // What the oracle agent sends: text that `parse` reads back to the same answer.
  formatAnswer: (answer) => JSON.stringify(answer),

  /** Well-formed (in bounds, no repeats) and almost surely wrong: each cell listed with chance ½. */
  randomAnswer(inst, rng) {
    const cells: Cell[] = [];
    for (let r = 0; r < inst.data.rows; r++)
      for (let c = 0; c < inst.data.cols; c++) if (rng.bool()) cells.push([r, c]);
    return { cells: rng.shuffle(cells) };
  },

  render: (inst, answer) =>
    renderFilledCells(inst.data, answer, `Filled cells ${inst.data.rows}×${inst.data.cols}`),
};
