import { z } from "zod";

export const TASK_ID = "scbench/csg-union";
export const CASE_COUNT = 21;

export type Xyz = [number, number, number];

/**
 * A CSG tree with OpenSCAD's primitives and conventions: `cube` spans [0, size] (or is centred),
 * `cylinder` runs along +z from z = 0 (or is centred) with a regular `fn`-gon section (r2 = 0: a cone),
 * `sphere` is OpenSCAD's ring sphere, `polyhedron` a closed solid whose faces run counter-clockwise seen
 * from outside, `rotate` turns about x, then y, then z (degrees).
 */
export type CsgNode =
  | { op: "cube"; size: Xyz; center: boolean }
  | { op: "cylinder"; h: number; r1: number; r2: number; fn: number; center: boolean }
  | { op: "sphere"; r: number; fn: number }
  | { op: "polyhedron"; points: Xyz[]; faces: number[][] }
  | { op: "translate"; v: Xyz; child: CsgNode }
  | { op: "rotate"; a: Xyz; child: CsgNode }
  | { op: "union"; children: CsgNode[] }
  | { op: "difference"; children: CsgNode[] };

const xyz = z.tuple([z.number(), z.number(), z.number()]);
const positive = z.number().positive();
const facets = z.number().int().min(3).max(128);

export const csgNodeSchema: z.ZodType<CsgNode> = z.lazy(() =>
  z.discriminatedUnion("op", [
    z.object({ op: z.literal("cube"), size: z.tuple([positive, positive, positive]), center: z.boolean() }),
    z.object({
      op: z.literal("cylinder"),
      h: positive,
      r1: positive,
      r2: z.number().min(0),
      fn: facets,
      center: z.boolean(),
    }),
    z.object({ op: z.literal("sphere"), r: positive, fn: facets }),
    z.object({
      op: z.literal("polyhedron"),
      points: z.array(xyz).min(4).max(64),
      faces: z
        .array(z.array(z.int().min(0)).min(3).max(64))
        .min(4)
        .max(64),
    }),
    z.object({ op: z.literal("translate"), v: xyz, child: csgNodeSchema }),
    z.object({ op: z.literal("rotate"), a: xyz, child: csgNodeSchema }),
    z.object({ op: z.literal("union"), children: z.array(csgNodeSchema).min(1) }),
    z.object({ op: z.literal("difference"), children: z.array(csgNodeSchema).min(1) }),
  ]),
);

export const csgParams = z.object({
  /** Which of the 21 cases (1 = two overlapping cubes … 21 = a plate, a tube and a rod). */
  case: z.number().int().min(1).max(CASE_COUNT).default(1),
});
export type CsgParams = z.infer<typeof csgParams>;

export const dataSchema = z.object({
  /** Plumb's case number; null for the original's subtasks. */
  case: z.number().int().min(1).max(CASE_COUNT).nullable(),
  title: z.string(),
  /** The shapes in words, as the original's subtask gave them; when absent the tree is described. */
  description: z.string().optional(),
  tree: csgNodeSchema,
  /** The reference solid's exact volume where a closed form exists. */
  closedFormVolume: z.number().positive().nullable(),
  /**
   * "original": score as the original did (its volume comparison, see original-score.ts), set on the
   * original preset's instances; absent: Plumb's volume accuracy.
   */
  scoring: z.literal("original").optional(),
});
export type CsgData = z.infer<typeof dataSchema>;

/**
 * Answer size caps, about 100× the largest reference (142 vertices, 280 triangles) and small enough
 * that the checks stay fast: triangulating a face costs up to its size squared.
 */
export const ANSWER_LIMITS = { vertices: 20_000, faceSize: 256, faceIndices: 60_000 } as const;

/**
 * The original's answer shape, {"polyhedron": {"vertex": [{"xyz": [x, y, z]}, ...], "faces":
 * [{"vertex": [i, j, k, ...]}, ...]}}, as Plumb's {"vertices", "faces"}; other values pass unchanged.
 */
function fromOriginalShape(value: unknown): unknown {
  const poly = field(value, "polyhedron");
  if (poly === undefined) return value;
  const vertex = field(poly, "vertex");
  const faces = field(poly, "faces");
  return {
    vertices: Array.isArray(vertex) ? vertex.map((v) => field(v, "xyz") ?? v) : vertex,
    faces: Array.isArray(faces) ? faces.map((f) => field(f, "vertex") ?? f) : faces,
  };
}

function field(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

export const plumbAnswer = z.object({
  vertices: z.array(z.array(z.number()).max(3)).max(ANSWER_LIMITS.vertices),
  faces: z
    .array(z.array(z.number()).max(ANSWER_LIMITS.faceSize))
    .max(ANSWER_LIMITS.faceIndices / 3)
    .refine((faces) => faces.reduce((n, f) => n + f.length, 0) <= ANSWER_LIMITS.faceIndices, {
      message: `the faces may hold at most ${ANSWER_LIMITS.faceIndices} vertex indices in all`,
    }),
});
export const answerSchema = z.preprocess(fromOriginalShape, plumbAnswer);
export type CsgAnswer = z.infer<typeof plumbAnswer>;
