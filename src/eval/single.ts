import type { ModelRequest, ModelResponse } from "../core/model.ts";
import { buildPrompt } from "../core/prompt-template.ts";
import { errorVerdict } from "../core/verdict.ts";
import type { SampleRecord } from "../store/types.ts";
import { ask } from "./ask.ts";
import { type Judged, runJudge } from "./judge.ts";
import type { PlanItem } from "./plan.ts";
import { baseSample, type Outcome, promptForStore, type RunContext } from "./sample.ts";

/** One prompt, one reply: asked (or served from the cache), graded in the checker, judged when the task has a judge. */
export async function runSingle(item: PlanItem, ctx: RunContext): Promise<Outcome | null> {
  const startedAt = new Date().toISOString();
  const prompt = buildPrompt(item.task, item.instance, {
    ...ctx.prompt,
    maxOutputTokens: item.generation.maxOutputTokens,
  });
  const req: ModelRequest = {
    messages: prompt.messages,
    images: prompt.images,
    // Under a tools setting the answer's format is the prompt's to state: providers' structured
    // output and tool calls do not mix everywhere, and a reply that missed the schema would lose its calls.
    ...(item.model.tools ? { tools: item.model.tools } : { outputSchema: prompt.outputSchema }),
    ...item.generation,
  };
  const got = await ask(ctx, item.model, req, {
    task: item.task,
    instance: item.instance,
    epoch: item.epoch,
  });
  if (got === null) return null;
  const base = baseSample(item, ctx.run, startedAt);
  const stored = promptForStore(prompt.messages, prompt.images);
  if ("error" in got) {
    return {
      sample: {
        ...base,
        status: "error",
        prompt: stored,
        text: null,
        attempts: got.attempts,
        error: got.error,
        latencyMs: got.attempts.reduce((s, a) => s + a.latencyMs, 0),
        calls: 0,
        finishedAt: new Date().toISOString(),
      },
    };
  }
  const { response, cached } = got;
  const toolUse = toolUseOf(response);
  const cost = ctx.costOf(item.model, response.usage, toolUse ?? undefined);
  const answered: SampleRecord = {
    ...base,
    status: "ok",
    prompt: stored,
    text: response.text,
    reasoning: response.reasoning ?? null,
    finishReason: response.finishReason,
    usage: response.usage,
    costUsd: cost,
    spentUsd: cached ? 0 : cost,
    calls: cached ? 0 : 1,
    latencyMs: response.latencyMs,
    attempts: response.attempts,
    cached,
    toolCalls: response.toolCalls ?? (item.model.tools ? [] : null),
    toolUse,
  };
  return grade(item, answered, ctx);
}

/**
 * Tool use by tool name: the units the provider reported, and the calls of Plumb's python tool
 * (free, but counted, so reports can tell how much each sample leaned on its tools).
 */
function toolUseOf(response: ModelResponse): Record<string, number> | null {
  const calls = response.toolCalls ?? [];
  if (response.toolUse === undefined && calls.length === 0) return null;
  const use: Record<string, number> = { ...response.toolUse };
  const python = calls.filter((c) => c.by === "plumb" && c.tool === "python").length;
  if (python > 0) use.python = python;
  return use;
}

/**
 * Grades a sample's text (in the checker) and, for judged tasks, asks the judge. Also used to
 * judge again a stored sample whose judge gave no grade: its answer is not asked again.
 */
export async function grade(item: PlanItem, sample: SampleRecord, ctx: RunContext): Promise<Outcome | null> {
  const text = sample.text ?? "";
  const graded = await ctx.checker.grade(item.task, item.instance, text, {
    maxResponseBytes: ctx.maxResponseBytes,
  });
  let { verdict } = graded;
  let judged = sample;
  // An unreadable response scores 0 whatever a judge would say: the judge is not asked. Nor is it
  // for a read answer whose verdict is already a format failure (ComBench's anchor parsing).
  const unjudgeable = verdict.failure?.kind === "error" || verdict.failure?.kind === "parse";
  if (item.task.judge && graded.answer !== null && !unjudgeable) {
    let j: Judged | null;
    try {
      j = await runJudge(item, text, graded.answer, verdict, ctx);
    } catch (e) {
      if (ctx.signal.aborted) return null;
      j = { verdict: errorVerdict("judging", e), judge: null, calls: 0, spentUsd: 0 };
    }
    if (j === null) return null;
    verdict = j.verdict;
    judged = {
      ...sample,
      judge: j.judge,
      calls: sample.calls + j.calls,
      spentUsd: sample.spentUsd === null || j.spentUsd === null ? null : sample.spentUsd + j.spentUsd,
    };
  }
  return {
    sample: {
      ...judged,
      answer: graded.answer,
      verdict,
      score: verdict.score,
      passed: verdict.passed,
      failureKind: verdict.failure?.kind ?? null,
      finishedAt: new Date().toISOString(),
    },
  };
}
