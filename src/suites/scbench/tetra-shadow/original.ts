import type { Instance } from "../../../core/task.ts";
import { polygonArea } from "../../../geometry/plane.ts";
import { ORIGINAL_CIRCLE_SEGMENTS, ORIGINAL_TARGETS } from "./original-shapes.ts";
import { MAX_TETRAHEDRA, TASK_ID, type TetraData } from "./schema.ts";

/** The original has no limit on the count; Plumb reads at most this many. */
export const ORIGINAL_MAX_COUNT = MAX_TETRAHEDRA;

/** The original's 20 subtasks (SCBench 4.py), in its order: its tetrahedron (edge 1), targets and renormalisation. */
export function originalInstances(): Instance<TetraData>[] {
  return ORIGINAL_TARGETS.map((t, k) => {
    const area = t.rings.reduce((s, r) => s + polygonArea(r), 0);
    const data: TetraData = {
      shape: t.shape,
      rings: t.rings,
      circleSegments: t.curved ? ORIGINAL_CIRCLE_SEGMENTS : null,
      rotation: 0,
      scale: 1,
      area: Math.round(area * 1e6) / 1e6,
      edgeLength: 1,
      maxCount: ORIGINAL_MAX_COUNT,
      bar: t.bar,
      original: { subpass: k, target: t.target },
    };
    return {
      id: `${TASK_ID}/original/${k + 1}`,
      task: TASK_ID,
      params: { subpass: k, shape: t.shape, target: t.target, renormalisation: t.bar },
      seed: null,
      data,
    };
  });
}
