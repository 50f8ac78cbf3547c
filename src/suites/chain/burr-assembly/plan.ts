/**
 * The oracle's assembly: the cheapest disassembly (chain/burr's separation tree) played backwards.
 * Taking a burr apart and putting it together are the same moves with time reversed (a separation
 * reversed is an insertion, a slide reversed is a slide), so the plan is as short as the
 * disassembly: for each separation, assemble both parts as they were just before it, insert the
 * part that moved out, then undo the moves that led up to it, last first.
 */
import type { Cell } from "../../../geometry/voxels.ts";
import type { PlanMove, Separation } from "../burr/disassemble.ts";
import { add, axisOf, DIRECTIONS, signOf, step, sub } from "../burr/motion.ts";
import { type AssemblyAction, AXES, type InsertAction, moveAction } from "./data.ts";
import type { AssemblyState } from "./state.ts";

/**
 * The plan, played on `state` (the pieces apart) as it is made, or null when an action of it is
 * refused or splits a part. Where the insertion straight back along the separating move's way is
 * refused because the part would still be outside (a lid: its box already clear of the rest's
 * along that axis before it left), it comes in sideways: along another axis its way is clear of
 * the other part's box, and the count stays the same.
 */
export function assemblyPlan(tree: Separation | null, state: AssemblyState): AssemblyAction[] | null {
  const out: AssemblyAction[] = [];
  const ok =
    tree === null ||
    build(
      tree,
      state.pos.map((): Cell => [0, 0, 0]),
      state,
      out,
    );
  return ok && state.solved ? out : null;
}

/** Plays the actions that build `t.pieces` at the offsets `start`, from its pieces lying apart. */
function build(t: Separation, start: readonly Cell[], state: AssemblyState, out: AssemblyAction[]): boolean {
  const pos = start.map((c) => [...c] as Cell);
  const slides = t.moves.slice(0, -1);
  const last = t.moves.at(-1) as PlanMove;
  for (const m of slides) for (const p of m.pieces) pos[p] = add(pos[p] as Cell, step(m.dir, m.distance));
  for (const part of [t.removed, t.left]) if (part && !build(part, pos, state, out)) return false;
  const piece = last.pieces[0] as number;
  const into = t.pieces.find((p) => !last.pieces.includes(p)) as number;
  const ways = [last.dir ^ 1, ...[0, 1, 2, 3, 4, 5].filter((d) => d !== (last.dir ^ 1))];
  const insert = ways
    .map(
      (d): InsertAction => ({
        action: "insert",
        piece: state.names[piece] as string,
        into: state.names[into] as string,
        from: DIRECTIONS[d] as (typeof DIRECTIONS)[number],
        at: sub(pos[piece] as Cell, pos[into] as Cell),
      }),
    )
    .find((a) => !("error" in state.insertion(a)));
  if (!insert) return false;
  const undo = [...slides].reverse().map((m) =>
    moveAction({
      pieces: m.pieces.map((p) => state.names[p] as string),
      axis: AXES[axisOf(m.dir)] as (typeof AXES)[number],
      distance: -signOf(m.dir) * m.distance,
    }),
  );
  for (const a of [insert, ...undo]) {
    const parts = state.parts.length;
    if (state.play(a).error || state.parts.length > parts) return false;
    out.push(a);
  }
  return true;
}
