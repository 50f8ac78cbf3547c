import { z } from "zod";
import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import { originalPrompt, TETRA_SYSTEM } from "./prompt-original.ts";
import {
  answerSchema,
  INTERSECTION_PENALTY,
  QUAT_PENALTY,
  QUAT_TOLERANCE,
  type TetraData,
} from "./schema.ts";
import { TOUCH_TOLERANCE } from "./tetra.ts";

export const outputSchema = z.toJSONSchema(answerSchema);

const num = (v: number): string => String(Math.round(v * 1e6) / 1e6);
const ring = (r: readonly [number, number][]): string =>
  JSON.stringify(r.map(([x, y]) => [num(x), num(y)].map(Number)));

function describeTarget(data: TetraData): string[] {
  const [outer, ...holes] = data.rings;
  const lines = [
    `Target shape: ${data.shape}` +
      (data.scale !== 1 ? `, scaled by ${data.scale}` : "") +
      (data.rotation !== 0 ? `, turned ${data.rotation}° counter-clockwise` : "") +
      `; area ${num(data.area)}.`,
  ];
  if (data.circleSegments !== null)
    lines.push(
      `Its circle(s) are given as regular polygons of ${data.circleSegments} segments, and that polygon is the exact target.`,
    );
  lines.push(`Outer boundary (counter-clockwise, [x, y] points): ${ring(outer ?? [])}`);
  for (const h of holes) lines.push(`Hole (clockwise; not part of the target): ${ring(h)}`);
  return lines;
}

/**
 * The default says what the original's prompt said of its own task — the solid, the pose, the
 * target, that stray shadow, non-unit quaternions and intersections cost score — plus Plumb's
 * count limit; `explained` adds the shadow shapes a pose gives and the exact scoring rule.
 */
export function tetraPrompt(data: TetraData, opts: PromptOptions = {}): Prompt {
  const variant = promptVariant(opts);
  if (data.original) return originalPrompt(data, variant, opts);
  const lines = variant === "explained" ? explainedLines(data) : defaultLines(data);
  return {
    messages: [
      { role: "system", content: TETRA_SYSTEM },
      { role: "user", content: [...lines, ...tokenCapLines(opts)].join("\n") },
    ],
    outputSchema,
  };
}

function defaultLines(data: TetraData): string[] {
  const e = num(data.edgeLength);
  return [
    "Arrange regular tetrahedra in 3D so that their shadow, cast straight down along z onto the XY plane, covers a target 2D shape.",
    "",
    ...describeTarget(data),
    "",
    `Every tetrahedron is the same regular tetrahedron of edge length ${e}. In its own frame its centroid is at the origin and its vertices are (1, 1, 1), (1, −1, −1), (−1, 1, −1), (−1, −1, 1).`,
    "Each one gets a position [x, y, z] and a unit quaternion [w, x, y, z] (Hamilton convention, applied as v' = q v q*). The rotation turns the tetrahedron about its CENTROID, and the turned tetrahedron is then moved so that its centroid is at the position.",
    `Use between 1 and ${data.maxCount} tetrahedra; more than ${data.maxCount} scores 0.`,
    "Score is lost for shadow outside the target, for target area the shadow leaves uncovered, for quaternions that are not unit length, and for tetrahedra that intersect each other.",
    "",
    'Answer with one JSON object {"tetrahedra": [{"position": [x, y, z], "quaternion": [w, x, y, z]}, ...]}.',
  ];
}

function explainedLines(data: TetraData): string[] {
  const e = num(data.edgeLength);
  return [
    "Arrange regular tetrahedra in 3D so that their shadow — the orthographic projection along z onto the XY plane — matches a target 2D shape.",
    "",
    ...describeTarget(data),
    "",
    "The tetrahedron:",
    `- Every tetrahedron is the same regular tetrahedron of edge length ${e} (= 2√2). In its own frame its centroid is at the origin and its vertices are (1, 1, 1), (1, −1, −1), (−1, 1, −1), (−1, −1, 1).`,
    "- You give each one a position [x, y, z] and a quaternion [w, x, y, z]. The quaternion is a rotation in the Hamilton convention, applied actively as v' = q v q*, about the CENTROID (not about a vertex); the rotated tetrahedron is then moved so that its centroid is at the position. World vertex = position + q v q* for each local vertex v.",
    "- Example: q = [cos 45°, 0, 0, sin 45°] ≈ [0.7071068, 0, 0, 0.7071068] turns 90° counter-clockwise about +z and maps the local vertex (1, 1, 1) to (−1, 1, 1).",
    "- With q = [1, 0, 0, 0] the shadow is the axis-aligned square with corners (±1, ±1) around the position (side 2, area 4); with a face facing down the shadow is an equilateral triangle of side " +
      `${e}. Every shadow is a triangle or a quadrilateral, at least 2 wide in every direction.`,
    "",
    "Rules and scoring:",
    `1. Use between 1 and ${data.maxCount} tetrahedra; more than ${data.maxCount} scores 0. Every number must be finite and no quaternion may be zero.`,
    `2. Each quaternion must be a unit quaternion: | |q| − 1 | ≤ ${QUAT_TOLERANCE}. Otherwise the whole score is multiplied by ${QUAT_PENALTY}. (q is normalised before it is used, so only the penalty depends on |q|.)`,
    `3. No two tetrahedra may intersect: they may touch (faces, edges, vertices; tolerance ${TOUCH_TOLERANCE}) but must not share volume, checked exactly with the separating-axis test. Otherwise the whole score is multiplied by ${INTERSECTION_PENALTY}. Shadows may overlap freely — place overlapping tetrahedra at different heights z.`,
    "4. U is the union of all the shadows and T the target. accuracy = 1 − (area(T minus U) + area(U minus T)) / area(T), at least 0 (the symmetric difference, relative to the target's area).",
    `5. Coverage score = min(1, accuracy / ${data.bar}). Final score = coverage score × the penalties of rules 2 and 3. The answer passes when accuracy ≥ ${data.bar} and neither penalty applies.`,
    "",
    'Answer with one JSON object {"tetrahedra": [{"position": [x, y, z], "quaternion": [w, x, y, z]}, ...]}.',
  ];
}
