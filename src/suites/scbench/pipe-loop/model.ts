import { z } from "zod";
import { cappedList } from "../common/answer-caps.ts";

export const EDGES = ["left", "right", "bottom", "top"] as const;
export type Edge = (typeof EDGES)[number];

/** The extra constraint of levels 11–20 (level 20 carries two: fixed start and point separation). */
export const CONSTRAINTS = [
  "none",
  "crossings",
  "turn-angle",
  "centroid",
  "edge-touching",
  "min-turns",
  "max-straight-run",
  "all-quadrants",
  "inner-margin",
  "hull-area",
  "start-separation",
] as const;
export type ConstraintKind = (typeof CONSTRAINTS)[number];

/** Most pipes an instance may ask for (the largest level asks for 420). */
export const MAX_PIPES = 2000;
/** Most points an answer may list: 10× MAX_PIPES. */
export const MAX_ANSWER_POINTS = 10 * MAX_PIPES;

export const pipeParams = z
  .object({
    pipes: z.int().min(3).max(MAX_PIPES).default(3),
    side: z.int().min(1).max(200).default(1),
    constraint: z.enum(CONSTRAINTS).default("none"),
  })
  .refine((p) => p.pipes === 3 || p.side >= 2, {
    message: "more than 3 pipes need a square of side at least 2",
    path: ["side"],
  });
export type PipeParams = z.infer<typeof pipeParams>;

/** Every field is optional: an absent field is a constraint the instance does not impose. */
export const constraintsSchema = z.object({
  /** Exact number of intersecting pairs of non-adjacent segments. */
  crossings: z.int().min(0).optional(),
  /** Largest allowed turn angle at a vertex, in degrees. */
  maxTurnDeg: z.number().optional(),
  /** Target of the vertex centroid and the allowed distance from it. */
  centroid: z.object({ x: z.number(), y: z.number(), tolerance: z.number() }).optional(),
  /** Edges of the square that some vertex must touch. */
  touchEdges: z.array(z.enum(EDGES)).optional(),
  /** Least number of vertices where the direction changes. */
  minTurns: z.int().optional(),
  /** Longest allowed straight run (summed length of consecutive collinear segments). */
  maxStraightRun: z.number().optional(),
  allQuadrants: z.boolean().optional(),
  /** Every vertex at least this far from every edge of the square. */
  margin: z.number().optional(),
  /** Least area of the convex hull of the vertices. */
  minHullArea: z.number().optional(),
  /** Where the first listed vertex must be, within `tolerance` (default TOL.start). */
  start: z.object({ x: z.number(), y: z.number(), tolerance: z.number().optional() }).optional(),
  /** The original's angle range: the angle between the two pipes at every point (180° = straight on). */
  cornerAngle: z.object({ min: z.number(), max: z.number() }).optional(),
  /** The original's centroid box: the vertex centroid lies in [xMin, xMax] × [yMin, yMax]. */
  centroidBox: z
    .object({ xMin: z.number(), xMax: z.number(), yMin: z.number(), yMax: z.number() })
    .optional(),
  /** The original's edge touching: points lie within `tolerance` of at least `count` distinct edges. */
  touchEdgeCount: z.object({ count: z.int().min(1).max(4), tolerance: z.number() }).optional(),
  /** A turn of at most this many degrees is straight on for minTurns and the straight limits (default TOL.straightDeg). */
  straightDeg: z.number().optional(),
  /** The original's straight-run limit: most consecutive points that are straight on. */
  maxStraightJoints: z.int().min(0).optional(),
  /** With allQuadrants: a point on a midline counts for the quadrants on both sides (the original's rule). */
  quadrantsClosed: z.boolean().optional(),
  /** Least distance between any two vertices. */
  minSeparation: z.number().optional(),
});
export type Constraints = z.infer<typeof constraintsSchema>;

export const dataSchema = z.object({
  pipes: z.int().min(3).max(MAX_PIPES),
  side: z.number().positive(),
  constraints: constraintsSchema,
});
export type PipeData = z.infer<typeof dataSchema>;

/** Unknown keys (a "reasoning" field, say) are ignored. */
export const answerSchema = z.object({
  points: cappedList(z.tuple([z.number(), z.number()]), MAX_ANSWER_POINTS, "points"),
});
export type PipeAnswer = z.infer<typeof answerSchema>;
export type Pt = readonly [number, number];

/** Fixed tolerances of the rules (stated in the prompt). */
export const TOL = {
  length: 0.05,
  duplicate: 1e-6,
  bounds: 1e-9,
  /** A turn above this many degrees folds the pipe back onto the previous one. */
  backtrackDeg: 178,
  /** A turn of at most this many degrees is "straight on" (no direction change). */
  straightDeg: 1,
  touch: 0.01,
  start: 0.01,
} as const;

/** The seed's 40 subtasks: pipes and side interpolated linearly from (3, 1) to (420, 50). */
export function levelSize(k: number): { pipes: number; side: number } {
  return { pipes: Math.round(3 + (417 * (k - 1)) / 39), side: Math.round(1 + (49 * (k - 1)) / 39) };
}

export const LEVEL_CONSTRAINT: Record<number, ConstraintKind> = {
  11: "crossings",
  12: "turn-angle",
  13: "centroid",
  14: "edge-touching",
  15: "min-turns",
  16: "max-straight-run",
  17: "all-quadrants",
  18: "inner-margin",
  19: "hull-area",
  20: "start-separation",
};

export const levels: Record<string, Partial<PipeParams>> = Object.fromEntries(
  Array.from({ length: 40 }, (_, i) => {
    const k = i + 1;
    return [
      `level-${String(k).padStart(2, "0")}`,
      { ...levelSize(k), constraint: LEVEL_CONSTRAINT[k] ?? "none" },
    ];
  }),
);
