import type { Check, Verdict } from "../../../core/verdict.ts";
import { ORIGINAL_BAND, originalCoverage } from "./coverage.ts";
import { firstIntersection } from "./intersections.ts";
import { INTERSECTION_PENALTY, QUAT_PENALTY, type TetraData } from "./schema.ts";
import { shadow, type Vec3 } from "./tetra.ts";
import { fmt, verdictOf } from "./verdict-of.ts";

/** The original allows |q0² + q1² + q2² + q3² − 1| up to this (the squared norm, not the norm). */
export const ORIGINAL_SQUARED_NORM_TOLERANCE = 0.01;
/** The weight of the difference area the original subtracts. */
export const ORIGINAL_DIFFERENCE_WEIGHT = 0.5;
/** A score this close to 1 is full marks (the areas come from floating-point polygon booleans). */
const FULL_MARKS = 1 - 1e-6;

const squaredNorm = (q: readonly number[]): number => q.reduce((s, v) => s + v * v, 0);

/**
 * The original's score (SCBench 4.py validatePostVolume and postProcessScore, VolumeComparison.py):
 * covered / target, times ONE penalty — ×0.25 when a quaternion's squared norm is off by more than
 * 0.01, else ×0.5 when two tetrahedra intersect — less 0.5 · difference / target, divided by the
 * subtask's bar and clamped to [0, 1]. Full marks pass.
 */
export function scoreOriginal(
  data: TetraData,
  quaternions: readonly (readonly number[])[],
  bodies: Vec3[][],
  checks: Check[],
): Verdict {
  const offNorm = quaternions.findIndex(
    (q) => Math.abs(squaredNorm(q) - 1) > ORIGINAL_SQUARED_NORM_TOLERANCE,
  );
  checks.push({
    name: "quaternions.unit",
    ok: offNorm < 0,
    detail:
      offNorm < 0
        ? undefined
        : `tetrahedron #${offNorm} has |q|² = ${fmt(squaredNorm(quaternions[offNorm] as number[]))}, allowed 1 ± ${ORIGINAL_SQUARED_NORM_TOLERANCE} (score ×${QUAT_PENALTY})`,
  });
  const pair = firstIntersection(bodies, data.edgeLength);
  checks.push({
    name: "tetrahedra.no_intersection",
    ok: pair === null,
    detail: pair
      ? `tetrahedra #${pair[0]} and #${pair[1]} share volume (${offNorm < 0 ? `score ×${INTERSECTION_PENALTY}` : "no further penalty: only the first applies"})`
      : undefined,
  });
  const penalty = offNorm >= 0 ? QUAT_PENALTY : pair !== null ? INTERSECTION_PENALTY : 1;

  const cov = originalCoverage(data.rings, bodies.map(shadow));
  const raw =
    (cov.covered / cov.target) * penalty - (ORIGINAL_DIFFERENCE_WEIGHT * cov.difference) / cov.target;
  const score = Math.max(0, Math.min(1, raw / data.bar));
  const plain =
    (cov.covered / cov.target - (ORIGINAL_DIFFERENCE_WEIGHT * cov.difference) / cov.target) / data.bar;
  checks.push({
    name: "shadow.coverage",
    ok: plain >= FULL_MARKS,
    detail:
      `covered ${fmt(cov.covered)} of target ${fmt(cov.target)}; difference ${fmt(cov.difference)} ` +
      `(union ${fmt(cov.union)}; the symmetric difference less a ${ORIGINAL_BAND}-wide band around the covered part); ` +
      `score (${fmt(cov.covered)} / ${fmt(cov.target)} × ${penalty} − ${ORIGINAL_DIFFERENCE_WEIGHT} × ${fmt(cov.difference)} / ${fmt(cov.target)}) / ${data.bar} = ${fmt(score)}`,
  });
  return verdictOf(score >= FULL_MARKS ? 1 : score, checks);
}
