import type { Check, Verdict } from "../../../core/verdict.ts";
import { verdictFromChecks } from "../../../core/verdict.ts";
import { StackingEnv } from "./env.ts";
import type { StackingAction, StackingData, StackingPlan } from "./schema.ts";
import { callText } from "./text.ts";

export interface Replay {
  env: StackingEnv;
  /** The first refused action: its position in the plan and the environment's error. */
  refused: { index: number; action: StackingAction; error: string } | null;
  /** Actions left over after the episode ended (the box was full, or finish()). */
  ignored: number;
}

/** Plays a whole plan in a fresh environment without a step cap, stopping at the first refusal. */
export function replayPlan(data: StackingData, plan: StackingPlan): Replay {
  const env = new StackingEnv(data, { maxSteps: Math.max(1, plan.length) });
  for (const [index, action] of plan.entries()) {
    if (env.done) return { env, refused: null, ignored: plan.length - index };
    const r = env.step(action);
    if (r.error !== undefined) return { env, refused: { index, action, error: r.error }, ignored: 0 };
  }
  return { env, refused: null, ignored: 0 };
}

/** The one-shot verdict: every action accepted (else the answer is invalid) and the box exactly filled. */
export function verifyPlan(data: StackingData, plan: StackingPlan): Verdict {
  const { env, refused, ignored } = replayPlan(data, plan);
  const checks: Check[] = [
    {
      name: "plan.actions_valid",
      ok: refused === null,
      detail: refused
        ? `action ${refused.index + 1} ${callText(refused.action)} was refused: ${refused.error}`
        : `${plan.length - ignored} actions accepted${ignored > 0 ? `, ${ignored} after the end ignored` : ""}`,
    },
    {
      name: "plan.solved",
      ok: env.success,
      detail: `${env.board.filled}/${env.board.volume} cells filled, ${env.board.unplaced().length} pieces not placed`,
    },
  ];
  return verdictFromChecks(checks, new Set(["plan.actions_valid"]));
}

/** The oracle's plan: the environment's reference actions from a fresh start (one place per piece). */
export function oraclePlan(data: StackingData): StackingPlan {
  const env = new StackingEnv(data, { maxSteps: 4 * data.pieces.length });
  const plan: StackingPlan = [];
  while (!env.done) {
    const action = env.referenceAction();
    if (action === undefined) break;
    plan.push(action);
    env.step(action);
  }
  return plan;
}
