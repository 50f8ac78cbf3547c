import { z } from "zod";
import type { Rng } from "../../../core/rng.ts";
import { type GridData, MAX_SIDE } from "./cells.ts";

/** Generator parameters; every field has a default, so a level names only what it changes. */
export const filledCellsParams = z
  .object({
    rows: z.int().min(1).max(MAX_SIDE).default(6),
    cols: z.int().min(1).max(MAX_SIDE).default(6),
    /** Chance that a cell is filled. */
    density: z.number().min(0).max(1).default(0.4),
  })
  .strict();
export type FilledCellsParams = z.infer<typeof filledCellsParams>;

/**
 * A grid whose cells are filled independently with probability `density`. Deterministic in
 * (params, rng seed): every draw comes from `rng`, never from Math.random or the clock.
 */
export function generateGrid(params: FilledCellsParams, rng: Rng): GridData {
  const grid: string[] = [];
  for (let r = 0; r < params.rows; r++) {
    let row = "";
    for (let c = 0; c < params.cols; c++) row += rng.bool(params.density) ? "#" : ".";
    grid.push(row);
  }
  return { rows: params.rows, cols: params.cols, grid };
}
