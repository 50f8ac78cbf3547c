import { stableId } from "../../../core/canonical.ts";
import { InputError } from "../../../core/errors.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import { GOALS, MIN_GOAL_SIDE } from "./goals.ts";
import { type FluidData, type FluidParams, TASK_ID } from "./schema.ts";
import { referenceAnswer } from "./solve.ts";
import { makeTerrain } from "./terrain.ts";
import { verifyFluid } from "./verify.ts";

/** A seeded terrain and the goal's numbers; the reference earthworks are checked to meet the goal. */
export function generateFluid(params: FluidParams, rng: Rng): Instance<FluidData> {
  const minSide = MIN_GOAL_SIDE[params.goal - 1] as number;
  if (params.side < minSide)
    throw new InputError(`goal ${params.goal} needs a side of at least ${minSide}, got ${params.side}`, {
      field: "side",
    });
  const data: FluidData = {
    goalNumber: params.goal,
    goal: GOALS[params.goal - 1] as FluidData["goal"],
    side: params.side,
    heights: makeTerrain(params.side, rng.split("terrain")),
  };
  const verdict = verifyFluid(data, referenceAnswer(data));
  if (!verdict.passed)
    throw new Error(`fluid-sim reference fails goal ${params.goal}: ${verdict.failure?.message}`);
  return { id: stableId(TASK_ID, params, rng.seed), task: TASK_ID, params, seed: rng.seed, data };
}
