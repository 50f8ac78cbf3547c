import { randomUUID } from "node:crypto";
import type { AnyTask, Instance } from "../core/task.ts";
import type { Verdict } from "../core/verdict.ts";
import { type Checker, EPISODE_TURN_CAP, type Episode, type EpisodeState } from "../eval/pool/index.ts";
import { ApiError } from "./errors.ts";
import { observationJson, type SessionJson, type StepJson } from "./json.ts";

/** Ids of expired or closed sessions remembered, to tell "expired" from "never existed". */
const REMEMBERED = 10_000;

interface Session {
  id: string;
  task: string;
  episode: Episode;
  instructions: string;
  /** Turns taken, unreadable replies included. */
  turns: number;
  cap: number;
  observation: SessionJson["observation"];
  done: boolean;
  success: boolean;
  verdict?: Verdict;
  lastUsed: number;
  /** Steps waiting or running: a session in use never expires. */
  busy: number;
  /** Steps of one session run one after another. */
  chain: Promise<unknown>;
}

/**
 * The open environment sessions of the service: each an episode living in a checker thread, closed
 * after `ttlMs` without use. A session plays as a run's episode does: every reply is a turn (an
 * unreadable one is answered with an "invalid action" observation), and it ends when the
 * environment says so or at the turn cap (options.maxSteps, else the environment's budget).
 */
export class Sessions {
  private readonly open = new Map<string, Session>();
  private readonly gone = new Map<string, string>();
  private readonly sweeper: NodeJS.Timeout;
  private closing = false;

  constructor(
    private readonly checker: Checker,
    private readonly ttlMs: number,
    private readonly max: number,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(5000, Math.max(5, ttlMs / 4)));
    this.sweeper.unref();
  }

  get size(): number {
    return this.open.size;
  }

  async start(task: AnyTask, instance: Instance, options: Record<string, unknown>): Promise<SessionJson> {
    if (this.closing) throw new ApiError(503, "draining", "the server is shutting down");
    if (this.open.size >= this.max)
      throw new ApiError(503, "sessions_full", `${this.max} sessions are open: close one or retry later`);
    let episode: Episode;
    try {
      episode = await this.checker.openEpisode(task, instance, options);
    } catch (e) {
      throw new ApiError(400, "invalid_input", (e as Error).message, "options");
    }
    const state = episode.state();
    const maxSteps = typeof options.maxSteps === "number" ? options.maxSteps : undefined;
    const s: Session = {
      id: randomUUID(),
      task: task.id,
      episode,
      instructions: episode.instructions,
      turns: 0,
      cap: maxSteps ?? state.maxSteps ?? EPISODE_TURN_CAP,
      observation: observationJson(episode.observation()),
      done: state.done,
      success: state.success,
      lastUsed: Date.now(),
      busy: 0,
      chain: Promise.resolve(),
    };
    if (s.done) s.verdict = sessionVerdict(state);
    if (this.closing || this.open.size >= this.max) {
      await episode.close();
      throw new ApiError(503, "sessions_full", `${this.max} sessions are open: close one or retry later`);
    }
    this.open.set(s.id, s);
    return this.view(s);
  }

  /** A session's state now. */
  get(id: string): SessionJson {
    const s = this.find(id);
    s.lastUsed = Date.now();
    return this.view(s);
  }

  step(id: string, text: string, maxResponseBytes?: number): Promise<StepJson> {
    const s = this.find(id);
    s.busy++;
    s.lastUsed = Date.now();
    const run = s.chain.then(() => this.play(s, text, maxResponseBytes));
    s.chain = run.catch(() => {});
    return run.finally(() => {
      s.busy--;
      s.lastUsed = Date.now();
    });
  }

  async close(id: string): Promise<{ closed: true; verdict?: Verdict }> {
    const s = this.find(id);
    await s.chain;
    this.forget(s, "was closed");
    await s.episode.close();
    return s.verdict ? { closed: true, verdict: s.verdict } : { closed: true };
  }

  /** Closes every session (at shutdown); later requests are refused. */
  async closeAll(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    const all = [...this.open.values()];
    for (const s of all) this.forget(s, "was closed when the server shut down");
    await Promise.all(all.map((s) => s.episode.close()));
  }

  private async play(s: Session, text: string, maxResponseBytes?: number): Promise<StepJson> {
    if (!this.open.has(s.id)) throw this.missing(s.id);
    if (s.done) throw new ApiError(400, "session_done", `session ${s.id} is over: close it`);
    const out = await s.episode.step(text, maxResponseBytes);
    s.turns++;
    const result: StepJson = {
      observation: observationJson(out.observation),
      reward: out.reward,
      done: false,
      success: false,
      steps: s.turns,
    };
    if (out.invalid !== undefined) {
      result.invalid = out.invalid;
      result.observation = {
        ...result.observation,
        text: `invalid action: ${out.invalid}\n\n${out.observation.text}`,
      };
    } else if (out.error !== undefined) result.error = out.error;
    s.observation = result.observation;
    if (out.crashed) {
      s.done = true;
      s.success = false;
      s.verdict = out.crashed;
      result.error = out.crashed.failure?.message ?? "the environment failed";
    } else {
      s.done = out.state.done || s.turns >= s.cap;
      s.success = out.state.success;
      if (s.done) s.verdict = sessionVerdict(out.state);
    }
    result.done = s.done;
    result.success = s.success;
    if (s.verdict) result.verdict = s.verdict;
    return result;
  }

  private view(s: Session): SessionJson {
    const out: SessionJson = {
      session: s.id,
      task: s.task,
      instructions: s.instructions,
      observation: s.observation,
      done: s.done,
      success: s.success,
      steps: s.turns,
    };
    if (s.verdict) out.verdict = s.verdict;
    return out;
  }

  private find(id: string): Session {
    const s = this.open.get(id);
    if (s && this.expired(s, Date.now())) this.expire(s);
    if (!s || !this.open.has(id)) throw this.missing(id);
    return s;
  }

  private expired(s: Session, now: number): boolean {
    return s.busy === 0 && now - s.lastUsed >= this.ttlMs;
  }

  private expire(s: Session): void {
    this.forget(s, `expired after ${Math.round(this.ttlMs / 100) / 10} s without use (--session-ttl)`);
    void s.episode.close();
  }

  private missing(id: string): ApiError {
    const why = this.gone.get(id);
    if (why) return new ApiError(404, "session_gone", `session ${id} ${why}`);
    return new ApiError(404, "unknown_session", `no session ${id}`);
  }

  private forget(s: Session, why: string): void {
    this.open.delete(s.id);
    this.gone.set(s.id, why);
    if (this.gone.size > REMEMBERED) this.gone.delete(this.gone.keys().next().value as string);
  }

  private sweep(): void {
    const now = Date.now();
    for (const s of [...this.open.values()]) if (this.expired(s, now)) this.expire(s);
  }
}

/** Solved or not, with the environment's own checks and failure when it gives a verdict. */
export function sessionVerdict(state: EpisodeState): Verdict {
  const own = state.verdict?.checks ?? [];
  if (state.success)
    return { score: 1, passed: true, checks: [{ name: "episode.success", ok: true }, ...own] };
  const detail = state.done ? "the episode ended unsolved" : "the turn cap was reached";
  return {
    score: 0,
    passed: false,
    checks: [{ name: "episode.success", ok: false, detail }, ...own],
    failure: state.verdict?.failure ?? { kind: "wrong", message: detail },
  };
}
