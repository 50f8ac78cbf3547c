/**
 * Assembles and disassembles one BurrTools problem: the counts BurrTools stores (assemblies,
 * solutions) and the level of each solution. The bench times this per fixture puzzle.
 */
import type { Cell } from "../../../geometry/voxels.ts";
import { type AssemblyProblem, assemble, type MirrorRule } from "./assemble.ts";
import { type Disassembly, disassemble } from "./disassemble.ts";
import { GapCache } from "./kernel-gaps.ts";
import type { XmProblem, XmPuzzle } from "./xmpuzzle.ts";

export interface BurrAnalysis {
  problem: string;
  assemblies: number;
  solutions: number;
  /** Level string of each solution, in the order the assembler found them. */
  levels: string[];
  /** The first solution's level ("" when there is none). */
  level: string;
  /** Total moves of the first solution's plan. */
  moves: number;
  /** Wall time of assembly plus disassembly. */
  ms: number;
  /** Both searches ran to their end. */
  complete: boolean;
  /** BurrTools' stored counts, for comparison. */
  stored: { assemblies: number | null; solutions: number | null };
}

export interface AnalyseOptions {
  problem?: number;
  /** How mirror images are counted (default true, BurrTools' default: see MirrorRule). */
  mirrors?: MirrorRule;
  /** Which separation the disassembler keeps (default "burrtools": the first in BurrTools' order). */
  choice?: "cheapest" | "burrtools";
  assemblyNodeLimit?: number;
  disassemblyNodeLimit?: number;
}

/** The assembly problem of a BurrTools problem. */
export function assemblyProblem(puzzle: XmPuzzle, problem: XmProblem): AssemblyProblem {
  const result = puzzle.shapes[problem.result];
  if (!result) throw new RangeError(`no result shape ${problem.result}`);
  const pairs = new Set(problem.colourPairs.map(([a, b]) => `${a},${b}`));
  return {
    shapes: problem.parts.map((part) => {
      const s = puzzle.shapes[part.shape];
      if (!s) throw new RangeError(`no shape ${part.shape}`);
      const cells = [...s.filled, ...s.variable];
      return {
        cells,
        colours: cells.map((c) => s.colours.get(`${c[0]},${c[1]},${c[2]}`) ?? 0),
        min: part.min,
        max: part.max,
      };
    }),
    result: result.filled,
    optional: result.variable,
    resultColours: result.colours,
    allowed: (pc, rc) => puzzle.colourCount === 0 || pairs.has(`${pc},${rc}`),
  };
}

export function analyseBurr(puzzle: XmPuzzle, opts: AnalyseOptions = {}): BurrAnalysis {
  const index = opts.problem ?? 0;
  const problem = puzzle.problems[index];
  if (!problem) throw new RangeError(`the puzzle has no problem ${index}`);
  const t0 = performance.now();
  const asm = assemble(assemblyProblem(puzzle, problem), {
    mirrors: opts.mirrors ?? true,
    nodeLimit: opts.assemblyNodeLimit,
  });
  const levels: string[] = [];
  const cache = new GapCache();
  let first: Disassembly | null = null;
  let complete = asm.complete;
  for (const found of asm.assemblies) {
    // BurrTools has nothing to take apart in a one-piece assembly, so it is no solution.
    if (found.length < 2) continue;
    // BurrTools numbers pieces shape by shape; its search order, hence its choices, follow that.
    const placements = [...found].sort((a, b) => a.shape - b.shape);
    const parts = placements.map((p) => problem.parts[p.shape] as XmProblem["parts"][number]);
    const d = disassemble(
      placements.map((p) => p.cells as Cell[]),
      {
        groups: parts.map((p) => p.group),
        weights: parts.map((p) => puzzle.shapes[p.shape]?.weight ?? 1),
        nodeLimit: opts.disassemblyNodeLimit,
        choice: opts.choice ?? "burrtools",
      },
      cache,
    );
    complete &&= d.complete;
    if (!d.solved) continue;
    levels.push(d.level);
    first ??= d;
  }
  return {
    problem: problem.name,
    assemblies: asm.count,
    solutions: levels.length,
    levels,
    level: first?.level ?? "",
    moves: first?.moves ?? 0,
    ms: performance.now() - t0,
    complete,
    stored: { assemblies: problem.assemblies, solutions: problem.solutions },
  };
}
