/**
 * The interactive burr: the agent slides pieces (or groups of pieces) of the assembled puzzle
 * until every piece has been taken out. Refused moves and state() still use a step.
 */

import { EpisodeProgress } from "../../../core/episode.ts";
import type { Scene } from "../../../core/scene.ts";
import type { Environment, Observation, StepResult, SvgRendering } from "../../../core/task.ts";
import type { ParseFailure } from "../../../core/verdict.ts";
import { readSchemaAction } from "../common/action.ts";
import { stepBudget } from "../common/budget.ts";
import { describeValue } from "../common/describe.ts";
import type { ChainEnvOptions } from "../common/env-options.ts";
import { scenePng, sceneSvg } from "../common/views.ts";
import {
  ACTION_SIGNATURES,
  actionOf,
  type BurrAction,
  type BurrData,
  burrActionSchema,
  moveOf,
  shapesOf,
  specOf,
} from "./data.ts";
import { Disassembler, flattenPlan } from "./disassemble.ts";
import { stateScene } from "./scene.ts";
import { BurrState, type MoveSpec } from "./state.ts";
import { instructionsText, observationText, scenePieces } from "./text.ts";

export class BurrEnv implements Environment<BurrAction> {
  readonly actions = burrActionSchema;
  readonly maxSteps: number;
  readonly optimalSteps: number;
  readonly state: BurrState;
  private readonly vision: boolean;
  /** The state only in the images: the text names no cubes of it. */
  private readonly imageOnly: boolean;
  private readonly episode = new EpisodeProgress();
  private last: string | null = null;
  private reference: { plan: MoveSpec[]; keys: string[] } | null = null;

  constructor(
    readonly data: BurrData,
    opts: ChainEnvOptions = {},
  ) {
    this.state = new BurrState(
      data.pieces.map((p) => p.name),
      shapesOf(data),
    );
    this.optimalSteps = data.optimal;
    this.maxSteps = opts.maxSteps ?? stepBudget(data.optimal);
    this.vision = opts.vision ?? false;
    this.imageOnly = opts.imageOnly ?? false;
    this.reference = this.track(data.plan.map((m) => ({ ...m, pieces: [...m.pieces] })));
  }

  get done(): boolean {
    return this.episode.done;
  }

  /** Whether every piece is out, read from the puzzle itself. */
  get success(): boolean {
    return this.state.solved;
  }

  get steps(): number {
    return this.episode.steps;
  }

  instructions(): string {
    return instructionsText(this.data, this.maxSteps, this.imageOnly);
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
    const { inPlay, aside } = scenePieces(this.data, this.state);
    return {
      text,
      images: [
        scenePng(
          inPlay,
          { aside, asideTitle: "Taken out", views: "multi", coordinates: true, alone: true },
          `Burr puzzle after ${this.episode.steps} steps`,
        ),
      ],
    };
  }

  render(): SvgRendering {
    const { inPlay, aside } = scenePieces(this.data, this.state);
    return sceneSvg(inPlay, {
      aside,
      asideTitle: "Taken out",
      views: "multi",
      coordinates: true,
      alone: true,
      title: this.title(),
    });
  }

  scene(): Scene {
    return stateScene(this.data, this.state, this.title());
  }

  private title(): string {
    return `Burr ${this.data.level} after ${this.episode.steps} steps`;
  }

  parseAction(text: string): BurrAction | ParseFailure {
    return readSchemaAction(
      text,
      ACTION_SIGNATURES,
      burrActionSchema,
      "expected move(piece, axis, distance) or state()",
    );
  }

  legalActions(): BurrAction[] {
    return this.episode.done ? [] : this.state.legalMoves().map(actionOf);
  }

  /** The next move of the solver's plan; after a deviation, of a plan solved from the current state. */
  referenceAction(): BurrAction | undefined {
    if (this.episode.done) return undefined;
    const key = this.state.key();
    let at = this.reference?.keys.indexOf(key) ?? -1;
    if (at < 0) {
      this.reference = this.track(this.replan());
      at = this.reference.keys.indexOf(key);
    }
    const move = this.reference?.plan[at];
    return move ? actionOf(move) : undefined;
  }

  step(action: unknown): StepResult {
    const over = this.episode.afterEnd(() => this.observe(), this.success);
    if (over) return over;
    const steps = this.episode.count();
    let error: string | undefined;
    const parsed = burrActionSchema.safeParse(action);
    if (!parsed.success) {
      error = `invalid action ${describeValue(action)}: expected move(piece, axis, distance) or state()`;
      this.last = error;
    } else if (parsed.data.action === "state") {
      this.last = "state(): nothing moved";
    } else {
      const spec = moveOf(parsed.data);
      const outcome = this.state.move(spec);
      const call = `move(${spec.pieces.join("+")}, ${spec.axis}, ${spec.distance})`;
      if (outcome.error) {
        error = outcome.error;
        this.last = `${call} refused: ${outcome.error}`;
      } else {
        const split = outcome.split.map((p) => `[${p.join(", ")}]`).join(" and ");
        this.last = split ? `${call} done; the puzzle came apart into ${split}` : `${call} done`;
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
      info: { removed: this.state.removed.length, subAssemblies: this.state.assemblies.length },
    };
  }

  /** A fresh plan for every sub-assembly still in play, from where the pieces are now. */
  private replan(): MoveSpec[] {
    const solver = new Disassembler(shapesOf(this.data));
    const out: MoveSpec[] = [];
    for (const members of this.state.assemblies) {
      const solved = solver.solve(
        members,
        members.map((i) => this.state.pos[i] as [number, number, number]),
      );
      if (!solved) continue;
      out.push(...flattenPlan(solved.tree).map((m) => specOf(m, this.state.names)));
    }
    return out;
  }

  /** The state key before each move of a plan, by replaying it on a copy. */
  private track(plan: MoveSpec[]): { plan: MoveSpec[]; keys: string[] } {
    const sim = this.state.clone();
    const keys: string[] = [];
    for (const m of plan) {
      keys.push(sim.key());
      if (sim.move(m).error) break;
    }
    return { plan: plan.slice(0, keys.length), keys };
  }
}
