import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { checkPromptOptions, tokenCapLines } from "../common/prompt-options.ts";
import { type Constraints, type PipeData, TOL } from "./model.ts";

export const outputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["points"],
  properties: {
    points: {
      type: "array",
      items: { type: "array", minItems: 2, maxItems: 2, items: { type: "number" } },
    },
  },
};

/** One sentence per extra constraint, in the order the verifier checks them. */
export function constraintLines(c: Constraints, side: number): string[] {
  const out: string[] = [];
  if (c.crossings !== undefined)
    out.push(
      `Exact crossings: exactly ${c.crossings} pair(s) of non-consecutive pipes meet (share at least one point, touching included). This replaces the no-crossing rule.`,
    );
  if (c.maxTurnDeg !== undefined)
    out.push(`Turn angle range: every turn angle lies between 0° and ${c.maxTurnDeg}°.`);
  if (c.centroid)
    out.push(
      `Centroid: the average of the listed points lies within ${c.centroid.tolerance} of (${c.centroid.x}, ${c.centroid.y}).`,
    );
  if (c.touchEdges)
    out.push(
      `Edge touching: for each of the ${c.touchEdges.join(" and ")} edges, some point lies within ${TOL.touch} of that edge (left x = 0, right x = ${side}, bottom y = 0, top y = ${side}).`,
    );
  if (c.minTurns !== undefined)
    out.push(`Minimum turns: at least ${c.minTurns} points have a turn angle above ${TOL.straightDeg}°.`);
  if (c.maxStraightRun !== undefined)
    out.push(
      `Maximum straight run: a straight run is a maximal chain of consecutive pipes whose joints all turn by at most ${TOL.straightDeg}°; no run may be longer than ${c.maxStraightRun} in total length.`,
    );
  if (c.allQuadrants)
    out.push(
      `All quadrants: each of the four quadrants cut by the lines x = ${side / 2} and y = ${side / 2} strictly contains at least one point.`,
    );
  if (c.margin !== undefined)
    out.push(
      `Inner margin: every point is at least ${c.margin} from every edge (x and y in [${c.margin}, ${side - c.margin}]).`,
    );
  if (c.minHullArea !== undefined)
    out.push(`Hull area: the convex hull of the points has area at least ${c.minHullArea}.`);
  if (c.start)
    out.push(`Fixed start: the first listed point lies within ${TOL.start} of (${c.start.x}, ${c.start.y}).`);
  if (c.minSeparation !== undefined)
    out.push(`Point separation: every two points are at least ${c.minSeparation} apart.`);
  return out;
}

export function pipePrompt(data: PipeData, opts: PromptOptions = {}): Prompt {
  checkPromptOptions(opts);
  const { pipes, side, constraints } = data;
  const extra = constraintLines(constraints, side);
  const lines = [
    `Lay ${pipes} straight pipes of length 1 inside a square of side ${side} so that they form one closed loop.`,
    `The square is [0, ${side}] × [0, ${side}]: x runs left to right, y bottom to top.`,
    "",
    `Describe the loop by its ${pipes} corner points P0, P1, …, P${pipes - 1} in order. Pipe i runs from Pi to P(i+1), and the last pipe runs from P${pipes - 1} back to P0 (do not repeat P0 at the end).`,
    "The turn angle at a point is the angle between the direction of the pipe arriving there and the direction of the pipe leaving it: 0° means straight on, 180° means going straight back.",
    "",
    "Rules:",
    `1. Exactly ${pipes} points.`,
    `2. Every point lies in the square (0 ≤ x ≤ ${side}, 0 ≤ y ≤ ${side}).`,
    `3. Every pipe, the closing one included, has length between ${1 - TOL.length} and ${1 + TOL.length}.`,
    `4. No two points coincide (any two points are at least ${TOL.duplicate} apart).`,
    `5. No backtracking: every turn angle is at most ${TOL.backtrackDeg}°.`,
    ...(constraints.crossings === undefined
      ? [
          "6. No crossings: two pipes that are not consecutive in the loop never meet (they share no point, touching included).",
        ]
      : []),
    ...(extra.length > 0 ? ["", "Extra constraints:", ...extra.map((l, i) => `${i + 1}. ${l}`)] : []),
    "",
    'Answer with one JSON object {"points": [[x0, y0], [x1, y1], ...]} listing the points in loop order, as plain decimal numbers.',
    ...tokenCapLines(opts),
  ];
  return {
    messages: [
      {
        role: "system",
        content:
          "You are solving a geometric construction puzzle. Follow the rules exactly and give the answer in the requested JSON format.",
      },
      { role: "user", content: lines.join("\n") },
    ],
    outputSchema,
  };
}
