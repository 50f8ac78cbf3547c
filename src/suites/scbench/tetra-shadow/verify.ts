import type { Check, Verdict } from "../../../core/verdict.ts";
import { coverage } from "./coverage.ts";
import {
  INTERSECTION_PENALTY,
  QUAT_PENALTY,
  QUAT_TOLERANCE,
  type TetraAnswer,
  type TetraData,
} from "./schema.ts";
import { type Quat, quatNorm, shadow, tetrahedraIntersect, type Vec3, worldVertices } from "./tetra.ts";

/** Norms below this are not rotations at all (the zero quaternion). */
const MIN_NORM = 1e-6;

const fmt = (v: number): string => v.toFixed(4);

/** The first pair of intersecting tetrahedra, with a bounding-sphere broad phase. */
function firstIntersection(bodies: Vec3[][], centres: Vec3[], edge: number): [number, number] | null {
  const reach = 2 * edge * (Math.sqrt(6) / 4);
  const order = centres.map((_, i) => i).sort((a, b) => (centres[a] as Vec3)[0] - (centres[b] as Vec3)[0]);
  for (let x = 0; x < order.length; x++) {
    const i = order[x] as number;
    const ci = centres[i] as Vec3;
    for (let y = x + 1; y < order.length; y++) {
      const j = order[y] as number;
      const cj = centres[j] as Vec3;
      if (cj[0] - ci[0] > reach) break;
      if (Math.hypot(cj[0] - ci[0], cj[1] - ci[1], cj[2] - ci[2]) > reach) continue;
      if (tetrahedraIntersect(bodies[i] as Vec3[], bodies[j] as Vec3[])) return i < j ? [i, j] : [j, i];
    }
  }
  return null;
}

/**
 * Rules in the original's order: finite input, count, unit quaternions (×0.25), no intersections
 * (×0.5), then the 2D score: min(1, accuracy / bar) with accuracy = 1 − area(U △ T) / area(T).
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

  const offNorm = tets.findIndex((t) => Math.abs(quatNorm(t.quaternion) - 1) > QUAT_TOLERANCE);
  checks.push({
    name: "quaternions.unit",
    ok: offNorm < 0,
    detail:
      offNorm < 0
        ? undefined
        : `tetrahedron #${offNorm} has |q| = ${fmt(quatNorm((tets[offNorm] as (typeof tets)[number]).quaternion))}, allowed 1 ± ${QUAT_TOLERANCE} (score ×${QUAT_PENALTY})`,
  });

  const bodies = tets.map((t) => worldVertices(data.edgeLength, t.position, t.quaternion as Quat));
  const pair = firstIntersection(
    bodies,
    tets.map((t) => t.position),
    data.edgeLength,
  );
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
  const failed = checks.filter((c) => !c.ok);
  return {
    score,
    passed: failed.length === 0,
    checks,
    ...(failed.length > 0
      ? {
          failure: {
            kind: "wrong" as const,
            message: failed.map((c) => `${c.name}: ${c.detail}`).join("; "),
          },
        }
      : {}),
  };
}
