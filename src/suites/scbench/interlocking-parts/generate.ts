import { InputError } from "../../../core/errors.ts";
import { generatedInstance } from "../../../core/instances.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import { bandFootprint, DEPTH, layoutOf } from "./design.ts";
import { type InterlockingData, type InterlockingParams, RULES, TASK_ID } from "./schema.ts";

/** Why the reference design cannot be built for these sizes (null when it can). */
export function designProblem(data: InterlockingData): string | null {
  const l = layoutOf(data);
  const [w, h] = bandFootprint(l);
  if (w > data.build[0] || h > data.build[1])
    return `the reference bands (${w} × ${h.toFixed(1)} mm) do not fit the ${data.build[0]} × ${data.build[1]} mm bed`;
  if (DEPTH > data.build[2])
    return `the reference bands (${DEPTH} mm deep) are taller than the ${data.build[2]} mm build height`;
  for (const gap of [l.pitchZ - l.barWidth, l.pitchU - l.barWidth])
    if (gap < RULES.gapMin || gap > RULES.gapMax)
      return `the reference gap ${gap.toFixed(1)} mm is outside ${RULES.gapMin}–${RULES.gapMax}`;
  return null;
}

/**
 * One design brief. The level "brief" is the original's sizes (350 × 350 × 700 inside) on a
 * 400 mm printer (the original preset uses the original's 400 × 400 × 50 mm one); with `vary` the seed shrinks the inside by up to 10 mm across and 20 mm in
 * height and picks a 390–420 mm cube printer.
 */
export function generateInterlocking(params: InterlockingParams, rng: Rng): Instance<InterlockingData> {
  const side = 390 + 10 * rng.int(0, 3);
  const data: InterlockingData = params.vary
    ? {
        innerWidth: 340 + 5 * rng.int(0, 2),
        innerHeight: 680 + 10 * rng.int(0, 4),
        build: [side, side, side],
      }
    : { innerWidth: params.innerWidth, innerHeight: params.innerHeight, build: params.build };
  const problem = designProblem(data);
  if (problem) throw new InputError(`no 10-part cage fits these sizes: ${problem}`, { field: "build" });
  return generatedInstance(TASK_ID, params, rng, data);
}
