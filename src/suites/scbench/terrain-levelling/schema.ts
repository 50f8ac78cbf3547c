import { z } from "zod";

export const TASK_ID = "scbench/terrain-levelling";

/** Heights are normalised to [MIN_HEIGHT, MAX_HEIGHT] (the seed lost its range; its reference "climbs from elevation 8"). */
export const MIN_HEIGHT = 0;
export const MAX_HEIGHT = 10;
/** Neighbouring cells whose heights differ by at most this much belong to the same flat region. */
export const FLAT_TOLERANCE = 0.2;
/** The longest plan the verifier accepts. */
export const MAX_BLASTS = 60;
/**
 * The reference plan's score must reach this (else the terrain is redrawn), so that matching it,
 * which is what a pass asks, is a real improvement and not the odd cell a random plan also gains.
 */
export const MIN_REFERENCE_SCORE = 0.01;
/** Rubble spheres per unit of depth, and the cap per blast. */
export const SPHERES_PER_DEPTH = 4;
export const MAX_SPHERES = 120;

export const terrainParams = z.object({
  /** Cells per side of the square grid. */
  side: z.number().int().min(8).max(64).default(16),
  /** Perlin octaves. */
  octaves: z.number().int().min(1).max(6).default(4),
  /** Cells per period of the coarsest octave. */
  period: z.number().positive().max(256).default(24),
});
export type TerrainParams = z.infer<typeof terrainParams>;

export const heightmapSchema = z.array(z.array(z.number()));
/** Rows are y (north to south), columns x: `heights[y][x]`. */
export type Heightmap = number[][];

export const dataSchema = z.object({
  side: z.number().int().positive(),
  heights: heightmapSchema,
  /** Size of the largest flat region of the untouched terrain. */
  flatBefore: z.number().int().nonnegative(),
  /** Size of the largest flat region the reference plan leaves: a plan passes when it reaches this. */
  flatTarget: z.number().int().nonnegative(),
  /** The reference plan, certified by the simulator when the terrain was generated. */
  reference: z.array(z.object({ x: z.number().int(), y: z.number().int(), depth: z.number() })),
});
export type TerrainData = z.infer<typeof dataSchema>;

// Loose on purpose: the verifier names what is wrong (non-integer coordinates, bad depths, too many blasts).
export const blastSchema = z.object({ x: z.number(), y: z.number(), depth: z.number() });
export type Blast = z.infer<typeof blastSchema>;
/** Read at most (so that an over-long plan is named as invalid, past MAX_BLASTS, rather than unreadable). */
const MAX_READ_BLASTS = 10_000;
export const answerSchema = z.object({ blasts: z.array(blastSchema).max(MAX_READ_BLASTS) });
export type TerrainAnswer = z.infer<typeof answerSchema>;

/** A blast as the original's prompt asks for it, with the drilling depth named z. */
const originalBlastSchema = z
  .object({ x: z.number(), y: z.number(), z: z.number() })
  .transform((b): Blast => ({ x: b.x, y: b.y, depth: b.z }));

/** What `parse` reads: Plumb's blasts ({x, y, depth}) or the original's ({x, y, z}), in any mix. */
export const readableAnswerSchema = z.object({
  blasts: z
    .array(z.union([blastSchema, originalBlastSchema], { error: "each blast needs x, y and depth (or z)" }))
    .max(MAX_READ_BLASTS),
});

/** ⌈4·depth⌉ spheres, at most 120. */
export const sphereCount = (depth: number): number =>
  Math.min(MAX_SPHERES, Math.ceil(SPHERES_PER_DEPTH * depth - 1e-9));
