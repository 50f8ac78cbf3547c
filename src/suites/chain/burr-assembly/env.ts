/**
 * The interactive burr assembly: the pieces start apart and the agent inserts parts into each
 * other and slides pieces until the puzzle is assembled. Refused actions and state() still use a step.
 */

import { EpisodeProgress } from "../../../core/episode.ts";
import type { Scene } from "../../../core/scene.ts";
import type { Environment, Observation, StepResult, SvgRendering } from "../../../core/task.ts";
import type { ParseFailure } from "../../../core/verdict.ts";
import { shapesOf } from "../burr/data.ts";
import { readSchemaAction } from "../common/action.ts";
import { stepBudget } from "../common/budget.ts";
import { describeValue } from "../common/describe.ts";
import type { ChainEnvOptions } from "../common/env-options.ts";
import {
  ACTION_SIGNATURES,
  type AssemblyAction,
  actionText,
  assemblyActionSchema,
  type BurrAssemblyData,
  moveOf,
} from "./data.ts";
import { legalActions } from "./legal.ts";
import { picturePng, pictureScene, pictureSvg } from "./picture.ts";
import { ReferencePlanner } from "./reference.ts";
import { AssemblyState } from "./state.ts";
import { instructionsText, observationText } from "./text.ts";

const EXPECTED = "expected insert(piece, into, from, at), move(piece, axis, distance) or state()";

export class BurrAssemblyEnv implements Environment<AssemblyAction> {
  readonly actions = assemblyActionSchema;
  readonly maxSteps: number;
  readonly optimalSteps: number;
  readonly state: AssemblyState;
  private readonly vision: boolean;
  /** The state only in the images: the text names no cubes of it. */
  private readonly imageOnly: boolean;
  private readonly episode = new EpisodeProgress();
  private readonly planner: ReferencePlanner;
  private last: string | null = null;
  private reference: { plan: AssemblyAction[]; keys: string[] };

  constructor(
    readonly data: BurrAssemblyData,
    opts: ChainEnvOptions = {},
  ) {
    this.state = new AssemblyState(
      data.pieces.map((p) => p.name),
      shapesOf(data),
    );
    this.optimalSteps = data.optimal;
    this.maxSteps = opts.maxSteps ?? stepBudget(data.optimal);
    this.vision = opts.vision ?? false;
    this.imageOnly = opts.imageOnly ?? false;
    this.planner = new ReferencePlanner(this.state, data.assembly);
    this.reference = this.track(data.assembly);
  }

  get done(): boolean {
    return this.episode.done;
  }

  /** Whether the puzzle is assembled, read from the pieces themselves. */
  get success(): boolean {
    return this.state.solved;
  }

  get steps(): number {
    return this.episode.steps;
  }

  instructions(): string {
    return instructionsText(this.data, this.state.maxDistance, this.maxSteps, this.imageOnly);
  }

  observe(): Observation {
    const text = observationText(this.state, {
      last: this.last,
      steps: this.episode.steps,
      maxSteps: this.maxSteps,
      done: this.episode.done,
      imageOnly: this.imageOnly,
    });
    if (!this.vision) return { text };
    return { text, images: [picturePng(this.data, this.state, this.title())] };
  }

  render(): SvgRendering {
    return pictureSvg(this.data, this.state, this.title());
  }

  scene(): Scene {
    return pictureScene(this.data, this.state, this.title());
  }

  private title(): string {
    return `The parts after ${this.episode.steps} steps`;
  }

  parseAction(text: string): AssemblyAction | ParseFailure {
    return readSchemaAction(text, ACTION_SIGNATURES, assemblyActionSchema, EXPECTED);
  }

  legalActions(): AssemblyAction[] {
    return this.episode.done ? [] : legalActions(this.state);
  }

  /** The next action of the oracle's plan; after a deviation, of a plan from the state now (reference.ts). */
  referenceAction(): AssemblyAction | undefined {
    if (this.episode.done) return undefined;
    const key = this.state.key();
    let at = this.reference.keys.indexOf(key);
    if (at < 0) {
      this.reference = this.track(this.planner.planFrom(this.state));
      at = this.reference.keys.indexOf(key);
    }
    return this.reference.plan[at];
  }

  step(action: unknown): StepResult {
    const over = this.episode.afterEnd(() => this.observe(), this.success);
    if (over) return over;
    const steps = this.episode.count();
    let error: string | undefined;
    const parsed = assemblyActionSchema.safeParse(action);
    if (!parsed.success) {
      error = `invalid action ${describeValue(action)}: ${EXPECTED}`;
      this.last = error;
    } else if (parsed.data.action === "state") {
      this.last = "state(): nothing moved";
    } else {
      const a = parsed.data;
      const call = actionText(a.action === "insert" ? a : moveOf(a));
      const outcome = this.state.play(a);
      if (outcome.error) {
        error = outcome.error;
        this.last = `${call} refused: ${outcome.error}`;
      } else {
        this.last = outcome.note ? `${call} done; ${outcome.note}` : `${call} done`;
      }
    }
    if (this.state.solved || steps >= this.maxSteps) this.episode.end(this.state.solved);
    const observation = this.observe();
    if (error !== undefined) observation.text = `${error}\n\n${observation.text}`;
    return {
      observation,
      reward: this.state.solved ? 1 : 0,
      done: this.episode.done,
      success: this.state.solved,
      error,
      info: { parts: this.state.parts.length },
    };
  }

  /** The state key before each action of a plan, by replaying it on a copy (up to its first refusal). */
  private track(plan: readonly AssemblyAction[]): { plan: AssemblyAction[]; keys: string[] } {
    const sim = this.state.clone();
    const keys: string[] = [];
    for (const a of plan) {
      keys.push(sim.key());
      if (sim.play(a).error) break;
    }
    return { plan: plan.slice(0, keys.length), keys };
  }
}
