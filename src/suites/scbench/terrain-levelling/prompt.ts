import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import {
  FLAT_TOLERANCE,
  MAX_BLASTS,
  MAX_HEIGHT,
  MAX_SPHERES,
  MIN_HEIGHT,
  SPHERES_PER_DEPTH,
  type TerrainData,
} from "./schema.ts";
import {
  FLOOR_Y,
  MAX_STEPS,
  REST_SPEED,
  REST_STEPS,
  SPHERE_RADIUS,
  STACK_SPACING,
  TIME_STEP,
} from "./simulate.ts";
import { levellingScore } from "./verify.ts";

export const outputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["blasts"],
  properties: {
    blasts: {
      type: "array",
      maxItems: MAX_BLASTS,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["x", "y", "depth"],
        properties: {
          x: { type: "integer", minimum: 0 },
          y: { type: "integer", minimum: 0 },
          depth: { type: "number", exclusiveMinimum: 0 },
        },
      },
    },
  },
};

/**
 * Default: what the original told the model (how blasted rock runs downhill, with a small worked
 * case; that a steep hill above a large plain beats gentle slopes; the map; what flat means; the
 * plan's form). "explained" adds the physics engine's constants, the score formula and the pass mark.
 */
export function terrainPrompt(data: TerrainData, opts: PromptOptions = {}): Prompt {
  return promptVariant(opts) === "explained" ? explainedPrompt(data, opts) : faithfulPrompt(data, opts);
}

/** Heights as given: one decimal when no height has more (the original's maps), else two. */
function heightRows(heights: readonly (readonly number[])[]): string[] {
  const tenths = heights.every((row) => row.every((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9));
  return heights.map((row) => row.map((v) => v.toFixed(tenths ? 1 : 2)).join(" "));
}

function faithfulPrompt(data: TerrainData, opts: PromptOptions): Prompt {
  const n = data.side;
  const lines = [
    `You are levelling a ${n} × ${n} terrain so that a new city can be built on it.`,
    "",
    "You can drill into a cell to some depth and blast it: the rock down to that depth breaks up and the cell is lowered by that depth. The broken rock then rolls downhill. From the top of a hill it spreads evenly to all eight neighbours; on a slope it goes, in equal shares, to the neighbours lower than it, and it keeps rolling and splitting like this until it comes to rest.",
    "For example, blasting 0.8 out of the middle of a 3 × 3 patch whose centre stands above all eight neighbours first lowers the centre by 0.8 and gives each neighbour 0.1; rock that lands on a neighbour which is itself higher than some of its own neighbours keeps going down towards them. The patch ends up less steep than before, though still not flat.",
    "Where you blast matters: a steep hill left standing above a large flat plain is better than gentle slopes everywhere and no plain.",
    "",
    `The terrain's heights, one row per y from y = 0, the value for x = 0 first in each row (cell (x, y) is row y, position x):`,
    ...heightRows(data.heights),
    "",
    `A region counts as flat when its cells are joined through side-neighbours whose heights differ by at most ${FLAT_TOLERANCE}.`,
    "Plan the blasts — where (x and y, whole cell coordinates from 0), how deep to drill (z), and in what order — so that the terrain settles into the largest possible flat area for the city.",
    "",
    'Answer with JSON: {"blasts": [{"x": 3, "y": 5, "z": 1.5}, ...]}, in the order the blasts go off.',
  ];
  lines.push(...tokenCapLines(opts));
  return {
    messages: [{ role: "user", content: lines.join("\n") }],
    outputSchema: originalOutputSchema,
  };
}

/** The shape the original's structured output asked for: blasts with x, y and the drilling depth z. */
export const originalOutputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["blasts"],
  properties: {
    blasts: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["x", "y", "z"],
        properties: { x: { type: "integer" }, y: { type: "integer" }, z: { type: "number" } },
      },
    },
  },
};

function explainedPrompt(data: TerrainData, opts: PromptOptions): Prompt {
  const n = data.side;
  const cells = n * n;
  const rows = data.heights.map((row) => `[${row.map((v) => v.toFixed(2)).join(", ")}]`);
  const lines = [
    `You are planning earthworks for a new city on a ${n} × ${n} terrain. Plan a sequence of blasting charges that creates the largest possible flat area.`,
    "",
    `Heightmap (heights in metres, normalised to ${MIN_HEIGHT}–${MAX_HEIGHT}; row y = 0 first, column x = 0 first in each row, so the height of cell (x, y) is heights[y][x]):`,
    "[",
    rows.map((r) => `  ${r}`).join(",\n"),
    "]",
    "",
    "Flat region: cells are neighbours when they share a side (4-connectivity). Two neighbours are linked when their heights differ by at most " +
      `${FLAT_TOLERANCE}. A flat region is a set of cells connected through links; a cliff may lie inside a region as long as a gentle path joins both sides elsewhere. ` +
      `A is the number of cells in the largest flat region. Before any blast, A = ${data.flatBefore}.`,
    "",
    "Each blast (x, y, depth), carried out in your order, is simulated with a rigid-body physics engine:",
    `1. Cell (x, y) must lie in the grid and 0 < depth ≤ the cell's height at that moment (after all earlier blasts and their rubble); otherwise the plan is rejected.`,
    "2. The cell's height is lowered by depth.",
    `3. The broken rock becomes k = min(${MAX_SPHERES}, ⌈${SPHERES_PER_DEPTH} · depth⌉) spheres of radius ${SPHERE_RADIUS}, stacked vertically above the centre of the cell (the lowest just above the ground, ${STACK_SPACING} apart).`,
    "4. The ground is a heightfield surface through the cell centres: cell (x, y) is the point (x + 0.5, y + 0.5) at its height, joined to its neighbours by triangles, so it spans from the centre of the first cell to the centre of the last; beyond that there is nothing.",
    `5. Gravity pulls the spheres down; they bounce off each other, roll downhill and collect in hollows. The simulation steps by ${TIME_STEP.toFixed(4)} s until every sphere has been slower than ${REST_SPEED} per second for ${REST_STEPS} steps in a row, or ${MAX_STEPS} steps have run.`,
    `6. Each sphere whose centre ends above the grid, at a height of at least ${FLOOR_Y}, raises the cell it rests over (cell ⌊px⌋, ⌊py⌋ of its position) by depth / k. Spheres that roll off the edge of the world are lost.`,
    "",
    "Example of rubble rolling into a depression: blasting the upper part of a slope that runs down into a hollow lowers that cell; its rubble spheres tumble down the slope and come to rest in the hollow, raising the hollow's cells, so rock moves from the high ground into the low ground. Blasting a hilltop or the middle of a plain deeply has little effect: the rubble falls straight back into the crater it left and the terrain settles close to its old shape. Rubble that lands on a flat area raises the cells it lands on and can break that area apart.",
    "",
    `Scoring: after the whole plan, A_after is measured again. Score = (A_after − A_before) / min(N²/2, N² − A_before), with N² = ${cells} cells and A_before = ${data.flatBefore}, clamped to 0…1. ` +
      `A plan that breaks a rule, or has more than ${MAX_BLASTS} blasts, scores 0; an empty plan scores 0. A plan passes when A_after ≥ ${data.flatTarget}, the largest flat region the reference planner's plan leaves on this terrain (a score of ${levellingScore(n, data.flatBefore, data.flatTarget).toFixed(4)}).`,
    "",
    `Answer with one JSON object {"blasts": [{"x": 3, "y": 5, "depth": 1.5}, ...]} listing at most ${MAX_BLASTS} blasts in the order they go off; x and y are integers from 0 to ${n - 1} and depth is a number in metres.`,
  ];
  lines.push(...tokenCapLines(opts));
  return {
    messages: [
      {
        role: "system",
        content:
          "You are a civil engineer planning drill-and-blast earthworks for a construction site. Give the final plan as JSON.",
      },
      { role: "user", content: lines.join("\n") },
    ],
    outputSchema,
  };
}
