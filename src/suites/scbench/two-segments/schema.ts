import { z } from "zod";
import { cappedList } from "../common/answer-caps.ts";

export const TIERS = ["easy", "medium", "hard"] as const;
export type Tier = (typeof TIERS)[number];

const count = z.number().int().min(0).max(4);
export const targetSchema = z
  .object({ triangle: count, quadrilateral: count, pentagon: count, hexagon: count })
  .strict();

export const twoSegmentsParams = z
  .object({
    /** Endpoints are rounded to this many decimal places before they are checked. */
    snapDecimals: z.number().int().min(1).max(4).default(2),
    /** Which targets to draw from: easy = triangles and quadrilaterals only, medium = one pentagon, hard = a hexagon or two pentagons. */
    tier: z.enum([...TIERS, "any"]).default("any"),
    /** A fixed target; overrides `tier`. Must be reachable by two segments. */
    target: targetSchema.optional(),
  })
  .strict();
export type TwoSegmentsParams = z.infer<typeof twoSegmentsParams>;

export const twoSegmentsData = z
  .object({ target: targetSchema, snapDecimals: z.number().int().min(1).max(4), tier: z.enum(TIERS) })
  .strict();
export type TwoSegmentsData = z.infer<typeof twoSegmentsData>;

const point = z.tuple([z.number(), z.number()]);
const segment = z.tuple([point, point]);
/**
 * Up to MAX_SEGMENTS segments parse, so a wrong count is reported by the verifier as malformed.
 * Unknown keys are ignored.
 */
export const MAX_SEGMENTS = 100;
export const twoSegmentsAnswer = z.object({ segments: cappedList(segment, MAX_SEGMENTS, "segments") });
export type TwoSegmentsAnswer = z.infer<typeof twoSegmentsAnswer>;
