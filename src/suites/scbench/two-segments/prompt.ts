import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import type { TwoSegmentsData } from "./schema.ts";
import { describeTarget, totalFaces } from "./targets.ts";

const point = { type: "array", items: { type: "number" }, minItems: 2, maxItems: 2 };
const segment = { type: "array", items: point, minItems: 2, maxItems: 2 };

export const outputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: { segments: { type: "array", items: segment, minItems: 2, maxItems: 2 } },
  required: ["segments"],
  additionalProperties: false,
};

const showCorner = ([x, y]: readonly [number, number]): string => `(${x}, ${y})`;

/** An axis-aligned square (to the six digits its corners are printed with); else the region is named a quadrilateral. */
function isSquare(c: NonNullable<TwoSegmentsData["corners"]>): boolean {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = c;
  return y0 === y1 && x1 === x2 && y2 === y3 && x3 === x0 && Math.abs(x1 - x0 - (y3 - y0)) < 1e-5;
}

/** "the unit square with corners …" or the record's square or quadrilateral with its corners. */
function regionText(data: TwoSegmentsData): string {
  const c = data.corners;
  return !c
    ? "the unit square with corners (0, 0), (1, 0), (1, 1) and (0, 1)"
    : `the ${isSquare(c) ? "square" : "quadrilateral"} whose corners, in order around its boundary, are ${c.map(showCorner).join(", ")}`;
}

/**
 * The original's information: the region and its corners, two segments with endpoints on its
 * boundary, the allowed coordinate values when it set a grid, the faces wanted, and the answer as a
 * list of two segments of point pairs. How endpoints are rounded and how corners are counted are
 * left to the model, as the original left them.
 */
function faithful(data: TwoSegmentsData, opts: PromptOptions): string {
  return [
    `The region is ${regionText(data)}.`,
    "Draw two straight segments, each with both endpoints on the boundary of this region.",
    ...(data.grid ? [`Take every endpoint coordinate from {${data.grid.join(", ")}}.`] : []),
    `Together with the region's sides, the two segments must divide its inside into exactly ${describeTarget(data.target)}.`,
    "Answer with a list of the two segments only, in the form [((x0, y0), (x1, y1)), ((x2, y2), (x3, y3))].",
    ...tokenCapLines(opts),
  ].join("\n");
}

export function twoSegmentsPrompt(data: TwoSegmentsData, opts: PromptOptions = {}): Prompt {
  const variant = promptVariant(opts);
  return {
    messages: [
      {
        role: "system",
        content: "You solve geometry construction puzzles exactly and reply in the requested format.",
      },
      { role: "user", content: variant === "default" ? faithful(data, opts) : explained(data, opts) },
    ],
    outputSchema,
  };
}

/** Plumb's first wording: the rounding, the boundary rules and how a face's corners are counted, spelled out. */
function explained(data: TwoSegmentsData, opts: PromptOptions): string {
  const d = data.snapDecimals;
  const unit = (10 ** -d).toFixed(d);
  const tol = (0.5 * 10 ** -d).toFixed(d + 1);
  const lines = [
    "Work in the unit square with corners (0, 0), (1, 0), (1, 1) and (0, 1); x grows to the right and y grows upwards.",
    "Draw two straight line segments whose endpoints all lie on the square's boundary.",
    `The square's four sides and your two segments cut the square into faces; they must be exactly ${totalFaces(data.target)} faces: ${describeTarget(data.target)}, and no others.`,
    ...(data.corners
      ? [
          `This instance's region is ${regionText(data)}. It is first carried onto the unit square by the projective map that sends its corners, in order, to (0, 0), (1, 0), (1, 1) and (0, 1); the rules below apply to the carried points.`,
        ]
      : []),
    ...(data.grid
      ? [`Every endpoint coordinate (before any carrying) must round to one of {${data.grid.join(", ")}}.`]
      : []),
    "",
    "Rules:",
    `1. Each coordinate is first rounded to ${d} decimal place${d === 1 ? "" : "s"} (the nearest multiple of ${unit}, halves rounded away from zero), so a coordinate less than ${tol} away from a multiple of ${unit} counts as that multiple. Everything below applies to the rounded points.`,
    "2. Every endpoint must lie on the boundary: x is 0 or 1 with 0 ≤ y ≤ 1, or y is 0 or 1 with 0 ≤ x ≤ 1. Corners are allowed.",
    "3. A segment's two endpoints must differ, and they must not lie on the same side of the square (a segment running along a side is not allowed).",
    "4. The segments may cross each other, share an endpoint, or end at corners. If the two segments are identical they make only one cut.",
    "5. A face's type is its number of vertices: the points where its boundary turns (a point where the boundary runs straight on is not a vertex; a corner of the square is a vertex of the face that contains it). 3 vertices = triangle, 4 = quadrilateral, 5 = pentagon, 6 = hexagon.",
    "6. The number of faces of each type must equal the target exactly.",
    "",
    'Answer with JSON only, in the form {"segments": [[[x1, y1], [x2, y2]], [[x3, y3], [x4, y4]]]}: exactly two segments, each a pair of endpoints, each endpoint [x, y] with plain numbers.',
  ];
  lines.push(...tokenCapLines(opts));
  return lines.join("\n");
}
