import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import type { ShikakuData } from "./puzzle.ts";

export const outputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["rectangles"],
  properties: {
    rectangles: {
      type: "array",
      items: {
        type: "array",
        minItems: 4,
        maxItems: 4,
        items: { type: "integer", minimum: 0 },
      },
    },
  },
};

/**
 * The original's information: the grid with 0 for blanks, the rules in one sentence, and the answer
 * as a list of inclusive 0-indexed boxes [left_col, top_row, right_col, bottom_row].
 */
function faithful(data: ShikakuData, opts: PromptOptions): string {
  return [
    `Solve this Shikaku puzzle on a ${data.rows}×${data.cols} grid. A number in a cell is the area of the rectangle that covers it; 0 marks a blank cell.`,
    "Grid, top row first, values separated by spaces:",
    ...data.grid.map((row) => row.join(" ")),
    "",
    "Cut the grid into rectangles that cover it exactly, each holding exactly one number, equal to its area.",
    "Answer with a list of the rectangles only, each as [left_col, top_row, right_col, bottom_row] with 0-indexed, inclusive coordinates.",
    ...tokenCapLines(opts),
  ].join("\n");
}

export function shikakuPrompt(data: ShikakuData, opts: PromptOptions = {}): Prompt {
  const user = promptVariant(opts) === "default" ? faithful(data, opts) : explained(data, opts);
  return {
    messages: [
      {
        role: "system",
        content: "You solve grid logic puzzles exactly and give the final answer in the requested format.",
      },
      { role: "user", content: user },
    ],
    outputSchema,
  };
}

/** Plumb's first wording: the rules numbered, that any valid division passes, and a worked box. */
function explained(data: ShikakuData, opts: PromptOptions): string {
  const { rows, cols, grid } = data;
  const lines = [
    `Solve this Shikaku puzzle on a grid of ${rows} rows × ${cols} columns.`,
    `Rows are numbered 0 to ${rows - 1} from top to bottom and columns 0 to ${cols - 1} from left to right. ` +
      "Each cell holds either 0 (a blank cell) or a positive integer (a clue).",
    "",
    "Grid (one line per row, top row first, values separated by spaces):",
    ...grid.map((row) => row.join(" ")),
    "",
    "Rules:",
    "1. Divide the whole grid into axis-aligned rectangles made of whole cells.",
    "2. Every cell belongs to exactly one rectangle: no gaps and no overlaps.",
    "3. Every rectangle contains exactly one clue cell.",
    "4. The area of every rectangle (its width times its height, in cells) equals the clue it contains.",
    "Any division that satisfies all four rules is accepted, and the order of the rectangles does not matter.",
    "",
    'Answer with one JSON object of the form {"rectangles": [[left_col, top_row, right_col, bottom_row], ...]} ' +
      "holding one entry per rectangle. Coordinates are 0-indexed and inclusive: the rectangle covers columns " +
      "left_col to right_col and rows top_row to bottom_row, so left_col ≤ right_col, top_row ≤ bottom_row, and " +
      `every coordinate lies inside the grid (columns 0–${cols - 1}, rows 0–${rows - 1}). ` +
      "For example, [2, 0, 4, 1] covers columns 2 to 4 of rows 0 and 1, an area of 6 cells.",
  ];
  lines.push(...tokenCapLines(opts));
  return lines.join("\n");
}
