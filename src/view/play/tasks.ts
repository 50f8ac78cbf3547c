import { loadTask, taskInfos } from "../../core/registry.ts";
import type { AnyTask } from "../../core/task.ts";
import { registerAllTasks } from "../../suites/catalog.ts";
import type { PlayMode, PlayTask } from "../play-api.ts";

/** How a task is played, or null when a person cannot be graded on it offline (a judge model grades it). */
export function playMode(task: AnyTask): PlayMode | null {
  if (task.judge) return null;
  // A line is drawn on the task's board; its environment, if any, is for agents.
  if (task.lineBoard) return "line";
  return task.env ? "episode" : "text";
}

let playable: Promise<{ task: AnyTask; mode: PlayMode }[]> | null = null;

/** Every playable task, loaded once (loading reads each task's code: about a second in all). */
export function playableTasks(): Promise<{ task: AnyTask; mode: PlayMode }[]> {
  if (playable === null) {
    registerAllTasks();
    // A task whose code cannot load is that task's bug: logged and left out; the others play.
    const loaded = taskInfos().map((i) =>
      loadTask(i.id).catch((e: unknown) => {
        process.stderr.write(`plumb view: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
        return null;
      }),
    );
    playable = Promise.all(loaded).then((tasks) =>
      tasks.flatMap((task) => {
        const mode = task && playMode(task);
        return task && mode ? [{ task, mode }] : [];
      }),
    );
  }
  return playable;
}

/** The playable task with this id, or undefined (the routes answer 404). */
export async function playableTask(id: string): Promise<{ task: AnyTask; mode: PlayMode } | undefined> {
  return (await playableTasks()).find((t) => t.task.id === id);
}

export function describeTask(task: AnyTask, mode: PlayMode): PlayTask {
  return {
    id: task.id,
    suite: task.suite,
    description: task.description,
    mode,
    levels: Object.keys(task.levels),
    presets: Object.entries(task.presets ?? {}).map(([name, p]) => ({ name, description: p.description })),
  };
}
