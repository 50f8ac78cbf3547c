import { checkShots, checkVariant, tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import type { GridData } from "./cells.ts";

/** Structured output for providers that support it; the parser reads the same shape from plain text. */
export const outputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["cells"],
  properties: {
    cells: {
      type: "array",
      items: { type: "array", minItems: 2, maxItems: 2, items: { type: "integer", minimum: 0 } },
    },
  },
};

/** The prompt states everything the verifier checks: the coordinates, the rules and the answer format. */
export function filledCellsPrompt(data: GridData, opts: PromptOptions = {}): Prompt {
  // One wording and no worked examples: anything else is an InputError naming the option, raised
  // when a run builds its first prompt, before any model is called.
  checkVariant(opts, ["default"]);
  checkShots(opts);
  const lines = [
    `Here is a grid of ${data.rows} rows and ${data.cols} columns. "#" is a filled cell and "." an empty one.`,
    `Rows are numbered 0 to ${data.rows - 1} from the top, columns 0 to ${data.cols - 1} from the left.`,
    "",
    ...data.grid,
    "",
    "List every filled cell exactly once, as [row, column]; the order does not matter.",
    'Answer with one JSON object: {"cells": [[row, column], ...]}.',
    ...tokenCapLines(opts),
  ];
  return {
    messages: [
      { role: "system", content: "You read grids exactly and answer in the requested format." },
      { role: "user", content: lines.join("\n") },
    ],
    outputSchema,
  };
}

/** Values a user's `--prompt-template` may use as `{{name}}`. */
export function filledCellsPromptFields(data: GridData): Record<string, string> {
  return { grid: data.grid.join("\n"), rows: String(data.rows), cols: String(data.cols) };
}
