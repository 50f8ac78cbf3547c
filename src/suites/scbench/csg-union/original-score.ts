import { kernel } from "../../../geometry/manifold.ts";
import type { TriMesh } from "../../../geometry/mesh.ts";
import { withSolids } from "./csg.ts";
import type { CsgData } from "./schema.ts";

/** The corner-anchored cube the original Minkowski-adds to every solid it measures (OpenSCAD cube(0.001)). */
export const ORIGINAL_GROWTH = 0.001;
/** The centred cube whose Minkowski sum with A ∩ R the original removes from A ∪ R (cube(0.1, center=true)). */
export const ORIGINAL_BAND = 0.1;
/**
 * Manifold-3d's Minkowski sum of a non-convex solid costs about 1.5 ms per triangle, so the original's
 * scoring is refused above this many answer triangles (about 6 s; the references have at most 280).
 */
export const ORIGINAL_SCORING_MAX_TRIANGLES = 4096;
/** The weight of the difference volume the original subtracts. */
export const ORIGINAL_DIFFERENCE_WEIGHT = 0.5;
/** Above this the original renormalises the score to 1 (3.py postProcessScore). */
export const ORIGINAL_FULL_MARKS_ABOVE = 0.95;

export interface OriginalVolumes {
  /** vol(A ⊕ g), g the growth cube. */
  answer: number;
  /** vol(R ⊕ g). */
  reference: number;
  /** vol((A ∩ R) ⊕ g). */
  intersection: number;
  /** vol((A ∪ R) − (A ∩ R) ⊕ band): the symmetric difference less a thin band around the common part. */
  difference: number;
  /** min(intersection, answer) / reference − 0.5 · difference / reference, before renormalising. */
  raw: number;
  score: number;
}

/**
 * The original's score (SCBench VolumeComparison.py with 3.py's postProcessScore), its OpenSCAD
 * Minkowski sums and booleans done by manifold-3d; or the kernel's complaint about the answer.
 */
export function originalVolumeScore(data: CsgData, tri: TriMesh): OriginalVolumes | string {
  if (tri.triangles.length > ORIGINAL_SCORING_MAX_TRIANGLES)
    return `the mesh has ${tri.triangles.length} triangles; the original's scoring is computed for at most ${ORIGINAL_SCORING_MAX_TRIANGLES}`;
  return withSolids(data.tree, tri, (a, r, keep) => {
    const growth = keep(kernel.Manifold.cube([ORIGINAL_GROWTH, ORIGINAL_GROWTH, ORIGINAL_GROWTH], false));
    const band = keep(kernel.Manifold.cube([ORIGINAL_BAND, ORIGINAL_BAND, ORIGINAL_BAND], true));
    const common = keep(a.intersect(r));
    const both = keep(a.add(r));
    const grown = (m: typeof a) => (m.isEmpty() ? 0 : keep(m.minkowskiSum(growth)).volume());
    const answer = grown(a);
    const reference = grown(r);
    const intersection = grown(common);
    const difference = common.isEmpty()
      ? both.volume()
      : keep(both.subtract(keep(common.minkowskiSum(band)))).volume();
    const raw =
      Math.min(intersection, answer) / reference - (ORIGINAL_DIFFERENCE_WEIGHT * difference) / reference;
    const score = raw > ORIGINAL_FULL_MARKS_ABOVE ? 1 : Math.min(1, Math.max(0, raw));
    return { answer, reference, intersection, difference, raw, score };
  });
}
