import { InputError } from "../../../core/errors.ts";
import { generatedInstance } from "../../../core/instances.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import type { TwoSegmentsData, TwoSegmentsParams } from "./schema.ts";
import { findWitness, reachableTargets, tierOf } from "./solve.ts";
import { describeTarget, sameTarget } from "./targets.ts";
import { evaluate } from "./verify.ts";

export const TASK_ID = "scbench/two-segments";

export function generateTwoSegments(params: TwoSegmentsParams, rng: Rng): Instance<TwoSegmentsData> {
  const d = params.snapDecimals;
  const reachable = reachableTargets(d);
  let target = params.target;
  if (target) {
    const fixed = target;
    if (!reachable.some((t) => sameTarget(t, fixed))) {
      throw new InputError(`no two segments make ${describeTarget(fixed) || "no faces"}`, {
        field: "target",
      });
    }
  } else {
    const pool = params.tier === "any" ? reachable : reachable.filter((t) => tierOf(t) === params.tier);
    target = rng.split("target").pick(pool);
  }
  const data: TwoSegmentsData = { target, snapDecimals: d, tier: tierOf(target) };
  const witness = findWitness(target, d);
  if (!witness) throw new Error(`two-segments: no witness found for ${describeTarget(target)}`);
  const failed = evaluate(data, witness).checks.filter((c) => !c.ok);
  if (failed.length) throw new Error(`two-segments: witness fails ${failed.map((c) => c.name).join(", ")}`);
  return generatedInstance(TASK_ID, params, rng, data);
}
