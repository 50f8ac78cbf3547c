import { z } from "zod";

export const TASK_ID = "scbench/fluid-sim";
/** Layers of the world: z = 0 … 7. */
export const LAYERS = 8;
/** Terrain heights lie in 1 … MAX_TERRAIN, so three layers of air stay above the highest hill. */
export const MAX_TERRAIN = 5;
export const MAX_OPERATIONS = 20;
export const MIN_SIDE = 16;
export const MAX_SIDE = 64;

export const fluidParams = z.object({
  /** Which of the seed's 11 goals (its table's order). */
  goal: z.number().int().min(1).max(11).default(1),
  /** Columns per side of the square world. */
  side: z.number().int().min(MIN_SIDE).max(MAX_SIDE).default(16),
});
export type FluidParams = z.infer<typeof fluidParams>;

const level = z
  .number()
  .int()
  .min(0)
  .max(LAYERS - 1);
const amount = z
  .number()
  .int()
  .min(1)
  .max(MAX_SIDE * MAX_SIDE * LAYERS);

/** A goal with its numbers (the seed's table; numbers the seed lost are chosen here). */
export const goalSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("surface-area"), area: amount }),
  z.object({ kind: z.literal("bodies"), count: amount, volume: amount }),
  z.object({ kind: z.literal("level-voxels"), z: level, count: amount }),
  z.object({ kind: z.literal("underground"), volume: amount }),
  z.object({ kind: z.literal("distinct-levels"), count: amount, volume: amount }),
  z.object({ kind: z.literal("depth"), depth: amount }),
  z.object({ kind: z.literal("large-bodies"), count: amount, over: amount }),
  z.object({ kind: z.literal("ring"), dry: amount }),
  z.object({ kind: z.literal("wet-dry"), wet: z.array(level).min(1), dry: z.array(level).min(1) }),
  z.object({ kind: z.literal("exact-total"), total: amount, tolerance: amount }),
  z.object({ kind: z.literal("hidden-bodies"), count: amount, volume: amount }),
]);
export type Goal = z.infer<typeof goalSchema>;

export const dataSchema = z.object({
  goalNumber: z.number().int().min(1).max(11),
  goal: goalSchema,
  side: z.number().int().min(MIN_SIDE).max(MAX_SIDE),
  /** heights[y][x]: rock fills z = 0 … heights[y][x] − 1 of column (x, y). */
  heights: z.array(z.array(z.number().int().min(1).max(MAX_TERRAIN))),
  /**
   * Set on the SCBench original's subtasks (preset "original"): graded by the original's simulator
   * and goal `subtask` of 23.py on its flat world; `goal` then only names Plumb's goal of that number.
   */
  original: z.object({ subtask: z.number().int().min(1).max(11) }).optional(),
});
export type FluidData = z.infer<typeof dataSchema>;

const coord = z.number();
const triple = z.tuple([coord, coord, coord]);
export const earthworkSchema = z.object({
  material: z.enum(["air", "rock"]),
  min: triple,
  max: triple,
});
export type Earthwork = z.infer<typeof earthworkSchema>;
/** Read at most (50× MAX_OPERATIONS, so that an over-long list is named as invalid rather than unreadable). */
const MAX_READ_OPERATIONS = 1000;
export const answerSchema = z.object({ earthworks: z.array(earthworkSchema).max(MAX_READ_OPERATIONS) });
export type FluidAnswer = z.infer<typeof answerSchema>;

/** A box as the original's prompt asks for it: {"xyzMin": [...], "xyzMax": [...], "material": "Rock" | "Air"}. */
const originalEarthworkSchema = z
  .object({
    xyzMin: triple,
    xyzMax: triple,
    material: z
      .string()
      .max(16)
      .transform((m) => m.toLowerCase())
      .pipe(z.enum(["air", "rock"], { error: 'material must be "Rock" or "Air"' })),
  })
  .transform((w): Earthwork => ({ material: w.material, min: w.xyzMin, max: w.xyzMax }));

/** What `parse` reads: Plumb's boxes or the original's (any mix), and an optional "reasoning" text. */
export const readableAnswerSchema = z.object({
  earthworks: z
    .array(
      z.union([earthworkSchema, originalEarthworkSchema], {
        error: "each earthwork needs material, min and max (or xyzMin, xyzMax and material)",
      }),
    )
    .max(MAX_READ_OPERATIONS),
});
