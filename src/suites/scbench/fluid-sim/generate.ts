import { InputError } from "../../../core/errors.ts";
import { generatedInstance } from "../../../core/instances.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import { flatReference } from "./flat-reference.ts";
import { GOALS, MIN_GOAL_SIDE } from "./goals.ts";
import { type FluidData, type FluidParams, TASK_ID } from "./schema.ts";
import { localReference } from "./solve.ts";
import { makeTerrain } from "./terrain.ts";
import { verifyFluid } from "./verify.ts";

/** Terrains drawn at most, until the local reference construction meets the goal on one. */
export const MAX_DRAWS = 6;

/**
 * A seeded terrain and the goal's numbers. The terrain is redrawn (a bounded number of times) while
 * no local reference construction meets the goal on it; the reference is then checked to pass.
 */
export function generateFluid(params: FluidParams, rng: Rng): Instance<FluidData> {
  const minSide = MIN_GOAL_SIDE[params.goal - 1] as number;
  if (params.side < minSide)
    throw new InputError(`goal ${params.goal} needs a side of at least ${minSide}, got ${params.side}`, {
      field: "side",
    });
  const draw = (k: number): FluidData => ({
    goalNumber: params.goal,
    goal: GOALS[params.goal - 1] as FluidData["goal"],
    side: params.side,
    heights: makeTerrain(params.side, rng.split(k === 0 ? "terrain" : `terrain-${k}`)),
  });
  let data = draw(0);
  let local = localReference(data);
  for (let k = 1; k < MAX_DRAWS && local === null; k++) {
    data = draw(k);
    local = localReference(data);
  }
  // A local reference has passed the verifier already; the fallback is checked here.
  const verdict = local ? null : verifyFluid(data, flatReference(data));
  if (verdict && !verdict.passed)
    throw new Error(`fluid-sim reference fails goal ${params.goal}: ${verdict.failure?.message}`);
  return generatedInstance(TASK_ID, params, rng, data);
}
