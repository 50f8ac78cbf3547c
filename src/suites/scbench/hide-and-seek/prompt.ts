import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import { EPS } from "./geometry.ts";
import type { HideData } from "./scene.ts";

export const outputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["people"],
  properties: {
    people: {
      type: "array",
      items: { type: "array", minItems: 2, maxItems: 2, items: { type: "number" } },
    },
  },
};

const num = (v: number) => String(Math.round(v * 1e6) / 1e6);

/** The original's structured answer: one {"xy": [x, y]} per person. */
export const xyOutputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["people"],
  properties: {
    people: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["xy"],
        properties: { xy: { type: "array", minItems: 2, maxItems: 2, items: { type: "number" } } },
      },
    },
  },
};

export function hidePrompt(data: HideData, opts: PromptOptions = {}): Prompt {
  return promptVariant(opts) === "explained" ? explainedPrompt(data, opts) : faithfulPrompt(data, opts);
}

/**
 * What the original told the model: the building, the sniper, the people's boxes and the four
 * conditions, in words. Not how "hidden" is decided, the touching rules or the score.
 */
function faithfulPrompt(data: HideData, opts: PromptOptions): Prompt {
  const w = num(data.building.width);
  const pw = num(data.person.width);
  const [sx, sy, sz] = data.sniper.map(num);
  const lines = [
    `A building stands at the origin, aligned with the axes: ${w} m wide, ${w} m deep and ` +
      `${num(data.building.height)} m tall.`,
    `A sniper at (${sx}, ${sy}, ${sz}) is watching the building.`,
    "",
    `Place a crowd of ${data.people} people, each an axis-aligned box of ${pw} × ${pw} × ` +
      `${num(data.person.height)} m standing on the ground (z = 0), so that:`,
    "- the building blocks the sniper's line of sight to every one of them;",
    "- everyone stands on the ground;",
    "- nobody overlaps the building or anyone else;",
    `- nobody is more than ${num(data.maxDistance)} m from the centre of the building.`,
    "",
    'Answer with one JSON object {"people": [{"xy": [x, y]}, ...]}: the ground position of each person\'s centre.',
    ...tokenCapLines(opts),
  ];
  return { messages: [{ role: "user", content: lines.join("\n") }], outputSchema: xyOutputSchema };
}

/** Plumb's earlier wording: exact extents, the visibility rule, the slack and the score. */
function explainedPrompt(data: HideData, opts: PromptOptions): Prompt {
  const n = data.people;
  const a = num(data.building.width / 2);
  const r = num(data.person.width / 2);
  const pw = num(data.person.width);
  const ph = num(data.person.height);
  const [sx, sy, sz] = data.sniper.map(num);
  const clear = num(data.building.width / 2 + data.person.width / 2);
  const lines = [
    `Hide ${n} people from a sniper behind a building.`,
    "",
    "Coordinates are in metres: x and y span the flat ground (z = 0) and z points up.",
    `- The building is a solid box with a ${num(data.building.width)} × ${num(data.building.width)} m square footprint ` +
      `centred at the origin and height ${num(data.building.height)} m: it occupies −${a} ≤ x ≤ ${a}, ` +
      `−${a} ≤ y ≤ ${a}, 0 ≤ z ≤ ${num(data.building.height)}.`,
    `- The sniper's eye is the point (${sx}, ${sy}, ${sz}).`,
    `- Each person is an axis-aligned box with a ${pw} × ${pw} m square footprint and height ${ph} m, standing ` +
      `on the ground and never rotated: a person placed at (x, y) occupies x − ${r} ≤ X ≤ x + ${r}, ` +
      `y − ${r} ≤ Y ≤ y + ${r}, 0 ≤ Z ≤ ${ph}.`,
    "",
    "Rules:",
    `1. Count: give exactly ${n} positions.`,
    `2. Range: every person's centre (x, y) is at most ${num(data.maxDistance)} m from the building centre: ` +
      `√(x² + y²) ≤ ${num(data.maxDistance)}.`,
    "3. Building: no person's box overlaps the building (standing against a wall is allowed), i.e. never both " +
      `|x| < ${clear} and |y| < ${clear}.`,
    "4. No overlap: no two people's boxes overlap (touching is allowed), i.e. for any two people " +
      `|x1 − x2| ≥ ${pw} or |y1 − y2| ≥ ${pw}.`,
    "5. Hidden: the sniper sees no part of anyone. A point is hidden when the straight segment from the " +
      "sniper's eye to it meets the building box (grazing the building's surface counts as blocked); a person " +
      "is hidden when every point of their box is hidden. Only the building blocks the view: people do not " +
      "shield each other and the ground blocks nothing.",
    `All comparisons allow a slack of ${EPS} m.`,
    "",
    `Scoring: rules 1–4 must all hold, otherwise the score is 0. Then the score is 1 − v/${n}, where v is the ` +
      "number of people not fully hidden; the answer passes only when v = 0.",
    "",
    'Answer with one JSON object of the form {"people": [[x, y], ...]}: one [x, y] pair of numbers per person, ' +
      "the centre of their footprint on the ground, in any order.",
  ];
  lines.push(...tokenCapLines(opts));
  return {
    messages: [
      {
        role: "system",
        content:
          "You solve 3D geometry and line-of-sight problems exactly and give the final answer as JSON.",
      },
      { role: "user", content: lines.join("\n") },
    ],
    outputSchema,
  };
}
