import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
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
  const straight = c.straightDeg ?? TOL.straightDeg;
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
    out.push(`Minimum turns: at least ${c.minTurns} points have a turn angle above ${straight}°.`);
  if (c.maxStraightRun !== undefined)
    out.push(
      `Maximum straight run: a straight run is a maximal chain of consecutive pipes whose joints all turn by at most ${TOL.straightDeg}°; no run may be longer than ${c.maxStraightRun} in total length.`,
    );
  if (c.allQuadrants)
    out.push(
      `All quadrants: each of the four quadrants cut by the lines x = ${side / 2} and y = ${side / 2} ${c.quadrantsClosed ? "contains at least one point (a point on a midline counts for the quadrants on both sides)" : "strictly contains at least one point"}.`,
    );
  if (c.margin !== undefined)
    out.push(
      `Inner margin: every point is at least ${c.margin} from every edge (x and y in [${c.margin}, ${side - c.margin}]).`,
    );
  if (c.minHullArea !== undefined)
    out.push(`Hull area: the convex hull of the points has area at least ${c.minHullArea}.`);
  if (c.start)
    out.push(
      `Fixed start: the first listed point lies within ${c.start.tolerance ?? TOL.start} of (${c.start.x}, ${c.start.y}).`,
    );
  if (c.minSeparation !== undefined)
    out.push(`Point separation: every two points are at least ${c.minSeparation} apart.`);
  if (c.cornerAngle)
    out.push(
      `Corner angle: at every point the angle between its two pipes (180° = straight on) lies between ${c.cornerAngle.min}° and ${c.cornerAngle.max}°.`,
    );
  if (c.centroidBox) {
    const b = c.centroidBox;
    out.push(
      `Centroid box: the average of the listed points lies in [${b.xMin}, ${b.xMax}] × [${b.yMin}, ${b.yMax}].`,
    );
  }
  if (c.touchEdgeCount)
    out.push(
      `Edge count: points lie within ${c.touchEdgeCount.tolerance} of at least ${c.touchEdgeCount.count} different edges.`,
    );
  if (c.maxStraightJoints !== undefined)
    out.push(
      `Straight joints: at most ${c.maxStraightJoints} consecutive points turn by less than ${straight}°.`,
    );
  return out;
}

const SYSTEM =
  "You are solving a geometric construction puzzle. Follow the rules exactly and give the answer in the requested JSON format.";

export function pipePrompt(data: PipeData, opts: PromptOptions = {}): Prompt {
  const lines = promptVariant(opts) === "explained" ? explainedLines(data) : faithfulLines(data);
  return {
    messages: [
      { role: "system", content: SYSTEM },
      { role: "user", content: [...lines, ...tokenCapLines(opts)].join("\n") },
    ],
    outputSchema,
  };
}

const num = (x: number) => String(Math.round(x * 1e4) / 1e4);

/** The constraints as the original worded them: what is asked, without the verifier's tolerances. */
function plainConstraintLines(c: Constraints): string[] {
  const out: string[] = [];
  if (c.crossings !== undefined)
    out.push(
      c.crossings === 1
        ? "Exactly one crossing is required."
        : `Exactly ${c.crossings} crossings are required.`,
    );
  if (c.cornerAngle)
    out.push(
      `The angle between the two pipes at every point stays between ${c.cornerAngle.min}° and ${c.cornerAngle.max}°.`,
    );
  if (c.centroidBox) {
    const b = c.centroidBox;
    out.push(
      `The centre of gravity of the points stays within x ${num(b.xMin)}–${num(b.xMax)} and y ${num(b.yMin)}–${num(b.yMax)}.`,
    );
  }
  if (c.centroid)
    out.push(
      `The centre of gravity of the points lies within ${c.centroid.tolerance} of (${c.centroid.x}, ${c.centroid.y}).`,
    );
  if (c.touchEdgeCount) out.push(`Touch at least ${c.touchEdgeCount.count} different edges of the square.`);
  if (c.touchEdges) out.push(`Touch the ${c.touchEdges.join(" and ")} edges of the square.`);
  if (c.minTurns !== undefined) out.push(`Make at least ${c.minTurns} real turns.`);
  if (c.maxStraightJoints !== undefined)
    out.push(`No more than ${c.maxStraightJoints} straight pipes in a row.`);
  if (c.maxStraightRun !== undefined) out.push(`No straight stretch longer than ${c.maxStraightRun}.`);
  if (c.maxTurnDeg !== undefined) out.push(`No turn sharper than ${c.maxTurnDeg}°.`);
  if (c.allQuadrants) out.push("Visit all four quarters of the square cut by its two midlines.");
  if (c.margin !== undefined) out.push(`Keep every point at least ${num(c.margin)} in from every edge.`);
  if (c.minHullArea !== undefined)
    out.push(`The convex hull of the points has area at least ${num(c.minHullArea)}.`);
  if (c.start) out.push(`Start the loop near (${num(c.start.x)}, ${num(c.start.y)}).`);
  if (c.minSeparation !== undefined)
    out.push(`Points that are not neighbours on the loop are at least ${c.minSeparation} apart.`);
  return out;
}

/** What the original told the model: the pipes, the square, the loop, its extra constraints. */
function faithfulLines(data: PipeData): string[] {
  const { pipes, side, constraints } = data;
  const extra = plainConstraintLines(constraints);
  return [
    `You have ${pipes} straight pipes, each 1 m long, and a square area with sides of ${side} m.`,
    "Lay all the pipes out as one closed loop that comes back to where it began.",
    "No point may be used twice, and nothing may leave the square. The pipes need not run parallel to the sides.",
    `Give the loop as the list of pipe endpoints in order: ${pipes} points, since the loop's first and last point are the same and the first is not repeated at the end.`,
    ...(extra.length > 0
      ? [
          "",
          "Further constraints:",
          ...extra.map((l) => `- ${l}`),
          ...(constraints.crossings === undefined ? ["- The loop must neither cross nor touch itself."] : []),
        ]
      : ["The loop must neither cross nor touch itself."]),
    "",
    'Answer with one JSON object {"points": [[x0, y0], [x1, y1], ...]}, with x and y measured from the lower-left corner of the square.',
  ];
}

/** Plumb's earlier wording: every rule numbered, with the verifier's tolerances. */
function explainedLines(data: PipeData): string[] {
  const { pipes, side, constraints } = data;
  const extra = constraintLines(constraints, side);
  return [
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
  ];
}
