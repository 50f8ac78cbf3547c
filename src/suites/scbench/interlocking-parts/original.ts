import type { Instance, Preset } from "../../../core/task.ts";
import { interlockingPartsInfo } from "./info.ts";
import { type InterlockingData, type InterlockingParams, interlockingParams, TASK_ID } from "./schema.ts";
import { CRITERIA } from "./verify.ts";

/**
 * The original's 9 subtasks (29.py: one brief, graded by subpasses 0–8 of gradeAnswer): the
 * 350 × 350 × 700 mm cage on its 400 × 400 × 50 mm printer, one instance per criterion, in the
 * original's subpass order.
 */
export const originalPreset: Preset<InterlockingData> = {
  description: interlockingPartsInfo.presets.original.description,
  instances(): Instance<InterlockingData>[] {
    const base: InterlockingParams = interlockingParams.parse({ build: [400, 400, 50] });
    return CRITERIA.map((criterion, subpass) => ({
      id: `${TASK_ID}/original/${subpass + 1}`,
      task: TASK_ID,
      params: { ...base, subpass, criterion },
      seed: null,
      data: { innerWidth: base.innerWidth, innerHeight: base.innerHeight, build: base.build, subpass },
    }));
  },
};
