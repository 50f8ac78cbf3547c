import { type Check, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import { evaluateGoal } from "./goals.ts";
import { type Earthwork, type FluidAnswer, type FluidData, LAYERS, MAX_OPERATIONS } from "./schema.ts";
import { simulate } from "./simulate.ts";

const INVALID = new Set(["earthworks.count", "earthworks.integer", "earthworks.bounds", "earthworks.order"]);

const show = (w: Earthwork) => `${w.material} [${w.min.join(",")}]–[${w.max.join(",")}]`;
function firstBad(
  works: readonly Earthwork[],
  bad: (w: Earthwork) => boolean,
  what: string,
): Check["detail"] {
  const i = works.findIndex(bad);
  return i < 0 ? undefined : `earthwork #${i} ${show(works[i] as Earthwork)} ${what}`;
}

/** The answer's own rules: at most MAX_OPERATIONS boxes, integer corners inside the world, min ≤ max. */
export function validityChecks(data: FluidData, works: readonly Earthwork[]): Check[] {
  const hi = [data.side - 1, data.side - 1, LAYERS - 1];
  const corners = (w: Earthwork) => [...w.min, ...w.max];
  return [
    {
      name: "earthworks.count",
      ok: works.length <= MAX_OPERATIONS,
      detail: `${works.length} earthworks, at most ${MAX_OPERATIONS} allowed`,
    },
    {
      name: "earthworks.integer",
      ok: works.every((w) => corners(w).every(Number.isInteger)),
      detail: firstBad(works, (w) => !corners(w).every(Number.isInteger), "has a non-integer corner"),
    },
    {
      name: "earthworks.bounds",
      ok: works.every((w) => corners(w).every((v, k) => v >= 0 && v <= (hi[k % 3] as number))),
      detail: firstBad(
        works,
        (w) => !corners(w).every((v, k) => v >= 0 && v <= (hi[k % 3] as number)),
        `has a corner outside 0 ≤ x, y ≤ ${data.side - 1}, 0 ≤ z ≤ ${LAYERS - 1}`,
      ),
    },
    {
      name: "earthworks.order",
      ok: works.every((w) => w.min.every((v, k) => v <= (w.max[k] as number))),
      detail: firstBad(
        works,
        (w) => !w.min.every((v, k) => v <= (w.max[k] as number)),
        "has min > max on some axis",
      ),
    },
  ];
}

/** Validity first (an invalid answer scores 0), then the simulation and the goal's checks and score. */
export function verifyFluid(data: FluidData, answer: FluidAnswer): Verdict {
  const checks = validityChecks(data, answer.earthworks);
  if (!checks.every((c) => c.ok)) return verdictFromChecks(checks, INVALID);
  const goal = evaluateGoal(data.goal, simulate(data.heights, answer.earthworks));
  return { ...verdictFromChecks([...checks, ...goal.checks], INVALID), score: goal.score };
}
