import { svgToPng } from "../../../core/png.ts";
import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import { MIN_SCORED_ACCURACY, PASS_ACCURACY } from "./cells.ts";
import { MAX_EXPRESSION_DEPTH, MAX_EXPRESSION_LENGTH } from "./expression.ts";
import { imageScale, promptImageSvg } from "./render.ts";
import type { CurveFittingData } from "./schema.ts";

/** Grids wider than this many cells are shown as an image instead of text, as in the original. */
export const TEXT_GRID_MAX = 40;

export const outputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["expression"],
  properties: { expression: { type: "string", maxLength: MAX_EXPRESSION_LENGTH } },
};

/** The original's structured answer: the function's source, with optional reasoning before it. */
export const functionOutputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["reasoning", "function"],
  properties: {
    reasoning: { type: "string" },
    function: { type: "string", maxLength: MAX_EXPRESSION_LENGTH + 100 },
  },
};

export function curveFittingPrompt(data: CurveFittingData, opts: PromptOptions = {}): Prompt {
  return promptVariant(opts) === "explained" ? explainedPrompt(data, opts) : faithfulPrompt(data, opts);
}

function gridImage(data: CurveFittingData): NonNullable<Prompt["images"]> {
  const n = data.size;
  const cell = imageScale(n);
  return [
    {
      mediaType: "image/png",
      data: svgToPng(promptImageSvg(data).svg),
      alt: `${n}×${n} grid, ${cell} pixels per cell: black cells are class 1, white cells class 0`,
    },
  ];
}

/**
 * What the original told the model: the grid ("#"/"." as text, black/white as an image above 40×40),
 * the origin and axes, the sign rule, that a polynomial with cross terms will do, and the answer as
 * a Python function of x and y built from arithmetic only. Not how it is graded.
 */
function faithfulPrompt(data: CurveFittingData, opts: PromptOptions): Prompt {
  const n = data.size;
  const asImage = n > TEXT_GRID_MAX;
  const [on, off] = asImage ? ["black", "white"] : ["'#'", "'.'"];
  const lines = [`This ${n}×${n} grid shows a partition of the plane into two regions:`, ""];
  if (asImage) lines.push("(the grid is the attached image)");
  else lines.push(...data.rows.map((row) => row.replaceAll("1", "#").replaceAll("0", ".")));
  lines.push(
    "",
    "The top-left cell is (0, 0); x runs across and y runs down; coordinates are whole numbers.",
    "",
    `Find f(x, y) such that the cell at (x, y) is ${on} when f(x, y) > 0 and ${off} when f(x, y) <= 0.`,
    "f may be a polynomial of any degree you like, cross terms such as x*y, x**2*y or x*y**2 included.",
    "",
    "Give f as a Python function def f(x, y) whose body is a single return statement, written with nothing " +
      "but + - * /, ** for powers, parentheses, numbers and the integer coordinates x and y (and the words def " +
      "and return). No type annotations, casts, conditionals, branches, extra variables or comments.",
    "",
    "For example:",
    "",
    "def f(x, y):",
    "    return x**2 + 3*y**2 - 4*x*y - 145",
    "",
    'Answer with one JSON object {"reasoning": "<optional notes>", "function": "def f(x, y):\\n    return ..."}.',
    ...tokenCapLines(opts),
  );
  const prompt: Prompt = {
    messages: [{ role: "user", content: lines.join("\n") }],
    outputSchema: functionOutputSchema,
  };
  if (asImage) prompt.images = gridImage(data);
  return prompt;
}

/** Plumb's earlier wording: the grid as 1/0, the expression syntax and the grading rule spelled out. */
function explainedPrompt(data: CurveFittingData, opts: PromptOptions): Prompt {
  const n = data.size;
  const asImage = n > TEXT_GRID_MAX;
  const cell = imageScale(n);
  const lines = [`Here is a ${n}×${n} grid of cells split into two regions, class 1 and class 0.`, ""];
  if (asImage) {
    lines.push(
      `The grid is the attached image of ${n * cell}×${n * cell} pixels: each cell is a ${cell}×${cell} block ` +
        "of pixels, black cells are class 1 and white cells are class 0.",
    );
  } else {
    lines.push(
      "Grid (one line per row, top row first; each character is one cell, 1 = class 1, 0 = class 0):",
      ...data.rows,
    );
  }
  lines.push(
    "",
    `Coordinates: cell (x, y) is the cell in column x and row y, both whole numbers counted from 0. x grows ` +
      `from 0 at the left edge to ${n - 1} at the right edge; y grows from 0 in the top row to ${n - 1} in the ` +
      "bottom row. The expression is evaluated at exactly these integer values (no rescaling).",
    "",
    "Task: write an arithmetic expression f in the variables x and y with f(x, y) > 0 at every class-1 cell " +
      "and f(x, y) ≤ 0 at every class-0 cell (a value of exactly 0 means class 0). A polynomial of whatever " +
      "degree you need works well, including cross terms such as x*y or x^2*y.",
    "",
    "Expression syntax:",
    "- decimal numbers such as 12, 0.5 or 1.5e-3; the variables x and y; the operators + - * /; ^ or ** for a " +
      "power; unary minus; parentheses.",
    "- nothing else: no function names, no other letters, no implicit multiplication (write 2*x, not 2x).",
    "- a power is right-associative (2^3^2 = 2^9) and binds tighter than unary minus (-x^2 = -(x^2)); " +
      "* and / bind tighter than + and -, and operators of equal precedence group left to right.",
    `- at most ${MAX_EXPRESSION_LENGTH} characters and ${MAX_EXPRESSION_DEPTH} levels of nesting.`,
    "",
    "Grading: the expression is evaluated in double-precision floating point at every cell. A cell whose value " +
      "is not a finite number (division by zero, overflow) counts as misclassified. Let a be the fraction of " +
      `cells classified correctly. The score is 0 if the expression puts every cell in the same class or if ` +
      `a < ${MIN_SCORED_ACCURACY}; otherwise it is a^4. The answer passes when a ≥ ${PASS_ACCURACY} and the ` +
      "value is finite at every cell.",
    "",
    'Answer with one JSON object of the form {"expression": "<your expression>"}, for example ' +
      '{"expression": "(x-3.5)^2 + (y-3.5)^2 - 9"}.',
  );
  lines.push(...tokenCapLines(opts));
  const prompt: Prompt = {
    messages: [
      {
        role: "system",
        content: "You find formulas that separate two regions of a grid and give the final answer as JSON.",
      },
      { role: "user", content: lines.join("\n") },
    ],
    outputSchema,
  };
  if (asImage) prompt.images = gridImage(data);
  return prompt;
}
