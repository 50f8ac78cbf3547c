import { z } from "zod";
import { cappedList } from "../common/answer-caps.ts";

/** Largest cube side: keeps the prompt, the drawing and the N³ occupancy grid small. */
export const MAX_SIDE = 40;

export const voxelProjectionParams = z
  .object({
    /** Side N of the N×N×N grid; coordinates run 0..N−1. */
    n: z.int().min(3).max(MAX_SIDE).default(6),
    /** Exact number of voxels to place. */
    voxels: z
      .int()
      .min(9)
      .max(MAX_SIDE ** 3)
      .default(50),
    /** When set, no voxel may have this decimal digit anywhere in its coordinate sum x+y+z. */
    forbiddenSumDigit: z.int().min(0).max(9).nullable().default(null),
  })
  .refine((p) => p.voxels >= p.n * p.n, {
    message: "voxels must be at least n² (the XY projection alone needs n² voxels)",
    path: ["voxels"],
  })
  .refine((p) => p.voxels < p.n ** 3, {
    message: "voxels must be below n³ (the full cube is symmetric)",
    path: ["voxels"],
  });
export type VoxelProjectionParams = z.infer<typeof voxelProjectionParams>;

export const dataSchema = z.object({
  n: z.int().min(3).max(MAX_SIDE),
  voxels: z.int().min(9),
  forbiddenSumDigit: z.int().min(0).max(9).nullable(),
});
export type VoxelProjectionData = z.infer<typeof dataSchema>;

export type Voxel = [number, number, number];

/** Most voxels an answer may list: the largest cube's cells, and some repeats. */
export const MAX_ANSWER_VOXELS = MAX_SIDE ** 3 + 1000;

/**
 * A voxel as Plumb asks for it, [x, y, z], or as the original's structured output had it,
 * {"xyz": [x, y, z]} (also {"x": …, "y": …, "z": …}); the object forms become the triple.
 */
function asTriple(item: unknown): unknown {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return item;
  const o = item as Record<string, unknown>;
  if (Object.hasOwn(o, "xyz")) return o.xyz;
  if (Object.hasOwn(o, "x") && Object.hasOwn(o, "y") && Object.hasOwn(o, "z")) return [o.x, o.y, o.z];
  return item;
}

const voxelSchema = z.preprocess(asTriple, z.tuple([z.int(), z.int(), z.int()]));

/** Unknown keys are ignored. */
export const answerSchema = z.object({
  voxels: cappedList(voxelSchema, MAX_ANSWER_VOXELS, "voxels"),
});
export type VoxelProjectionAnswer = z.infer<typeof answerSchema>;

/** True when the decimal form of x+y+z contains the forbidden digit. */
export function sumHasDigit(v: readonly [number, number, number], digit: number): boolean {
  return String(v[0] + v[1] + v[2]).includes(String(digit));
}
