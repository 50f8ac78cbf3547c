import { z } from "zod";
import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { Prompt, PromptOptions } from "../../../core/task.ts";
import type { PromptVariant } from "../common/prompt-variant.ts";
import { ORIGINAL_BAND } from "./coverage.ts";
import { toOriginalPose } from "./original-frame.ts";
import {
  INTERSECTION_PENALTY,
  MAX_TETRAHEDRA,
  originalAnswerSchema,
  QUAT_PENALTY,
  type TetraData,
} from "./schema.ts";
import { TOUCH_TOLERANCE } from "./tetra.ts";
import { ORIGINAL_DIFFERENCE_WEIGHT, ORIGINAL_SQUARED_NORM_TOLERANCE } from "./verify-original.ts";

export const TETRA_SYSTEM =
  "You solve 3D geometry construction puzzles precisely and give the final answer as JSON.";
export const originalOutputSchema = z.toJSONSchema(originalAnswerSchema);

const num = (v: number): string => String(Math.round(v * 1e6) / 1e6);
const points = (r: readonly [number, number][]): string =>
  r.map(([x, y]) => `(${num(x)}, ${num(y)})`).join(", ");

/** Plumb's unturned pose (square shadow, centred on the position) in the original's frame. */
const SQUARE_POSE = toOriginalPose([0, 0, 0], [1, 0, 0, 0]);

/** What the original's prompt gave: the solid, the 7-number pose, the target in words, what costs score. */
function defaultLines(target: string): string[] {
  return [
    "A regular tetrahedron with every edge 1 stands on the plane Z = 0 with one edge along the X axis. Its vertices are:",
    "  0: (0, 0, 0)",
    "  1: (1, 0, 0)",
    "  2: (0.5, √3/2, 0)",
    "  3: (0.5, √3/6, √(2/3))  (the apex)",
    "and its faces are the triangles (0, 2, 1) (the base), (0, 1, 3), (1, 2, 3) and (2, 0, 3).",
    "",
    "A pose of this tetrahedron is 7 numbers (x, y, z, q0, q1, q2, q3): q0, q1, q2, q3 form a normalised quaternion and x, y, z a translation. The rotation turns the tetrahedron about the point (0, 0, 0) — vertex 0, NOT its centre — and happens before the translation.",
    "",
    `Build a scene of several tetrahedra, each with its own pose, whose shadow cast straight down onto the plane Z = 0 covers ${target}, centred at the origin. Give the poses.`,
    "Use as many tetrahedra as you need: the score depends on how well the shadow covers the shape, not on how many you use.",
    "Score is lost for shadow outside the shape, for quaternions that are not normalised, and for tetrahedra that intersect each other.",
    "",
    'Answer with one JSON object {"tetrahedrons": [{"x": …, "y": …, "z": …, "q0": …, "q1": …, "q2": …, "q3": …}, ...]}.',
  ];
}

/** Also the convention, the exact target, the shadows two poses give, and the scoring rule. */
function explainedLines(data: TetraData, target: string): string[] {
  const [outer, ...holes] = data.rings;
  const q = SQUARE_POSE.quaternion.map(num).join(", ");
  const [ox, oy] = SQUARE_POSE.position.map(num);
  return [
    ...defaultLines(target).slice(0, -2),
    "",
    "Details:",
    "- q0 is the scalar part: the rotation is v' = q v q* with q = q0 + q1 i + q2 j + q3 k (Hamilton convention); q is normalised before it is used. World vertex = (x, y, z) + q v q* for each vertex v above.",
    `- The target exactly: the polygon ${points(outer ?? [])}` +
      holes.map((h) => ` with the hole ${points(h)}`).join("") +
      (data.circleSegments !== null
        ? ` (its curves are regular ${data.circleSegments}-gons, as OpenSCAD draws them)`
        : "") +
      `; area ${num(data.area)}.`,
    "- With q = (1, 0, 0, 0) the shadow is the base triangle (0, 0), (1, 0), (0.5, √3/2) moved by (x, y).",
    `- With q ≈ (${q}) two opposite edges lie horizontal and the shadow is the axis-aligned square of side 1/√2 ≈ 0.707107 centred at (x − ${ox}, y − ${oy}). Shadows may overlap if the tetrahedra are at different heights.`,
    `- Penalty: if any quaternion has |q0² + q1² + q2² + q3² − 1| > ${ORIGINAL_SQUARED_NORM_TOLERANCE} the coverage term is multiplied by ${QUAT_PENALTY}; otherwise, if any two tetrahedra share volume (touching within ${TOUCH_TOLERANCE} is allowed), it is multiplied by ${INTERSECTION_PENALTY}. Only one penalty applies.`,
    `- U is the union of the shadows, T the target, C = U ∩ T. D is the part of U ∪ T farther than ${ORIGINAL_BAND} (along x or y) from C.`,
    `- Score = (area(C) / area(T) × penalty − ${ORIGINAL_DIFFERENCE_WEIGHT} × area(D) / area(T))${data.bar === 1 ? "" : ` / ${data.bar}`}, clamped to [0, 1]; full marks pass. At most ${MAX_TETRAHEDRA} tetrahedra are read.`,
    "",
    ...defaultLines(target).slice(-1),
  ];
}

export function originalPrompt(data: TetraData, variant: PromptVariant, opts: PromptOptions): Prompt {
  const target = data.original?.target ?? data.shape;
  const lines = variant === "explained" ? explainedLines(data, target) : defaultLines(target);
  return {
    messages: [
      { role: "system", content: TETRA_SYSTEM },
      { role: "user", content: [...lines, ...tokenCapLines(opts)].join("\n") },
    ],
    outputSchema: originalOutputSchema,
  };
}
