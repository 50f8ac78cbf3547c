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
 * The options without what asks for images: an environment that gives images draws a PNG at every
 * step (tens of milliseconds each), and the images change what the model reads, never the state.
 */
function withoutImages(envOptions: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (envOptions === undefined || !("vision" in envOptions)) return envOptions;
  const { vision: _, ...rest } = envOptions;
  return rest;
}

/**
 * Takes the stored steps from `from` up to `to` in `env`, calling `after` with the number of steps
 * taken after each. A stored action that is null (an unreadable reply: a turn with no step) changes
 * nothing. Stops at the first step that throws or gives another reward than the one stored (the
 * environment no longer behaves as when the run was made): that is the error given, else null.
 */
export function advance(
  env: Environment,
  steps: readonly StepRecord[],
  range: { from: number; to: number },
  after: (done: number) => void,
): string | null {
  for (let i = range.from; i < Math.min(range.to, steps.length); i++) {
    const step = steps[i] as StepRecord;
    try {
      if (step.action !== null && step.action !== undefined) {
        const result = env.step(step.action);
        if (Math.abs(result.reward - step.reward) > 1e-9)
          return `step ${step.index}: the environment gives reward ${result.reward}, the run stored ${step.reward}`;
      }
      after(i + 1);
    } catch (e) {
      return `step ${step.index}: ${messageOf(e)}`;
    }
  }
  return null;
}

/**
 * Replays the stored steps in the task's environment (see advance), drawing the state before the
 * first and after each, up to `upTo` steps; `images` keeps the options that ask for observation
 * images, else they are dropped (see withoutImages).
 */
export function replay(
  task: AnyTask,
  inst: Instance,
  steps: readonly StepRecord[],
  envOptions: Record<string, unknown> | undefined,
  opts: { upTo: number; draw: boolean; images?: boolean },
): Replay {
  if (!task.env) return { states: [], env: null, error: `task ${task.id} has no environment` };
  const states: ReplayState[] = [];
  const drawn = (env: Environment): ReplayState =>
    opts.draw ? stateOf(task, inst, env) : { render: null, hasScene: env.scene !== undefined };
  let env: Environment;
  try {
    env = task.env(inst, opts.images ? envOptions : withoutImages(envOptions));
    states.push(drawn(env));
  } catch (e) {
    return { states, env: null, error: `the environment could not start: ${messageOf(e)}` };
  }
  const error = advance(env, steps, { from: 0, to: opts.upTo }, () => states.push(drawn(env)));
  return { states, env, error };
}
