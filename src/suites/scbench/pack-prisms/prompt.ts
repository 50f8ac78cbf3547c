import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import type { PackData } from "./schema.ts";
import { PASS_SCORE } from "./verify.ts";

/** A list of boxes, each given by two corners under the names the wording asks for. */
function boxesSchema(lo: string, hi: string, corner: Record<string, unknown>): JsonSchema {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    additionalProperties: false,
    required: ["boxes"],
    properties: {
      boxes: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: [lo, hi],
          properties: { [lo]: corner, [hi]: corner },
        },
      },
    },
  };
}

const triple = { type: "array", minItems: 3, maxItems: 3, items: { type: "integer", minimum: 0 } };
export const outputSchema: JsonSchema = boxesSchema("min", "max", triple);

/** The original's structured answer: one {"XyzMin", "XyzMax"} pair of corners per box. */
export const xyzOutputSchema: JsonSchema = boxesSchema("XyzMin", "XyzMax", {
  type: "array",
  minItems: 3,
  maxItems: 3,
  items: { type: "integer" },
});

export function packPrompt(data: PackData, opts: PromptOptions = {}): Prompt {
  return promptVariant(opts) === "explained" ? explainedPrompt(data, opts) : faithfulPrompt(data, opts);
}

/** A class as the original listed it: the count, then the sides largest first. */
const listed = (c: PackData["classes"][number]): string =>
  `${c.count} prisms of ${[...c.size].sort((a, b) => b - a).join("x")}`;

/**
 * What the original told the model: the prisms, to be packed as tightly as possible with
 * orthogonal turns, what a perfect packing is, and the answer as min/max corners per box. Not the
 * total volume, the integer and overlap rules spelled out, or the score.
 */
function faithfulPrompt(data: PackData, opts: PromptOptions): Prompt {
  const lines = [
    "Here are some rectangular prisms:",
    "",
    ...data.classes.map(listed),
    "",
    "Pack them together so that they take up as little volume as possible, wasting as little space as you " +
      "can: any empty space counts against you. Each prism may be turned to any orthogonal orientation.",
    "A perfect packing is one whose enclosing bounding box has exactly the combined volume of the prisms.",
    "",
    "List every prism you packed by its minimum and maximum x, y, z corner coordinates, as one JSON object " +
      '{"boxes": [{"XyzMin": [x1, y1, z1], "XyzMax": [x2, y2, z2]}, ...]} with integer coordinates.',
    ...tokenCapLines(opts),
  ];
  return { messages: [{ role: "user", content: lines.join("\n") }], outputSchema: xyzOutputSchema };
}

/** Plumb's earlier wording: the total volume, the placement rules and the score spelled out. */
function explainedPrompt(data: PackData, opts: PromptOptions): Prompt {
  const n = data.classes.reduce((s, c) => s + c.count, 0);
  const lines = [
    `Pack these ${n} rectangular prisms (total volume ${data.totalVolume}) into as small an axis-aligned bounding box as you can:`,
    ...data.classes.map((c) => `- ${c.count} prism(s) of size ${c.size.join(" × ")}`),
    "",
    "Rules:",
    "1. Place every prism exactly once as an axis-aligned box with integer corner coordinates, all ≥ 0.",
    "2. A prism may be turned to any of its axis-aligned orientations: a box counts as a prism of size a × b × c when its three side lengths are a, b and c in any order. The number of boxes of each size must equal the count listed.",
    "3. No two boxes may overlap: their interiors must not intersect (touching faces, edges or corners is allowed).",
    "",
    "Scoring: efficiency = total prism volume / volume of the bounding box of all your boxes. " +
      (data.perfect === "found"
        ? "These prisms can fill a box exactly (efficiency 1), and your score is your efficiency."
        : `Your score is your efficiency divided by ${data.target.toFixed(4)}, capped at 1.`) +
      ` An answer that breaks a rule scores 0; a score of at least ${PASS_SCORE} counts as a pass.`,
    "",
    'Answer with one JSON object {"boxes": [{"min": [x1, y1, z1], "max": [x2, y2, z2]}, ...]} holding one entry per prism: ' +
      "min is the corner with the smallest coordinates and max the opposite corner, so the box covers x1 ≤ x ≤ x2, " +
      "y1 ≤ y ≤ y2, z1 ≤ z ≤ z2 and its sides are x2 − x1, y2 − y1 and z2 − z1 (each at least 1). " +
      'For example {"min": [0, 0, 0], "max": [3, 1, 2]} is a 1 × 2 × 3 prism lying along x.',
  ];
  lines.push(...tokenCapLines(opts));
  return {
    messages: [
      { role: "system", content: "You solve 3D packing puzzles exactly and give the final answer as JSON." },
      { role: "user", content: lines.join("\n") },
    ],
    outputSchema,
  };
}
