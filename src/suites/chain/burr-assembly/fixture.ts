/**
 * Hand-made puzzles for tests. A frame holds blue in a dead end: every way out is shut until blue
 * slides one unit along +x, into the frame's only opening; green, in the three-piece puzzle, sits
 * in that opening. Frame cells connect through the x = 0 wall and the y = 0 side.
 */
import type { Cell } from "../../../geometry/voxels.ts";
import { specOf } from "../burr/data.ts";
import { disassemble } from "../burr/disassemble.ts";
import type { BurrAssemblyData } from "./data.ts";
import { assemblyPlan } from "./plan.ts";
import { AssemblyState } from "./state.ts";

const FRAME: Cell[] = [
  [0, 1, 1],
  [0, 0, 1],
  [0, 2, 1],
  [0, 1, 0],
  [0, 1, 2],
  [1, 0, 1],
  [1, 2, 1],
  [1, 1, 0],
  [1, 1, 2],
  [2, 0, 1],
  [3, 0, 1],
  [3, 1, 1],
];

/** Blue must slide +x before it can come out: 2 moves to take apart, 2 actions to assemble. */
export const HOOK = { red: FRAME, blue: [[1, 1, 1]] as Cell[] };
/** Green must leave before blue can slide: 3 moves to take apart. */
export const HOOK_AND_PLUG = { ...HOOK, green: [[2, 1, 1]] as Cell[] };

export function assemblyDataOf(pieces: Record<string, Cell[]>): BurrAssemblyData {
  const names = Object.keys(pieces);
  const shapes = Object.values(pieces);
  const d = disassemble(shapes);
  const assembly = assemblyPlan(d.tree, new AssemblyState(names, shapes));
  if (!assembly) throw new Error("fixture: the disassembly does not play backwards");
  return {
    source: "generated",
    tier: "easy",
    pieces: names.map((name, i) => ({ name, hex: "#888888", cells: shapes[i] as Cell[] })),
    numbers: null,
    plan: d.plan.map((m) => specOf(m, names)),
    level: d.level,
    optimal: d.moves,
    stats: { attempts: 1, nodes: d.nodes },
    assembly,
  };
}
