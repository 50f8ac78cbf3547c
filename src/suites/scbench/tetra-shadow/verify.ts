import type { Check, Verdict } from "../../../core/verdict.ts";
import { bodyVertices } from "./bodies.ts";
import { coverage } from "./coverage.ts";
import { firstIntersection } from "./intersections.ts";
import {
  INTERSECTION_PENALTY,
  QUAT_PENALTY,
  QUAT_TOLERANCE,
  type TetraAnswer,
  type TetraData,
} from "./schema.ts";
import { quatNorm, shadow } from "./tetra.ts";
import { fmt, verdictOf } from "./verdict-of.ts";
import { scoreOriginal } from "./verify-original.ts";

/** Norms below this are not rotations at all (the zero quaternion). */
const MIN_NORM = 1e-6;

/**
 * Rules in the original's order: finite input, count, unit quaternions (×0.25), no intersections
 * (×0.5), then the 2D score: min(1, accuracy / bar) with accuracy = 1 − area(U △ T) / area(T).
 * The original's subtasks share the first two checks, then keep its own score (verify-original.ts).
 */
export function verifyTetraShadow(data: TetraData, answer: TetraAnswer): Verdict {
  const tets = answer.tetrahedra;
  const broken = tets.findIndex(
    (t) => ![...t.position, ...t.quaternion].every(Number.isFinite) || quatNorm(t.quaternion) < MIN_NORM,
  );
  const checks: Check[] = [
    {
      name: "tetrahedra.valid",
      ok: broken < 0,
      detail: broken < 0 ? undefined : `tetrahedron #${broken} has a non-finite number or a zero quaternion`,
    },
    {
      name: "tetrahedra.count",
      ok: tets.length >= 1 && tets.length <= data.maxCount,
      detail: `${tets.length} given, 1…${data.maxCount} allowed`,
    },
  ];
  // Too many scores 0 whatever else holds: the costly checks are skipped.
  if (broken >= 0 || tets.length === 0 || tets.length > data.maxCount) {
    const message = checks
      .filter((c) => !c.ok)
      .map((c) => `${c.name}: ${c.detail}`)
      .join("; ");
    return { score: 0, passed: false, checks, failure: { kind: broken >= 0 ? "invalid" : "wrong", message } };
  }
  if (data.original)
    return scoreOriginal(
      data,
      tets.map((t) => t.quaternion),
      tets.map((t) => bodyVertices(data, t)),
      checks,
    );

  const offNorm = tets.findIndex((t) => Math.abs(quatNorm(t.quaternion) - 1) > QUAT_TOLERANCE);
  checks.push({
    name: "quaternions.unit",
    ok: offNorm < 0,
    detail:
      offNorm < 0
        ? undefined
        : `tetrahedron #${offNorm} has |q| = ${fmt(quatNorm((tets[offNorm] as (typeof tets)[number]).quaternion))}, allowed 1 ± ${QUAT_TOLERANCE} (score ×${QUAT_PENALTY})`,
  });

  const bodies = tets.map((t) => bodyVertices(data, t));
  const pair = firstIntersection(bodies, data.edgeLength);
  checks.push({
    name: "tetrahedra.no_intersection",
    ok: pair === null,
    detail: pair
      ? `tetrahedra #${pair[0]} and #${pair[1]} share volume (score ×${INTERSECTION_PENALTY})`
      : undefined,
  });

  const cov = coverage(data.rings, bodies.map(shadow));
  const base = Math.min(1, cov.accuracy / data.bar);
  checks.push({
    name: "shadow.coverage",
    ok: cov.accuracy >= data.bar,
    detail:
      `accuracy ${fmt(cov.accuracy)} = 1 − (missed ${fmt(cov.missed)} + excess ${fmt(cov.excess)}) / target ${fmt(cov.target)}; ` +
      `covered ${fmt(cov.covered)}, shadows overlapping each other ${fmt(cov.overlap)}; bar ${data.bar}, coverage score ${fmt(base)}`,
  });
  const score = base * (offNorm < 0 ? 1 : QUAT_PENALTY) * (pair === null ? 1 : INTERSECTION_PENALTY);
  return verdictOf(score, checks);
}
