import { gradeResponse, readAction, stepSafely, verifyAnswer } from "../../core/grade.ts";
import { generateInstances } from "../../core/instances.ts";
import { buildPrompt } from "../../core/prompt-template.ts";
import type { AnyTask, Environment, Instance, Observation, Prompt, PromptOptions } from "../../core/task.ts";
import { errorVerdict, isParseFailure, type Verdict } from "../../core/verdict.ts";
import type { EpisodeState, GradeJobOptions, StepOutcome } from "./types.ts";

/** The work of each job, given task objects: run by a worker thread, or in-process when the pool has no threads. */

export async function gradeWork(task: AnyTask, instance: Instance, text: string, opts: GradeJobOptions = {}) {
  const { answer, verdict } = await gradeResponse(task, instance, text, opts);
  return { answer, verdict };
}

/** core/grade.ts verifyAnswer: an answer already in the task's form (checked by the caller); a throw is an `error` verdict. */
export function verifyWork(task: AnyTask, instance: Instance, answer: unknown): Promise<Verdict> {
  return verifyAnswer(task, instance, answer);
}

/** core/instances.ts generateInstances with resolved parameters; throws what generation throws. */
export function generateWork(task: AnyTask, params: unknown, count: number, seed: string): Instance[] {
  return generateInstances(task, params, count, seed);
}

/** core/prompt-template.ts buildPrompt (no template); throws what the task throws (an unknown variant is an InputError). */
export function promptWork(task: AnyTask, instance: Instance, opts: Omit<PromptOptions, "template">): Prompt {
  return buildPrompt(task, instance, opts);
}

export function combineWork(
  task: AnyTask,
  instance: Instance,
  verdict: Verdict,
  grade: number | null,
  note: string,
): Verdict {
  try {
    if (!task.judge) throw new Error(`task ${task.id} has no judge`);
    return task.judge.combine(instance, verdict, grade, note);
  } catch (e) {
    return errorVerdict("combining the judge's grade", e);
  }
}

export type TextJobs = (kind: string, input: string) => Promise<string>;

/** The runTextJob of a text jobs module (CheckerOptions.textJobs). */
export async function loadTextJobs(url: string): Promise<TextJobs> {
  const mod = (await import(url)) as { runTextJob?: TextJobs };
  if (typeof mod.runTextJob !== "function") throw new Error(`${url} exports no runTextJob()`);
  return mod.runTextJob;
}

/** What the caller's side of an episode starts from. */
export interface Opened {
  instructions: string;
  observation: Observation;
  state: EpisodeState;
}

/** One live environment and the steps taken on it: a throw while stepping is a crash, never an exception. */
export class LiveEpisode {
  private observation: Observation;
  private constructor(
    private readonly env: Environment,
    readonly opened: Opened,
  ) {
    this.observation = opened.observation;
  }

  /** Throws when the environment cannot be created or started. */
  static open(task: AnyTask, instance: Instance, envOptions?: Record<string, unknown>): LiveEpisode {
    if (!task.env) throw new Error(`task ${task.id} has no environment`);
    const env = task.env(instance, envOptions);
    return new LiveEpisode(env, {
      instructions: env.instructions(),
      observation: env.observe(),
      state: stateOf(env),
    });
  }

  step(reply: string, maxResponseBytes?: number): StepOutcome {
    let action: unknown = null;
    try {
      const read = readAction(this.env, reply, maxResponseBytes);
      if (isParseFailure(read)) {
        // The step is not taken: the agent sees the environment as it is now, as it did before the pool.
        this.observation = this.env.observe();
        return {
          action: null,
          invalid: read.message,
          reward: 0,
          observation: this.observation,
          state: stateOf(this.env),
        };
      }
      action = read;
      const result = stepSafely(this.env, read);
      if ("crashed" in result) return this.crash(action, result.crashed);
      this.observation = result.observation;
      const out: StepOutcome = {
        action,
        reward: result.reward,
        observation: result.observation,
        state: stateOf(this.env),
      };
      if (result.error !== undefined) out.error = result.error;
      return out;
    } catch (e) {
      return this.crash(action, errorVerdict("the environment's step", e));
    }
  }

  /** Throws what the environment throws: the agent asking fails with the real cause. */
  legalActions(): unknown[] {
    return this.env.legalActions();
  }

  referenceAction(): unknown {
    return this.env.referenceAction?.();
  }

  private crash(action: unknown, crashed: Verdict): StepOutcome {
    return { action, reward: 0, crashed, observation: this.observation, state: this.lastState() };
  }

  private lastState(): EpisodeState {
    try {
      return stateOf(this.env);
    } catch {
      return { ...this.opened.state, done: true, success: false };
    }
  }
}

export function stateOf(env: Environment): EpisodeState {
  const state: EpisodeState = { done: env.done, success: env.success, steps: env.steps };
  if (env.maxSteps !== undefined) state.maxSteps = env.maxSteps;
  if (env.optimalSteps !== undefined) state.optimalSteps = env.optimalSteps;
  if (env.answer) state.answer = env.answer();
  if (env.done && env.verdict) state.verdict = env.verdict();
  return state;
}
