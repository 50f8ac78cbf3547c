import { z } from "zod";
import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import { describeGoal, describeScore } from "./goals.ts";
import { originalPrompt } from "./original-prompt.ts";
import { answerSchema, type FluidData, LAYERS, MAX_OPERATIONS } from "./schema.ts";

export const outputSchema = z.toJSONSchema(answerSchema);

/** The rules exactly as the simulator applies them, for a world of the given side. */
export function ruleLines(side: number): string[] {
  const s1 = side - 1;
  const c = Math.floor(side / 2);
  const top = LAYERS - 1;
  return [
    "World:",
    `- A grid of ${side} × ${side} columns (x = 0 … ${s1}, y = 0 … ${s1}) and ${LAYERS} layers (z = 0 … ${top}, z up). Every cell is rock, air or water.`,
    `- Initially rock fills z = 0 … h − 1 of column (x, y), where h is the height given below, and every other cell is air. There is no water.`,
    "- Below z = 0 lies solid bedrock: it cannot be dug and water can rest on it. A cell at z = 0 can itself be dug out.",
    "",
    "Your earthworks:",
    `- A list of at most ${MAX_OPERATIONS} boxes, applied in order. Each sets every cell (x, y, z) with min ≤ (x, y, z) ≤ max on all three axes (inclusive, integer corners) to its material, "rock" or "air", whatever was there.`,
    `- Corners must satisfy 0 ≤ x, y ≤ ${s1}, 0 ≤ z ≤ ${top}, and min ≤ max on every axis; otherwise the answer is invalid and scores 0.`,
    "",
    "Simulation, after all earthworks:",
    "1. Rock stability. Rock cells sharing a face form pieces. A piece with a cell at z = 0 is supported. While some piece is not supported, take the unsupported piece whose lowest cell is lowest (ties: the piece holding the cell of smallest index x + S·y + S²·z, S being the side), move it straight down as one rigid body until one of its cells rests on other rock or on the bedrock, then form the pieces again.",
    `2. Rain. Cells that are not rock are free. A drop enters column (x, y) from above: if the cell at z = ${top} is not air, the drop is lost. Otherwise it falls while the cell below it is air (and it is above z = 0), and lands in a cell c at height z_c.`,
    "   The drop's reach is every free cell (air or water) connected to c by steps between face-neighbouring free cells all at heights ≤ z_c (water bodies are passed through; nothing above z_c is reached).",
    `   If the reach holds any cell of the outer ring of columns (x = 0, x = ${s1}, y = 0 or y = ${s1}), the drop drains away. Otherwise it turns the air cell of its reach with the smallest z, then smallest y, then smallest x into water. Water never moves afterwards.`,
    `3. Order of drops: first one drop into every column, row by row (y = 0 … ${s1}, and x = 0 … ${s1} within a row); then drops into the centre column (${c}, ${c}) one at a time until one drains or is lost (from then on nothing would change), or after ${side * side * LAYERS} centre drops.`,
    "   So a basin holds one drop per column of its catchment, except that the basin the centre column rains into fills until a centre drop no longer settles: once the centre column's water is so high that a drop landing on it reaches the outer ring, rain stops, even if its top layer is only partly filled.",
    "",
    "Measures, after the rain:",
    "- A water body is a set of water cells connected through shared faces. Its volume is its number of cells; its surface level is its highest z; its depth is highest z − lowest z + 1; its surface area is the number of its cells with no water directly above (z + 1).",
    "- A water cell is visible from above when no rock cell lies above it (at any greater z) in its column.",
    "- A body surrounds a dry centre of size n when, among the columns holding none of the body's water, some group of n columns connected through shared edges (4-neighbours) holds no water at all and no column of the outer ring.",
  ];
}

const heightRows = (data: FluidData): string[] =>
  data.heights.map((row, y) => `y=${String(y).padStart(2, " ")}: ${row.join("")}`);

/**
 * The original's subtasks get the original's information (and, explained, its exact rules and
 * score). Plumb's own instances state Plumb's rules either way; the score formula, which the
 * original never showed, only under "explained".
 */
export function fluidPrompt(data: FluidData, opts: PromptOptions = {}): Prompt {
  const variant = promptVariant(opts);
  if (data.original) return originalPrompt(data.original.subtask, variant, tokenCapLines(opts));
  const lines = [
    `Shape a voxel terrain with earthworks (adding and removing rock) so that after rainfall the water forms a required configuration.`,
    "",
    ...ruleLines(data.side),
    "",
    `Goal: ${describeGoal(data.goal)}`,
    ...(variant === "explained"
      ? [
          `Scoring: the answer passes only when the goal is met (score 1); otherwise ${describeScore(data.goal)}`,
        ]
      : []),
    "",
    `Terrain heights h(x, y): one row per y, the digit at position x (from x = 0 on the left) is the height of column (x, y):`,
    ...heightRows(data),
    "",
    'Answer with one JSON object {"earthworks": [{"material": "air" | "rock", "min": [x, y, z], "max": [x, y, z]}, ...]}. ' +
      'For example {"earthworks": [{"material": "air", "min": [3, 3, 1], "max": [6, 6, 4]}]} digs out a 4 × 4 × 4 block.',
  ];
  lines.push(...tokenCapLines(opts));
  return {
    messages: [
      {
        role: "system",
        content:
          "You plan earthworks on voxel terrain, simulate the stated rules exactly, and give the final answer as JSON.",
      },
      { role: "user", content: lines.join("\n") },
    ],
    outputSchema,
  };
}
