import type { AnyTask, Environment, Instance } from "../core/task.ts";
import type { StepRecord } from "../store/types.ts";
import type { RenderingJson } from "./api.ts";
import { messageOf } from "./errors.ts";
import { renderingJson } from "./renders.ts";

/** Steps past this many are listed without a rendered state. */
export const RENDERED_STEPS = 500;

/** One state of a replay: after `done` stored steps (0: before the first). */
export interface ReplayState {
  render: RenderingJson | null;
  hasScene: boolean;
}

export interface Replay {
  /** The state before each step is taken, then after each step replayed; as many as were replayed. */
  states: ReplayState[];
  env: Environment | null;
  /** Why the replay stopped short. */
  error: string | null;
}

function stateOf(task: AnyTask, inst: Instance, env: Environment): ReplayState {
  const drawn = env.render ? env.render() : task.render?.(inst, env.answer?.());
  return { render: drawn ? renderingJson(drawn) : null, hasScene: env.scene !== undefined };
}

/**
 * Replays the stored steps in the task's environment, drawing the state before the first and after
 * each, up to `upTo` steps. A stored action that is null (an unreadable reply: a turn with no step)
 * changes nothing. The replay stops at the first step that throws or gives another reward than
 * the one stored (the environment no longer behaves as when the run was made).
 */
export function replay(
  task: AnyTask,
  inst: Instance,
  steps: readonly StepRecord[],
  envOptions: Record<string, unknown> | undefined,
  opts: { upTo: number; draw: boolean },
): Replay {
  if (!task.env) return { states: [], env: null, error: `task ${task.id} has no environment` };
  const states: ReplayState[] = [];
  const drawn = (env: Environment): ReplayState =>
    opts.draw ? stateOf(task, inst, env) : { render: null, hasScene: env.scene !== undefined };
  let env: Environment;
  try {
    env = task.env(inst, envOptions);
    states.push(drawn(env));
  } catch (e) {
    return { states, env: null, error: `the environment could not start: ${messageOf(e)}` };
  }
  for (const step of steps.slice(0, opts.upTo)) {
    try {
      if (step.action !== null && step.action !== undefined) {
        const result = env.step(step.action);
        if (Math.abs(result.reward - step.reward) > 1e-9)
          return {
            states,
            env,
            error: `step ${step.index}: the environment gives reward ${result.reward}, the run stored ${step.reward}`,
          };
      }
      states.push(drawn(env));
    } catch (e) {
      return { states, env, error: `step ${step.index}: ${messageOf(e)}` };
    }
  }
  return { states, env, error: null };
}
