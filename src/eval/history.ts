import type { AnyTask } from "../core/task.ts";

/** Turns of history an episode keeps when neither the run nor the task says. */
export const DEFAULT_HISTORY = 4;

/** The run's --history, else the task's paper's own window, else the default. */
export function historyOf(task: Pick<AnyTask, "episodeHistory">, history: number | undefined): number {
  return history ?? task.episodeHistory ?? DEFAULT_HISTORY;
}
