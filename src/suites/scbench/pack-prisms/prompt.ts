import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { checkPromptOptions, tokenCapLines } from "../common/prompt-options.ts";
import type { PackData } from "./schema.ts";
import { PASS_SCORE } from "./verify.ts";

const triple = { type: "array", minItems: 3, maxItems: 3, items: { type: "integer", minimum: 0 } };
export const outputSchema: JsonSchema = {
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
        required: ["min", "max"],
        properties: { min: triple, max: triple },
      },
    },
  },
};

export function packPrompt(data: PackData, opts: PromptOptions = {}): Prompt {
  checkPromptOptions(opts);
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
