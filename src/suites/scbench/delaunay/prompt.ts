import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import type { DelaunayData } from "./generate.ts";
import { SCALE } from "./generate.ts";

export const ANSWER_JSON_SCHEMA: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    triangles: {
      type: "array",
      items: { type: "array", items: { type: "integer", minimum: 0 }, minItems: 3, maxItems: 3 },
    },
  },
  required: ["triangles"],
  additionalProperties: false,
};

export function formatPoint(x: number, y: number): string {
  return `(${(x / SCALE).toFixed(3)}, ${(y / SCALE).toFixed(3)})`;
}

/** A coordinate as the original printed it: its shortest decimal form ("0.2", "0.858"). */
const shortest = (v: number): string => (v % SCALE === 0 ? `${v / SCALE}.0` : String(v / SCALE));

/**
 * The original's information: the points in index order, a request for their Delaunay
 * triangulation as triangles of three ascending indices, and the list-of-lists answer form.
 */
function faithful(data: DelaunayData, opts: PromptOptions): string {
  const list = data.points.map(([x, y]) => `  [${shortest(x)}, ${shortest(y)}]`).join(",\n");
  return [
    "Here is a list of points in the plane; a point's index is its position in the list, from 0.",
    `[\n${list}\n]`,
    "",
    "Find the Delaunay triangulation of these points and give it as a list of triangles, each one the three indices of its corners in ascending order.",
    "Answer with the list of lists of integers only, for example [[0, 1, 2], [1, 2, 3]].",
    ...tokenCapLines(opts),
  ].join("\n");
}

export function delaunayPrompt(data: DelaunayData, opts: PromptOptions = {}): Prompt {
  const user = promptVariant(opts) === "default" ? faithful(data, opts) : explained(data, opts);
  return {
    messages: [
      {
        role: "system",
        content: "You are an expert in computational geometry. You answer precisely in the requested format.",
      },
      { role: "user", content: user },
    ],
    outputSchema: ANSWER_JSON_SCHEMA,
  };
}

/** Plumb's first wording: the triangulation rules and the empty-circumcircle test spelled out. */
function explained(data: DelaunayData, opts: PromptOptions): string {
  const n = data.points.length;
  const list = data.points.map(([x, y], i) => `${i}: ${formatPoint(x, y)}`).join("\n");
  const cap = tokenCapLines(opts)
    .map((line) => `\n${line}`)
    .join("");
  const user = `Compute the Delaunay triangulation of these ${n} points in the plane, numbered 0 to ${n - 1}. The coordinates are exact as written.

${list}

Give a set of triangles whose corners are the given points, referred to by their numbers, such that:
1. Each triangle has three different point numbers and positive area (no three collinear corners).
2. No triangle is listed twice (in any order of its corners).
3. The triangles cover the convex hull of all the points exactly: no gaps and no overlapping interiors. Every point, including points lying on a side of the hull, is a corner of at least one triangle, and no point lies in the middle of a triangle's side.
4. Empty circumcircle: for every triangle, no other point lies strictly inside the circle through its three corners. Points exactly on that circle are allowed, so where four or more points lie on a common circle, any choice among the valid triangulations is accepted.

The order of the triangles and of the corners within a triangle does not matter. Answer with JSON only, in this form:
{"triangles": [[0, 1, 2], [1, 3, 2]]}${cap}`;
  return user;
}
