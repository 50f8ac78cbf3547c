/**
 * A burr to assemble: chain/burr's generator draws the puzzle, and its cheapest disassembly
 * reversed is the assembly plan. A puzzle whose plan cannot be played backwards is drawn again
 * (plan.ts: a slide reversed that would split a part, or an insertion with no way in).
 */
import { generatedInstance } from "../../../core/instances.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import { shapesOf } from "../burr/data.ts";
import { disassemble } from "../burr/disassemble.ts";
import { type BurrParams, burrTask } from "../burr/index.ts";
import type { BurrAssemblyData } from "./data.ts";
import { burrAssemblyInfo } from "./info.ts";
import { assemblyPlan } from "./plan.ts";
import { AssemblyState } from "./state.ts";

/** Puzzles drawn at most, the first from the instance's own stream. */
const DRAWS = 20;

export function generateAssembly(params: BurrParams, rng: Rng): Instance<BurrAssemblyData> {
  for (let draw = 0; draw < DRAWS; draw++) {
    const burr = burrTask.generate(params, draw === 0 ? rng : rng.split(`redraw/${draw}`)).data;
    const cheapest = disassemble(shapesOf(burr), { nodeLimit: params.nodeLimit });
    if (cheapest.moves !== burr.optimal) {
      throw new Error(
        `burr-assembly: the disassembly took ${cheapest.moves} moves, the burr ${burr.optimal}`,
      );
    }
    const state = new AssemblyState(
      burr.pieces.map((p) => p.name),
      shapesOf(burr),
    );
    const assembly = assemblyPlan(cheapest.tree, state);
    if (assembly) return generatedInstance(burrAssemblyInfo.id, params, rng, { ...burr, assembly });
  }
  throw new Error(
    `burr-assembly: no puzzle of ${DRAWS} drawn could be assembled by its disassembly reversed`,
  );
}
