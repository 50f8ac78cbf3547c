/**
 * chain/burr tiers: generation time per accepted puzzle, and how a random legal-move agent (the
 * policy of `--model random` in episodes) and the oracle fare on them. Goal for hard: random ≤ 5%,
 * the oracle solving every puzzle in its optimal number of steps.
 */
import { generateInstances, resolveParams } from "../src/core/instances.ts";
import { Rng } from "../src/core/rng.ts";
import type { AnyTask, Instance } from "../src/core/task.ts";
import { burrTask } from "../src/suites/chain/burr/index.ts";

type Row = [string, string, string];

const COUNT = 20;

function play(
  task: AnyTask,
  inst: Instance,
  policy: "random" | "oracle",
): { success: boolean; steps: number } {
  const env = task.env?.(inst);
  if (!env) throw new Error("chain/burr has no environment");
  while (!env.done) {
    const action =
      policy === "oracle"
        ? env.referenceAction?.()
        : new Rng(`random/${inst.id}/0/step/${env.steps}`).pick(env.legalActions());
    if (action === undefined) break;
    env.step(action);
  }
  return { success: env.success, steps: env.steps };
}

export function benchBurrTiers(): Row[] {
  const task = burrTask as unknown as AnyTask;
  const rows: Row[] = [];
  for (const level of ["easy", "mid", "hard"]) {
    const t0 = performance.now();
    const instances = generateInstances(task, resolveParams(task, level), COUNT, "bench-tiers");
    const ms = (performance.now() - t0) / instances.length;
    const random = instances.filter((inst) => play(task, inst, "random").success).length;
    const optimal = instances.filter((inst) => {
      const env = task.env?.(inst);
      const run = play(task, inst, "oracle");
      return run.success && run.steps === env?.optimalSteps;
    }).length;
    const pieces = instances.map((i) => (i.data as { pieces: unknown[] }).pieces.length);
    const levels = instances.map((i) => Number.parseInt((i.data as { level: string }).level, 10));
    rows.push([
      `burr: ${level} tier, ${COUNT} puzzles (generation ms/puzzle)`,
      `${ms.toFixed(0)} ms`,
      `pieces ${Math.min(...pieces)}–${Math.max(...pieces)}, first level ${Math.min(...levels)}–${Math.max(...levels)}; random legal-move agent ${random}/${COUNT} (${((100 * random) / COUNT).toFixed(0)}%), oracle ${optimal}/${COUNT} in the optimal steps${level === "hard" ? `; goal random ≤ 5%: ${random <= COUNT * 0.05 ? "met" : "NOT met"}` : ""}`,
    ]);
  }
  return rows;
}
