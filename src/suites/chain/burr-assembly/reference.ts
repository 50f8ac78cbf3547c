/**
 * The oracle's next action from any state. The stored plan builds parts step by step, each action
 * turning one or two parts into one; parts lie apart, so an action only needs its own parts to be
 * as the plan made them. From the state now: every part of two or more pieces that the plan
 * never makes is taken apart into single pieces (chain/burr's cheapest disassembly of it, where
 * it is), then the plan's actions still to come are played: each action whose part (the one it
 * makes) is not there now and not already built into a part that is.
 */
import { specOf } from "../burr/data.ts";
import { Disassembler, type PlanMove, type Separation } from "../burr/disassemble.ts";
import { type AssemblyAction, moveAction } from "./data.ts";
import type { AssemblyState } from "./state.ts";

interface PlanStep {
  action: AssemblyAction;
  /** Keys of the parts the action uses up, and of the part it makes. */
  inputs: string[];
  output: string;
}

export class ReferencePlanner {
  private readonly steps: PlanStep[] = [];
  /** Every part the plan makes or starts from. */
  private readonly known = new Set<string>();
  private readonly solver: Disassembler;

  /** `plan` is played from `start`, where it must be legal and never split a part. */
  constructor(start: AssemblyState, plan: readonly AssemblyAction[]) {
    this.solver = new Disassembler(start.shapes);
    const sim = start.clone();
    for (const p of sim.parts) this.known.add(sim.partKey(p));
    for (const action of plan) {
      const before = new Set(sim.parts.map((p) => sim.partKey(p)));
      if (sim.play(action).error) break;
      const after = sim.parts.map((p) => sim.partKey(p));
      const made = after.filter((k) => !before.has(k));
      if (made.length !== 1) break;
      const output = made[0] as string;
      const kept = new Set(after);
      this.steps.push({ action, inputs: [...before].filter((k) => !kept.has(k)), output });
      this.known.add(output);
    }
  }

  /** A plan from `state` to the assembled puzzle. */
  planFrom(state: AssemblyState): AssemblyAction[] {
    const out: AssemblyAction[] = [];
    const reached = new Set<string>();
    for (const part of state.parts) {
      const key = state.partKey(part);
      if (this.known.has(key)) {
        reached.add(key);
        continue;
      }
      const solved = this.solver.solve(
        part,
        part.map((i) => state.pos[i] as [number, number, number]),
      );
      for (const m of takeApart(solved?.tree ?? null)) out.push(moveAction(specOf(m, state.names)));
      for (const i of part) reached.add(state.partKey([i]));
    }
    const done = this.steps.map(() => false);
    for (let k = this.steps.length - 1; k >= 0; k--) {
      const s = this.steps[k] as PlanStep;
      if (!reached.has(s.output)) continue;
      done[k] = true;
      for (const key of s.inputs) reached.add(key);
    }
    this.steps.forEach((s, k) => {
      if (!done[k]) out.push(s.action);
    });
    return out;
  }
}

/** A separation tree's moves in play order, each part taken apart where it is (parts lie apart). */
function takeApart(tree: Separation | null): PlanMove[] {
  return tree ? [...tree.moves, ...takeApart(tree.left), ...takeApart(tree.removed)] : [];
}
