import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { checkPromptOptions, tokenCapLines } from "../common/prompt-options.ts";
import { asciiMap, gridOf, type LoopData } from "./grid.ts";

export const outputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["loop"],
  properties: {
    loop: {
      type: "array",
      items: { type: "array", minItems: 2, maxItems: 2, items: { type: "integer" } },
    },
  },
};

export function loopPrompt(data: LoopData, opts: PromptOptions = {}): Prompt {
  checkPromptOptions(opts);
  const { width, height, blocked } = data;
  const { freeCount } = gridOf(data);
  const blockedText = blocked.length ? blocked.map(([x, y]) => `(${x}, ${y})`).join(", ") : "none";
  const lines = [
    `Find a Hamiltonian loop on a grid that is ${width} cells wide and ${height} cells high.`,
    `A cell is written (x, y): x is the column, 0 to ${width - 1} from left to right; y is the row, 0 to ${height - 1} from top to bottom.`,
    "",
    "Map (one line per row, top row y = 0 first; character x of a line is cell (x, y); '.' is a free cell, '#' is a blocked cell):",
    ...asciiMap(data),
    "",
    `Blocked cells (${blocked.length}): ${blockedText}`,
    `Free cells: ${freeCount} (${width} × ${height} = ${width * height} cells minus ${blocked.length} blocked).`,
    "",
    "Rules:",
    `1. The loop lists exactly ${freeCount} cells, one entry per free cell.`,
    "2. Every listed cell lies on the grid.",
    "3. No listed cell is blocked.",
    "4. Each listed cell shares a side with the next one (a step changes x or y by exactly 1, never both; no diagonal steps).",
    "5. Every free cell appears exactly once.",
    "6. The loop is closed: the last listed cell shares a side with the first. Do not repeat the first cell at the end.",
    "Any loop that satisfies all six rules is accepted, whichever cell it starts at and whichever direction it runs.",
    "",
    'Answer with one JSON object of the form {"loop": [[x, y], [x, y], ...]} listing the cells in the order the loop visits them.',
    ...tokenCapLines(opts),
  ];
  return {
    messages: [
      {
        role: "system",
        content:
          "You are solving a spatial planning puzzle. Follow the rules exactly and give the answer in the requested JSON format.",
      },
      { role: "user", content: lines.join("\n") },
    ],
    outputSchema,
  };
}
