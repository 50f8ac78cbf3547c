import type { Instance } from "../../../core/task.ts";
import { type Check, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import { GOALS } from "./goals.ts";
import { gradeOriginal, ORIGINAL_SUBTASKS } from "./original-goals.ts";
import { ORIGINAL_REFERENCES } from "./original-reference.ts";
import { GROUND_LAYERS, type OriginalBox, runOriginal } from "./original-sim.ts";
import { type FluidAnswer, type FluidData, TASK_ID } from "./schema.ts";

/** The 11 subtasks of the SCBench original (23.py), in its order, on its flat worlds. */
export function originalInstances(): Instance<FluidData>[] {
  return ORIGINAL_SUBTASKS.map(({ side, goal }, k) => ({
    id: `${TASK_ID}/original/${k + 1}`,
    task: TASK_ID,
    params: { subtask: k + 1, side, goal },
    seed: null,
    data: {
      goalNumber: k + 1,
      goal: GOALS[k] as FluidData["goal"],
      side,
      heights: Array.from({ length: side }, () => new Array<number>(side).fill(GROUND_LAYERS)),
      original: { subtask: k + 1 },
    },
  }));
}

export const originalReference = (subtask: number): FluidAnswer =>
  ORIGINAL_REFERENCES[subtask - 1] as FluidAnswer;

/**
 * Graded as the original grades: boxes it cannot use are skipped (not refused), floating rock
 * falls, the rain runs its three phases, and the subtask's own measure gives the score. A pass is
 * a score of 1.
 */
export function verifyOriginal(data: FluidData, answer: FluidAnswer): Verdict {
  const subtask = data.original?.subtask as number;
  const boxes: OriginalBox[] = answer.earthworks.map((w) => ({
    min: w.min,
    max: w.max,
    material: w.material,
  }));
  const run = runOriginal(data.side, boxes);
  const grade = gradeOriginal(subtask, run.world);
  const checks: Check[] = [
    {
      name: "earthworks.applied",
      ok: true,
      detail:
        run.skipped.length === 0
          ? `${boxes.length} box(es) applied`
          : `${boxes.length - run.skipped.length} box(es) applied; skipped as the original does (outside the world or min > max): #${run.skipped.join(", #")}`,
    },
    {
      name: "simulation.ran",
      ok: true,
      detail: `${run.falls} floating rock piece(s) fell; ${run.drops.settled} drops stayed, ${run.drops.escaped} ran off`,
    },
    { name: `goal.original_${subtask}`, ok: grade.score === 1, detail: grade.detail },
  ];
  return { ...verdictFromChecks(checks), score: grade.score };
}
