/** A BurrTools `.xmpuzzle` file as a playable chain/burr instance: its first assembly that comes apart. */
import { existsSync } from "node:fs";
import { stableId } from "../../../core/canonical.ts";
import { InputError } from "../../../core/errors.ts";
import type { Instance } from "../../../core/task.ts";
import type { Cell } from "../../../geometry/voxels.ts";
import { pieceColour } from "../common/palette.ts";
import { assemblyProblem } from "./analyse.ts";
import { assemble } from "./assemble.ts";
import { type BurrData, specOf, tierOf } from "./data.ts";
import { disassemble } from "./disassemble.ts";
import { loadXmpuzzle } from "./xmpuzzle.ts";

const NODE_LIMIT = 2_000_000;

export function burrInstanceFromXmpuzzle(path: string): Instance<BurrData> {
  if (!existsSync(path)) throw new InputError("no such file", { source: path });
  const puzzle = loadXmpuzzle(path);
  const problem = puzzle.problems[0];
  if (!problem) throw new InputError("the puzzle has no problem", { source: path, field: "problems" });
  const asm = assemble(assemblyProblem(puzzle, problem), { mirrors: true, nodeLimit: NODE_LIMIT });
  for (const found of asm.assemblies) {
    if (found.length < 2) continue;
    const pieces = [...found].sort((a, b) => a.shape - b.shape).map((p) => p.cells as Cell[]);
    const burrtools = disassemble(pieces, { nodeLimit: NODE_LIMIT, choice: "burrtools" });
    // BurrTools' own plan: the shortest-plan search is far too slow for a 98-move burr.
    const solution = burrtools;
    if (!solution.tree) continue;
    const names = pieces.map((_, i) => pieceColour(i).name);
    const data: BurrData = {
      source: "xmpuzzle",
      tier: tierOf(pieces.length, solution.tree.moves.length),
      pieces: pieces.map((cells, i) => ({ name: names[i] as string, hex: pieceColour(i).hex, cells })),
      numbers: null,
      plan: solution.plan.map((m) => specOf(m, names)),
      level: burrtools.level,
      optimal: solution.moves,
      stats: { attempts: 1, nodes: solution.nodes },
    };
    const params = { xmpuzzle: problem.name };
    return { id: stableId("chain/burr", params, data.pieces), task: "chain/burr", params, seed: null, data };
  }
  throw new InputError(`no assembly of problem "${problem.name}" comes apart within the search limits`, {
    source: path,
    field: "problems",
  });
}
