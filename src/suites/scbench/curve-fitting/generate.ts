import { generatedInstance } from "../../../core/instances.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import { PASS_ACCURACY } from "./cells.ts";
import { blobGrid } from "./field.ts";
import { type CurveFittingData, type CurveFittingParams, TASK_ID } from "./schema.ts";
import { fitPolynomial } from "./solve.ts";
import { verifyCurveFitting } from "./verify.ts";

const ATTEMPTS = 60;

/**
 * Draws blob-noise grids until the reference polynomial fit classifies at least PASS_ACCURACY of
 * the cells (so every kept instance has an answer that passes), each attempt from its own stream.
 */
export function generateCurveFitting(params: CurveFittingParams, rng: Rng): Instance<CurveFittingData> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const rows = blobGrid(
      {
        size: params.size,
        fillRatio: params.fillRatio,
        blobCount: params.blobCount,
        negativeBlobCount: params.negativeBlobCount ?? Math.max(1, Math.floor(params.blobCount / 3)),
        waveCount: params.waveCount,
        waveFrequency: params.waveFrequency,
        smoothPasses: params.smoothPasses,
      },
      rng.split(`grid-${attempt}`),
    );
    const fit = fitPolynomial(rows, { maxDegree: params.maxDegree });
    if (fit.accuracy < PASS_ACCURACY) continue;
    const data: CurveFittingData = { size: params.size, rows, reference: fit };
    const inst = generatedInstance(TASK_ID, params, rng, data);
    const verdict = verifyCurveFitting(data, { expression: fit.expression });
    if (!verdict.passed) {
      throw new Error(`curve-fitting: reference answer fails verify: ${verdict.failure?.message ?? "?"}`);
    }
    return inst;
  }
  throw new Error(
    `curve-fitting: no grid in ${ATTEMPTS} attempts was fitted to ${PASS_ACCURACY} accuracy by a degree-${params.maxDegree} polynomial; raise maxDegree or smoothPasses`,
  );
}
