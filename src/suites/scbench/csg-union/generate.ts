import { generatedInstance } from "../../../core/instances.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import { checkPolyhedron } from "../../../geometry/mesh-validity.ts";
import { CASES } from "./cases.ts";
import { referenceSolid } from "./csg.ts";
import { type CsgData, type CsgNode, type CsgParams, TASK_ID } from "./schema.ts";

const MAX_DRAWS = 20;

/** The reference solid as an answer: manifold-3d's triangles. */
export function referenceAnswer(tree: CsgNode): { vertices: number[][]; faces: number[][] } {
  const { mesh } = referenceSolid(tree);
  // Adding 0 turns −0 into 0, so that the answer survives a JSON round trip unchanged.
  return { vertices: mesh.vertices.map((v) => v.map((x) => x + 0)), faces: mesh.triangles };
}

/**
 * Draws the case's dimensions until the reference mesh passes every consistency check: a few
 * draws put two primitives' edges so close that the float32 result has near-duplicate vertices.
 */
export function generateCsg(params: CsgParams, rng: Rng): Instance<CsgData> {
  const spec = CASES[params.case - 1];
  if (!spec) throw new RangeError(`no case ${params.case}`);
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const { tree, closedForm } = spec.build(rng);
    if (!checkPolyhedron(referenceAnswer(tree)).ok) continue;
    const data: CsgData = { case: params.case, title: spec.title, tree, closedFormVolume: closedForm };
    return generatedInstance(TASK_ID, params, rng, data);
  }
  throw new Error(`csg-union case ${params.case}: no valid reference in ${MAX_DRAWS} draws`);
}
