import { readAction, stepSafely } from "../../core/grade.ts";
import type { Environment, Observation } from "../../core/task.ts";
import { isParseFailure, type Verdict } from "../../core/verdict.ts";
import { episodeVerdict } from "../../eval/episode.ts";
import { EPISODE_TURN_CAP } from "../../eval/pool/index.ts";
import type { EpisodeState } from "../../eval/pool/types.ts";
import { stateOf } from "../../eval/pool/work.ts";
import type { StepRecord } from "../../store/types.ts";
import type { EpisodeView } from "../play-api.ts";

/** Legal actions sent to the page at most (burr's lists can be long). */
const MAX_LEGAL = 300;

type Step = Omit<StepRecord, "run" | "sampleKey">;

/** An action as a call, as CHAIN's prompts write them: `move(red, x, -1)`. */
/**
 * At most `cap` of the legal actions, taken in turn from each piece's (the action's `piece`), so that
 * a piece with many placements does not crowd the others out of the buttons.
 */
function sharedOut(legal: readonly unknown[], cap: number): unknown[] {
  if (legal.length <= cap) return [...legal];
  const byPiece = new Map<string, unknown[]>();
  for (const action of legal) {
    const piece =
      typeof action === "object" && action !== null
        ? JSON.stringify((action as { piece?: unknown }).piece)
        : "";
    const list = byPiece.get(piece ?? "");
    if (list) list.push(action);
    else byPiece.set(piece ?? "", [action]);
  }
  const out: unknown[] = [];
  for (let i = 0; out.length < cap; i++) {
    let took = false;
    for (const list of byPiece.values()) {
      if (i < list.length && out.length < cap) {
        out.push(list[i]);
        took = true;
      }
    }
    if (!took) break;
  }
  return out;
}

export function actionLabel(action: unknown): string {
  if (typeof action !== "object" || action === null || Array.isArray(action))
    return JSON.stringify(action) ?? "";
  const { action: name, ...args } = action as Record<string, unknown>;
  if (typeof name !== "string") return JSON.stringify(action);
  const word = (v: unknown): string =>
    typeof v === "string"
      ? v
      : Array.isArray(v) && v.every((x) => typeof x === "string")
        ? `[${v.join(", ")}]`
        : JSON.stringify(v);
  const shown = Object.values(args).map(word);
  return `${name}(${shown.join(", ")})`;
}

/**
 * An environment a person plays, stepped as the runner steps an agent's: each reply read with the
 * environment's own action parser (an unreadable one costs a turn), the same turn cap (the
 * environment's budget), a throwing environment ending the episode as an error, and the runner's
 * verdict at the end.
 */
export class PlayEpisode {
  readonly instructions: string;
  readonly steps: Step[] = [];
  private observation: Observation;
  private crashed: Verdict | null = null;
  private lastReply: string | null = null;

  constructor(private readonly env: Environment) {
    this.instructions = env.instructions();
    this.observation = env.observe();
  }

  private get cap(): number {
    return this.env.maxSteps ?? EPISODE_TURN_CAP;
  }

  state(): EpisodeState {
    try {
      return stateOf(this.env);
    } catch {
      return { done: true, success: false, steps: this.steps.length };
    }
  }

  /** Over: the environment is done, it failed, or the turns ran out. */
  get over(): boolean {
    return this.crashed !== null || this.steps.length >= this.cap || this.state().done;
  }

  /** Plays one reply; the caller checks `over` first. */
  step(reply: string): { invalid: string | null; error: string | null; reward: number } {
    const before = this.observation.text;
    const read = readAction(this.env, reply);
    let invalid: string | null = null;
    let error: string | null = null;
    let reward = 0;
    let action: unknown = null;
    if (isParseFailure(read)) {
      invalid = read.message;
      error = `invalid action: ${invalid}`;
      this.observation = { ...this.env.observe(), text: `${error}\n\n${this.env.observe().text}` };
    } else {
      action = read;
      const result = stepSafely(this.env, read);
      if ("crashed" in result) {
        this.crashed = result.crashed;
        error = result.crashed.failure?.message ?? "the environment failed";
      } else {
        this.observation = result.observation;
        error = result.error ?? null;
        reward = result.reward;
      }
    }
    this.lastReply = reply;
    this.steps.push({
      index: this.steps.length,
      observation: before,
      reply,
      action,
      reward,
      error,
      usage: { input: 0, output: 0, reasoning: 0, cached: 0 },
    });
    return { invalid, error: invalid === null ? error : null, reward };
  }

  /** The runner's verdict on the episode as it stands (given up: unsolved). */
  verdict(): Verdict {
    return this.crashed ?? episodeVerdict(this.state());
  }

  get reply(): string | null {
    return this.lastReply;
  }

  view(): EpisodeView {
    const state = this.state();
    let legal: unknown[] = [];
    try {
      legal = this.over ? [] : this.env.legalActions();
    } catch {
      legal = [];
    }
    return {
      instructions: this.instructions,
      observation: this.observation.text,
      legal: sharedOut(legal, MAX_LEGAL).map((action) => ({ label: actionLabel(action), action })),
      legalTotal: legal.length,
      steps: this.steps.length,
      maxSteps: this.env.maxSteps ?? null,
      done: this.over,
      success: state.success,
      render: attempt(() => this.env.render?.() ?? null),
      scene: attempt(() => this.env.scene?.() ?? null),
      history: this.steps.map((s) => ({
        index: s.index,
        action: s.action === null ? s.reply : actionLabel(s.action),
        reward: s.reward,
        error: s.error,
      })),
    };
  }
}

/** A render or scene the environment failed to make is left out, not an error of the request. */
function attempt<T>(make: () => T | null): T | null {
  try {
    return make();
  } catch {
    return null;
  }
}
