import { type Check, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import type { TriMesh } from "../../../geometry/mesh.ts";
import { checkPolyhedron, STRUCTURAL_CHECKS } from "../../../geometry/mesh-validity.ts";
import { withSolids } from "./csg.ts";
import { ORIGINAL_FULL_MARKS_ABOVE, originalVolumeScore } from "./original-score.ts";
import type { CsgAnswer, CsgData } from "./schema.ts";

/** Volume accuracy that earns full marks (the seed's 95%). */
export const FULL_MARKS_ACCURACY = 0.95;

export interface VolumeComparison {
  answer: number;
  reference: number;
  intersection: number;
  union: number;
  symmetricDifference: number;
  /** 1 − vol(A △ R) / vol(R). */
  accuracy: number;
}

/** Volumes of the answer against the reference solid, or the kernel's complaint about the answer. */
export function compareVolumes(data: CsgData, tri: TriMesh): VolumeComparison | string {
  return withSolids(data.tree, tri, (a, r, keep) => {
    const intersection = keep(a.intersect(r)).volume();
    const union = keep(a.add(r)).volume();
    const reference = r.volume();
    const symmetricDifference = Math.max(0, union - intersection);
    return {
      answer: a.volume(),
      reference,
      intersection,
      union,
      symmetricDifference,
      accuracy: 1 - symmetricDifference / reference,
    };
  });
}

const f = (x: number) => x.toFixed(4);

export function verifyCsg(data: CsgData, answer: CsgAnswer): Verdict {
  const report = checkPolyhedron(answer);
  const checks: Check[] = [...report.checks];
  let score = 0;
  if (!report.ok || !report.triangles) {
    checks.push({ name: "volume.accuracy", ok: false, detail: "not scored: the polyhedron is not valid" });
  } else if (data.scoring === "original") {
    const cmp = originalVolumeScore(data, report.triangles);
    if (typeof cmp === "string") checks.push({ name: "volume.accuracy", ok: false, detail: cmp });
    else {
      score = cmp.score;
      checks.push({
        name: "volume.accuracy",
        ok: score >= 1,
        detail:
          `as the original measures (each solid grown by a 0.001 cube): answer ${f(cmp.answer)}, reference ${f(cmp.reference)}, ` +
          `intersection ${f(cmp.intersection)}, difference ${f(cmp.difference)} (the symmetric difference less a 0.05 band); ` +
          `min(intersection, answer) / reference − 0.5 × difference / reference = ${f(cmp.raw)}; ` +
          `full marks above ${ORIGINAL_FULL_MARKS_ABOVE}; score ${f(score)}`,
      });
    }
  } else {
    const cmp = compareVolumes(data, report.triangles);
    if (typeof cmp === "string") checks.push({ name: "volume.accuracy", ok: false, detail: cmp });
    else {
      score = Math.min(1, Math.max(0, cmp.accuracy / FULL_MARKS_ACCURACY));
      checks.push({
        name: "volume.accuracy",
        ok: score >= 1,
        detail:
          `volumes: answer ${f(cmp.answer)}, reference ${f(cmp.reference)}, intersection ${f(cmp.intersection)}, ` +
          `union ${f(cmp.union)}, symmetric difference ${f(cmp.symmetricDifference)}; accuracy ${f(cmp.accuracy)} ` +
          `(full marks at ≥ ${FULL_MARKS_ACCURACY}), score ${f(score)}`,
      });
    }
  }
  const verdict = verdictFromChecks(checks, STRUCTURAL_CHECKS);
  return { ...verdict, score, passed: score >= 1 && verdict.passed };
}
