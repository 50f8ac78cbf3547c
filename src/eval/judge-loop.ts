import { readSafely } from "../core/grade.ts";
import { addUsage, type Model, type ModelRequest, type Usage, ZERO_USAGE } from "../core/model.ts";
import type { ParseFailure } from "../core/verdict.ts";
import { isParseFailure } from "../core/verdict.ts";
import type { AgentTurn } from "./agents.ts";
import { type AskContext, ask } from "./ask.ts";

export interface JudgeAsk<T> {
  model: Model;
  request: ModelRequest;
  /** What the reply says, or why it cannot be read. Must not throw (it is guarded anyway). */
  read: (text: string) => T | ParseFailure;
  /** What the value is called in a parse failure's message ("the grade", "the label"). */
  what: string;
  attempts: number;
  /** Cache slot of the first attempt; each further attempt takes the slot below. */
  step: number;
  /** What the request is about (a built-in agent would answer it; judges are models). */
  turn: AgentTurn;
  /** Replies past this many bytes are not read. */
  maxResponseBytes?: number;
  costOf: (model: Model, usage: Usage) => number | null;
}

export interface JudgeWork<T> {
  /** The first readable reply's value; null when no attempt gave one. */
  value: T | null;
  replies: string[];
  /** Why each failed attempt failed. */
  errors: string[];
  usage: Usage;
  costUsd: number | null;
  /** Calls actually made (cache hits not counted) and what they cost. */
  calls: number;
  spentUsd: number | null;
}

/**
 * Asks a judge model up to `attempts` times until a reply reads, keeping every reply and why the
 * unreadable ones failed. Only a reply that reads is cached, so an unreadable one is asked afresh
 * next time. Null when a hard stop abandoned it.
 */
export async function askUntilReadable<T>(ctx: AskContext, j: JudgeAsk<T>): Promise<JudgeWork<T> | null> {
  const work: JudgeWork<T> = {
    value: null,
    replies: [],
    errors: [],
    usage: ZERO_USAGE,
    costUsd: 0,
    calls: 0,
    spentUsd: 0,
  };
  for (let attempt = 0; attempt < j.attempts && work.value === null; attempt++) {
    const got = await ask(ctx, j.model, j.request, j.turn, j.step - attempt, true);
    if (got === null) return null;
    if ("error" in got) {
      work.errors.push(`call failed: ${got.error}`);
      continue;
    }
    const { response } = got;
    work.replies.push(response.text);
    work.usage = addUsage(work.usage, response.usage);
    const c = j.costOf(j.model, response.usage);
    work.costUsd = work.costUsd === null || c === null ? null : work.costUsd + c;
    if (!got.cached) {
      work.calls++;
      work.spentUsd = work.spentUsd === null || c === null ? null : work.spentUsd + c;
    }
    const value = readSafely(response.text, j.read, j.what, j.maxResponseBytes);
    if (isParseFailure(value)) work.errors.push(value.message);
    else {
      work.value = value;
      if (got.cacheKey && !got.cached) ctx.store.cachePutLater(got.cacheKey, response);
    }
  }
  return work;
}
