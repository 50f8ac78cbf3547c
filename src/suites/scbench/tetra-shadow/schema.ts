import { z } from "zod";
import { ORIGINAL_SHAPES } from "./original-shapes.ts";
import { SHAPES } from "./shapes.ts";

export const TASK_ID = "scbench/tetra-shadow";
/** Edge 2√2: the local vertices are (±1, ±1, ±1) with an even number of minus signs. */
export const EDGE_LENGTH = 2 * Math.SQRT2;
/** A unit quaternion may be off by this much in norm before the ×0.25 penalty. */
export const QUAT_TOLERANCE = 0.01;
export const QUAT_PENALTY = 0.25;
export const INTERSECTION_PENALTY = 0.5;

export const tetraParams = z.object({
  shape: z.enum(SHAPES).default("square"),
  /** The base shape (12–20 units across) is scaled by this. */
  scale: z.number().min(0.5).max(2).default(1),
  /** Turn the target by a seeded angle in [10°, 80°). */
  rotated: z.boolean().default(false),
  /** At most ⌈countFactor · area / 4⌉ tetrahedra (4 = the area of the square shadow). */
  countFactor: z.number().min(1).max(4).default(2),
});
export type TetraParams = z.infer<typeof tetraParams>;

const point2 = z.tuple([z.number(), z.number()]);
/** Present on the original's subtasks (SCBench 4.py): they keep its tetrahedron, answer format and score. */
export const originalSubtaskSchema = z.object({
  /** 0-based, as the original numbers its subpasses. */
  subpass: z.number().int().min(0),
  /** The target in words, as the original's prompt gives it (it gives no coordinates). */
  target: z.string().min(1),
});
export type OriginalSubtask = z.infer<typeof originalSubtaskSchema>;
export const dataSchema = z.object({
  shape: z.enum([...SHAPES, ...ORIGINAL_SHAPES]),
  /** Outer ring counter-clockwise, then holes clockwise. */
  rings: z.array(z.array(point2).min(3)).min(1),
  /** Segments per circle when the shape is curved, else null. */
  circleSegments: z.number().int().positive().nullable(),
  /** The target's turn (degrees, counter-clockwise) and scale relative to the base shape. */
  rotation: z.number(),
  scale: z.number().positive(),
  area: z.number().positive(),
  edgeLength: z.number().positive(),
  maxCount: z.number().int().positive(),
  /** The accuracy that earns full marks: the score is accuracy / bar, capped at 1. */
  bar: z.number().positive().max(1),
  original: originalSubtaskSchema.optional(),
});
export type TetraData = z.infer<typeof dataSchema>;

const coord = z.number().min(-1e4).max(1e4);
export const tetrahedronSchema = z.object({
  position: z.tuple([coord, coord, coord]),
  quaternion: z.tuple([coord, coord, coord, coord]),
});
export type Tetrahedron = z.infer<typeof tetrahedronSchema>;
/** Read at most (3× the largest per-instance limit the parameters allow, 616); over the instance's limit scores 0. */
export const MAX_TETRAHEDRA = 2000;
export const answerSchema = z.object({ tetrahedra: z.array(tetrahedronSchema).max(MAX_TETRAHEDRA) });
export type TetraAnswer = z.infer<typeof answerSchema>;

/** The original's form: one flat record per tetrahedron, q0 the scalar part of the quaternion. */
export const originalTetrahedronSchema = z.object({
  x: coord,
  y: coord,
  z: coord,
  q0: coord,
  q1: coord,
  q2: coord,
  q3: coord,
});
export const originalAnswerSchema = z.object({
  tetrahedrons: z.array(originalTetrahedronSchema).max(MAX_TETRAHEDRA),
});
export type OriginalAnswer = z.infer<typeof originalAnswerSchema>;
