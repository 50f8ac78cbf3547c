import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
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

/** The original's structured output: the loop as steps, each cell under "xy". */
export const originalOutputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["steps"],
  properties: {
    steps: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["xy"],
        properties: { xy: { type: "array", minItems: 2, maxItems: 2, items: { type: "integer" } } },
      },
    },
  },
};

const SYSTEM =
  "You are solving a spatial planning puzzle. Follow the rules exactly and give the answer in the requested JSON format.";

export function loopPrompt(data: LoopData, opts: PromptOptions = {}): Prompt {
  const explained = promptVariant(opts) === "explained";
  const lines = explained ? explainedLines(data) : faithfulLines(data);
  return {
    messages: [
      { role: "system", content: SYSTEM },
      { role: "user", content: [...lines, ...tokenCapLines(opts)].join("\n") },
    ],
    outputSchema: explained ? outputSchema : originalOutputSchema,
  };
}

/** What the original told the model: the grid, the skipped cells, the loop's rules and the cell count. */
function faithfulLines(data: LoopData): string[] {
  const { width, height, blocked } = data;
  const o = data.origin ?? 0;
  const { freeCount } = gridOf(data);
  const cell = ([x, y]: readonly number[]) => `(${(x as number) + o}, ${(y as number) + o})`;
  const where =
    blocked.length === 0
      ? []
      : data.blockedShown === "list"
        ? [`These cells are taken out of the grid and must be skipped: ${blocked.map(cell).join(", ")}.`, ""]
        : [
            ...asciiMap(data, "X"),
            "",
            `X marks a cell to be skipped. The top-left cell is (${o}, ${o}); x grows to the right, y grows downwards.`,
            "",
          ];
  return [
    `A grid of ${width} × ${height} unit cells; cell (x, y) has ${o} ≤ x ≤ ${width - 1 + o} and ${o} ≤ y ≤ ${height - 1 + o}.`,
    "",
    ...where,
    "Draw one closed path that:",
    "- moves from a cell only to a cell sharing a side with it;",
    `- visits every ${blocked.length ? "remaining " : ""}cell exactly once;`,
    "- comes back to where it started, so the last cell listed shares a side with the first.",
    "",
    `Answer with the ${freeCount} cells of the loop in order, starting anywhere, as one JSON object {"steps": [{"xy": [x, y]}, {"xy": [x, y]}, ...]}.`,
  ];
}

/** Plumb's earlier wording: the map and the list of blocked cells, and the grader's six rules spelled out. */
function explainedLines(data: LoopData): string[] {
  const { width, height, blocked } = data;
  const o = data.origin ?? 0;
  const { freeCount } = gridOf(data);
  const blockedText = blocked.length ? blocked.map(([x, y]) => `(${x + o}, ${y + o})`).join(", ") : "none";
  return [
    `Find a Hamiltonian loop on a grid that is ${width} cells wide and ${height} cells high.`,
    `A cell is written (x, y): x is the column, ${o} to ${width - 1 + o} from left to right; y is the row, ${o} to ${height - 1 + o} from top to bottom.`,
    "",
    `Map (one line per row, top row y = ${o} first; character ${o === 0 ? "x" : "x − 1"} of a line (counting from 0) is cell (x, y); '.' is a free cell, '#' is a blocked cell):`,
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
  ];
}
