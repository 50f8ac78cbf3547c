import type { Verdict } from "../core/verdict.ts";
import type { JudgeRecord } from "../store/types.ts";
import { askUntilReadable } from "./judge-loop.ts";
import type { PlanItem } from "./plan.ts";
import type { RunContext } from "./sample.ts";

/** Judge calls are cached apart from the answer's call (and from episode steps) by their step number. */
const JUDGE_STEP = -1000;

export interface Judged {
  verdict: Verdict;
  /** Null when the task failed before the judge could be asked. */
  judge: JudgeRecord | null;
  /** Judge calls actually made (cache hits not counted) and what they cost. */
  calls: number;
  spentUsd: number | null;
}

/**
 * Asks the judge model up to `attempts` times until its reply reads as a grade, then lets the
 * task combine grade and verdict. A sample whose judge never gave a readable grade is kept,
 * unscored, and is judged again by a later --retry-errors. Only a reply that reads as a grade is
 * cached, so an unreadable one is asked afresh next time. Null when a hard stop abandoned it.
 */
export async function runJudge(
  item: PlanItem,
  text: string,
  answer: unknown,
  verdict: Verdict,
  ctx: RunContext,
): Promise<Judged | null> {
  const spec = item.task.judge;
  if (!spec) throw new Error(`${item.task.id} has no judge`);
  if (!ctx.judge) throw new Error(`${item.task.id} is graded by a judge model, and none was given`);
  const { model, attempts } = ctx.judge;
  const prompt = spec.prompt(item.instance, { text, answer, verdict });
  const work = await askUntilReadable(ctx, {
    model,
    // The judge is called with its own options, never the judged model's.
    request: {
      messages: prompt.messages,
      images: prompt.images,
      outputSchema: prompt.outputSchema,
      ...model.options,
    },
    read: (t) => spec.read(t),
    what: "the grade",
    attempts,
    step: JUDGE_STEP,
    turn: { task: item.task, instance: item.instance, epoch: item.epoch },
    maxResponseBytes: ctx.maxResponseBytes,
    costOf: ctx.costOf,
  });
  if (work === null) return null;
  const record: JudgeRecord = {
    model: model.id,
    grade: work.value,
    replies: work.replies,
    errors: work.errors,
    usage: work.usage,
    costUsd: work.costUsd,
  };
  const note =
    record.grade === null
      ? `no readable grade from ${model.id} after ${attempts} attempt${attempts === 1 ? "" : "s"}: ${record.errors.at(-1) ?? ""}`
      : `graded ${record.grade} by ${model.id}`;
  const combined = await ctx.checker.combine(item.task, item.instance, verdict, record.grade, note);
  return { verdict: combined, judge: record, calls: work.calls, spentUsd: work.spentUsd };
}
