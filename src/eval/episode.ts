import { type Attempt, addUsage, type ModelRequest, ZERO_USAGE } from "../core/model.ts";
import type { Message } from "../core/task.ts";
import type { Verdict } from "../core/verdict.ts";
import type { StepRecord } from "../store/types.ts";
import type { EnvView } from "./agents.ts";
import { ask } from "./ask.ts";
import { historyOf } from "./history.ts";
import type { PlanItem } from "./plan.ts";
import { EPISODE_TURN_CAP, type EpisodeState } from "./pool/types.ts";
import { baseSample, type Outcome, type RunContext } from "./sample.ts";

/**
 * An interactive episode: the environment (living in the checker) gives its instructions as the
 * system message, then each turn the observation (with the last `history` turns before it) and
 * the model's reply, read with the environment's action parser; an unreadable reply costs a turn
 * and is answered with an "invalid action" observation. The episode ends when the environment
 * says so or after the turn cap (--max-steps, else the environment's budget); its step count is
 * the turns taken. Every step is stored.
 */
export async function runEpisode(item: PlanItem, ctx: RunContext): Promise<Outcome | null> {
  const startedAt = new Date().toISOString();
  const episode = await ctx.checker.openEpisode(item.task, item.instance, ctx.envOptions);
  try {
    const system: Message = { role: "system", content: episode.instructions };
    const turns: Message[] = [];
    const steps: StepRecord[] = [];
    let observation = episode.observation();
    let state = episode.state();
    let usage = ZERO_USAGE;
    let cost: number | null = 0;
    let spent: number | null = 0;
    let calls = 0;
    let latency = 0;
    let finishReason: string | null = null;
    const attempts: Attempt[] = [];
    let lastReply: string | null = null;
    let allCached = true;
    let error: string | null = null;
    let crashed: Verdict | null = null;
    // Unreadable replies are turns too, so a model that never answers in form still ends.
    const cap = ctx.maxSteps ?? state.maxSteps ?? EPISODE_TURN_CAP;
    const history = historyOf(item.task, ctx.history);
    const view: EnvView = {
      steps: () => state.steps,
      legalActions: () => episode.legalActions(),
      referenceAction: () => episode.referenceAction(),
    };
    for (let i = 0; !state.done && i < cap; i++) {
      const user: Message = { role: "user", content: observation.text };
      const window = turns.slice(Math.max(0, turns.length - 2 * history));
      const req: ModelRequest = {
        messages: [system, ...window, user],
        images: observation.images,
        ...item.generation,
      };
      const turn = { task: item.task, instance: item.instance, epoch: item.epoch, env: view };
      const got = await ask(ctx, item.model, req, turn, i);
      if (got === null) return null;
      if ("error" in got) {
        error = got.error;
        attempts.push(...got.attempts);
        break;
      }
      const { response } = got;
      allCached &&= got.cached;
      usage = addUsage(usage, response.usage);
      const c = ctx.costOf(item.model, response.usage);
      cost = cost === null || c === null ? null : cost + c;
      if (!got.cached) {
        calls++;
        spent = spent === null || c === null ? null : spent + c;
      }
      latency += response.latencyMs;
      attempts.push(...response.attempts);
      lastReply = response.text;
      finishReason = response.finishReason;
      const out = await episode.step(response.text, ctx.maxResponseBytes);
      state = out.state;
      let stepError: string | null;
      if (out.invalid !== undefined) {
        stepError = `invalid action: ${out.invalid}`;
        observation = { ...out.observation, text: `${stepError}\n\n${out.observation.text}` };
      } else if (out.crashed) {
        crashed = out.crashed;
        stepError = crashed.failure?.message ?? "the environment failed";
      } else {
        stepError = out.error ?? null;
        observation = out.observation;
      }
      steps.push({
        run: ctx.run,
        sampleKey: item.key,
        index: i,
        observation: user.content,
        reply: response.text,
        action: out.action,
        reward: out.reward,
        error: stepError,
        usage: response.usage,
      });
      turns.push(user, { role: "assistant", content: response.text });
      if (crashed) break;
    }
    const verdict = crashed ?? episodeVerdict(state);
    // A call that failed after its retries leaves the episode unfinished: an error, not a verdict.
    const failed = error !== null;
    return {
      sample: {
        ...baseSample(item, ctx.run, startedAt),
        status: failed ? "error" : "ok",
        prompt: { system: system.content },
        text: lastReply,
        answer: state.answer ?? null,
        verdict: failed ? null : verdict,
        score: failed ? null : verdict.score,
        passed: failed ? null : verdict.passed,
        failureKind: failed ? null : (verdict.failure?.kind ?? null),
        finishReason,
        usage,
        costUsd: cost,
        spentUsd: spent,
        calls,
        latencyMs: latency,
        attempts,
        error,
        cached: steps.length > 0 && allCached,
        steps: steps.length,
        optimalSteps: state.optimalSteps ?? null,
        finishedAt: new Date().toISOString(),
      },
      steps,
    };
  } finally {
    await episode.close();
  }
}

/**
 * Solved or not, with the environment's own verdict on what the episode made when it gives one
 * (its checks after `episode.success`, its failure naming what broke).
 */
export function episodeVerdict(state: EpisodeState): Verdict {
  const own = state.verdict?.checks ?? [];
  if (state.success)
    return { score: 1, passed: true, checks: [{ name: "episode.success", ok: true }, ...own] };
  const ended = state.done ? "episode ended unsolved" : "step cap reached";
  return {
    score: 0,
    passed: false,
    checks: [{ name: "episode.success", ok: false, detail: ended }, ...own],
    failure: state.verdict?.failure ?? {
      kind: "wrong",
      message: state.done ? "the episode ended without solving the task" : "step cap reached",
    },
  };
}
