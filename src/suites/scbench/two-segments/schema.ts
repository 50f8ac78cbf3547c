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

const finite = z.number().finite();
const corner = z.tuple([finite, finite]);

export const twoSegmentsData = z
  .object({
    target: targetSchema,
    snapDecimals: z.number().int().min(1).max(4),
    tier: z.enum(TIERS),
    /** The region's corners in order, when it is not the unit square (the original's shifted, scaled and quadrilateral variants). */
    corners: z.tuple([corner, corner, corner, corner]).optional(),
    /** Values every endpoint coordinate must take (within the rounding), when the original set a grid. */
    grid: z.array(finite.min(0).max(1)).min(2).max(101).optional(),
    /** The id of the record an instance was loaded from. */
    original: z.object({ id: z.string() }).strict().optional(),
  })
  .strict();
export type TwoSegmentsData = z.infer<typeof twoSegmentsData>;

const point = z.tuple([z.number(), z.number()]);
const segment = z.tuple([point, point]);
/**
 * Up to MAX_SEGMENTS segments parse, so a wrong count is reported by the verifier as malformed.
 * Unknown keys are ignored.
 */
export const MAX_SEGMENTS = 100;
const segmentList = cappedList(segment, MAX_SEGMENTS, "segments");
/** Plumb's {"segments": [...]} or the bare list of two segments the original's prompt asks for. */
export const twoSegmentsAnswer = z.preprocess(
  (value) => (Array.isArray(value) ? { segments: value } : value),
  z.object({ segments: segmentList }),
);
export type TwoSegmentsAnswer = z.infer<typeof twoSegmentsAnswer>;
