import { z } from "zod";

export const TASK_ID = "scbench/polynomial-curve-fitting";

export const curveFittingParams = z
  .object({
    /** Grid side in cells (the grid is size × size). */
    size: z.int().min(4).max(160).default(24),
    /** Share of cells in class 1. */
    fillRatio: z.number().min(0.2).max(0.8).default(0.45),
    /** Positive Gaussian bumps in the noise field. */
    blobCount: z.int().min(1).max(32).default(5),
    /** Negative bumps; when absent, max(1, ⌊blobCount / 3⌋) as in the original. */
    negativeBlobCount: z.int().min(0).max(32).optional(),
    /** Low-frequency plane waves added to the field. */
    waveCount: z.int().min(0).max(16).default(2),
    /** Largest whole number of wave periods across the grid per axis (the original caps it at 3). */
    waveFrequency: z.int().min(1).max(3).default(2),
    /** Passes of the 3×3 blur before the field is cut into two classes. */
    smoothPasses: z.int().min(0).max(8).default(2),
    /** Highest polynomial degree the reference solver may use. */
    maxDegree: z.int().min(1).max(10).default(10),
  })
  .strict();
export type CurveFittingParams = z.infer<typeof curveFittingParams>;

const gridRow = z.string().regex(/^[01]+$/, "rows hold only 0 and 1");

export const curveFittingData = z
  .object({
    size: z.int().min(4).max(160),
    /** Row y (top to bottom) as a string of cells x = 0 … size−1; "1" is class 1. */
    rows: z.array(gridRow),
    /**
     * The reference solver's answer and how well it does: generation keeps only passing ones; the
     * original preset holds null for a grid the solver cannot fit to a pass.
     */
    reference: z
      .object({
        expression: z.string(),
        accuracy: z.number().min(0).max(1),
        degree: z.int().min(1),
      })
      .nullable(),
  })
  .refine((d) => d.rows.length === d.size && d.rows.every((r) => r.length === d.size), {
    message: "rows must form a size × size grid",
    path: ["rows"],
  });
export type CurveFittingData = z.infer<typeof curveFittingData>;

/** Unknown keys (a "reasoning" field, say) are ignored; the expression's length is capped by its parser. */
export const curveFittingAnswer = z.object({ expression: z.string() });
export type CurveFittingAnswer = z.infer<typeof curveFittingAnswer>;
