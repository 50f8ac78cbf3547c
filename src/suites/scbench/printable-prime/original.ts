import type { Instance, Preset } from "../../../core/task.ts";
import { KNOWN_BEST_DIGITS, type PrintablePrimeData, printablePrimeParams, TASK_ID } from "./generate.ts";
import { printablePrimeInfo } from "./info.ts";

/**
 * The original's single subtask (30.py: one prompt, subpass 0): no digit cap, full credit at its
 * 42-digit reference answer, 10% off for stacks not taller than 70 mm.
 */
export const originalPreset: Preset<PrintablePrimeData> = {
  description: printablePrimeInfo.presets.original.description,
  instances(): Instance<PrintablePrimeData>[] {
    const params = printablePrimeParams.parse({
      targetDigits: KNOWN_BEST_DIGITS,
      maxDigits: null,
      minHeightMm: 70,
    });
    const data: PrintablePrimeData = { ...params };
    return [{ id: `${TASK_ID}/original/1`, task: TASK_ID, params, seed: null, data }];
  },
};
