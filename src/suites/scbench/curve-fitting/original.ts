import type { Instance, Preset } from "../../../core/task.ts";
import { PASS_ACCURACY } from "./cells.ts";
import { curveFittingInfo } from "./info.ts";
import { ORIGINAL_GRIDS } from "./original-grids.ts";
import { type CurveFittingData, TASK_ID } from "./schema.ts";
import { fitPolynomial } from "./solve.ts";

/** The reference degree cap, as for generated sets. */
const MAX_DEGREE = 10;

/** The grid in Plumb's cell alphabet: "1" where the original shows "#", "0" for ".". */
const toCells = (rows: readonly string[]): string[] =>
  rows.map((row) => row.replaceAll("#", "1").replaceAll(".", "0"));

function originalInstances(): Instance<CurveFittingData>[] {
  return ORIGINAL_GRIDS.map((grid, i) => {
    const rows = toCells(grid.rows);
    const fit = fitPolynomial(rows, { maxDegree: MAX_DEGREE });
    // Every grid is kept: one the solver cannot fit to a pass simply has no reference.
    const data: CurveFittingData = {
      size: grid.config.size,
      rows,
      reference: fit.accuracy >= PASS_ACCURACY ? fit : null,
    };
    return {
      id: `${TASK_ID}/original/${i + 1}`,
      task: TASK_ID,
      params: { subpass: i, label: grid.label, ...grid.config },
      seed: null,
      data,
    };
  });
}

let cached: string | undefined;

export const originalPreset: Preset<CurveFittingData> = {
  description: curveFittingInfo.presets.original.description,
  instances() {
    // The fits take a moment; the set is computed once and handed out as fresh copies.
    cached ??= JSON.stringify(originalInstances());
    return JSON.parse(cached) as Instance<CurveFittingData>[];
  },
};
