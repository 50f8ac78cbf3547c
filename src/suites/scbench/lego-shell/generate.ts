import { generatedInstance } from "../../../core/instances.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import { type LegoShellData, type LegoShellParams, shellVolume, TASK_ID } from "./schema.ts";

/** The seed's 8 subtasks run from 40–70 mm to 150–180 mm: inner radii in equal steps (rounded), 30 mm thick. */
export const LEVEL_RADII: Record<string, LegoShellParams> = Object.fromEntries(
  Array.from({ length: 8 }, (_, k) => {
    const inner = Math.round(40 + (110 * k) / 7);
    return [`level-${k + 1}`, { inner, outer: inner + 30 }];
  }),
);

/** The shell is fixed by the parameters; the seed only names the instance. */
export function generateLegoShell(params: LegoShellParams, rng: Rng): Instance<LegoShellData> {
  const data: LegoShellData = {
    inner: params.inner,
    outer: params.outer,
    shellVolume: shellVolume(params.inner, params.outer),
  };
  return generatedInstance(TASK_ID, params, rng, data);
}
