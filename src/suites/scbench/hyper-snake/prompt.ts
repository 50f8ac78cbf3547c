import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import { field, fullCoverage } from "./rules.ts";
import type { HyperSnakeData } from "./schema.ts";

export const outputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["path"],
  properties: {
    path: {
      type: "array",
      minItems: 1,
      items: { type: "array", items: { type: "integer", minimum: 0 } },
    },
  },
};

/** The original's structured output: each cell of the path under "pos". */
export const originalOutputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["path"],
  properties: {
    path: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["pos"],
        properties: { pos: { type: "array", items: { type: "integer", minimum: 0 } } },
      },
    },
  },
};

const list = (points: number[][]): string =>
  points.length === 0 ? "none" : points.map((p) => `[${p.join(",")}]`).join(" ");

export function hyperSnakePrompt(data: HyperSnakeData, opts: PromptOptions = {}): Prompt {
  const explained = promptVariant(opts) === "explained";
  const lines = explained ? explainedLines(data) : faithfulLines(data);
  lines.push(...tokenCapLines(opts));
  return {
    messages: [
      { role: "system", content: "You plan paths through grids exactly and give the final answer as JSON." },
      { role: "user", content: lines.join("\n") },
    ],
    outputSchema: explained ? outputSchema : originalOutputSchema,
  };
}

const cells = (points: number[][]): string => points.map((p) => `[${p.join(", ")}]`).join(", ");

/** What the original said: the snake game in d dimensions, the obstacles, the food, and "as long as you can". */
function faithfulLines(data: HyperSnakeData): string[] {
  const d = data.shape.length;
  return [
    "This is hyper-snake: the snake game, where you steer a snake that must never run into itself, played in more dimensions.",
    "",
    `The snake lives in a ${d}-dimensional grid of size [${data.shape.join(", ")}]; a cell is written as ${d} coordinates, each counted from 0.`,
    `Each move goes to a neighbouring cell along one of the ${d} dimensions. The snake may not enter a cell it has already visited, and may not move diagonally (change more than one coordinate at once).`,
    "The game is over when the snake has nowhere left to move, leaves the grid, or runs into itself.",
    ...(data.walls.length > 0 ? ["", `Keep clear of the obstacles at: ${cells(data.walls)}.`] : []),
    ...(data.food.length > 0 ? ["", `Also collect the food at: ${cells(data.food)}.`] : []),
    "",
    `Give the snake's path as a list of cells, beginning with the start cell [${data.start.join(", ")}], and keep going for as long as you can.`,
    'Answer with one JSON object {"path": [{"pos": [...]}, {"pos": [...]}, ...]}.',
  ];
}

/** Plumb's earlier wording: the rules numbered as the verifier checks them, and the score formula. */
function explainedLines(data: HyperSnakeData): string[] {
  const d = data.shape.length;
  const { box, open } = field(data);
  const hasWalls = data.walls.length > 0;
  return [
    `Steer a snake through a ${d}-dimensional grid of shape ${data.shape.join(" × ")} (${box.size} cells).`,
    `A cell is a list of ${d} integers [x0, …, x${d - 1}] with 0 ≤ xi < (extent of axis i); the extents are ` +
      `[${data.shape.join(", ")}].`,
    "",
    `Start: [${data.start.join(",")}]`,
    `Walls (${data.walls.length}): ${list(data.walls)}`,
    `Food (${data.food.length}): ${list(data.food)}`,
    "",
    "Rules:",
    "1. Your path is the list of cells the snake's head occupies, in order; its first cell is the start.",
    `2. Every cell in the path has exactly ${d} coordinates.`,
    "3. Each step moves to a neighbouring cell: exactly one coordinate changes, by exactly +1 or −1.",
    "4. Every cell lies inside the grid.",
    "5. No cell of the path is a wall.",
    "6. The snake's body grows to fill every cell it has visited, so the path may never visit a cell twice.",
    "7. Eat all food by visiting every food cell (eating does not change the rules above).",
    "",
    "Scoring: a path that breaks any of rules 1–6 scores 0. Otherwise the base score is the number of " +
      `open (non-wall) cells visited divided by ${open}, the number of open cells` +
      (hasWalls
        ? "; because this grid has walls, the base score is divided by 0.98 and capped at 1, so visiting " +
          `${fullCoverage(data)} open cells already earns full coverage`
        : "") +
      ". The score is then divided by (number of uneaten food cells + 1). Aim for score 1: eat every food cell and " +
      (hasWalls ? `visit at least ${fullCoverage(data)} open cells.` : "visit every cell."),
    "",
    'Answer with one JSON object of the form {"path": [[x0, …], [x0, …], …]} listing every cell of the path in ' +
      `order, starting with [${data.start.join(",")}].`,
  ];
}
