/**
 * Procedural interlocking puzzles, kept when the disassembler takes them apart completely, the
 * first separation needs the asked number of moves and the plan replays in the environment's
 * state (every move within the distance bound and clear of every piece in play):
 * - "generated": a box cut into connected pieces grown from random seeds;
 * - "luban": a six-piece burr (Luban lock) of random notchable sticks;
 * - "holey": a Luban lock hill-climbed to a high level with holes where sticks cross, its pieces
 *   cut until there are as many as asked (climb.ts);
 * - "classic": one of the fixed classic solid six-piece burrs (classic.ts), taken as it is.
 */
import type { Rng } from "../../../core/rng.ts";
import { boxCells, type Cell, cellKey, NEIGHBOURS } from "../../../geometry/voxels.ts";
import { CLASSIC_BURRS, classicBurr } from "./classic.ts";
import { climbBurr } from "./climb.ts";
import { specOf } from "./data.ts";
import { type Disassembly, disassemble } from "./disassemble.ts";
import { isUsableNumber, pieceFromNumber, placeInSlot, REMOVABLE } from "./notchable.ts";
import { BurrState } from "./state.ts";

export interface GenerateOptions {
  source: "generated" | "luban" | "holey" | "classic";
  /** Which classic burr (index into CLASSIC_BURRS); drawn at random when absent. */
  classic?: number;
  box: Cell;
  minPieces: number;
  maxPieces: number;
  /** Bounds on the moves before the first separation (the first number of the level). */
  minLevel: number;
  maxLevel: number;
  /** Chance that a Luban stick keeps each removable cube that is still free. */
  fill: number;
  maxAttempts: number;
  nodeLimit: number;
  /** Single-cell changes a "holey" climb tries from each start (default 3000). */
  climbSteps?: number;
}

export interface GeneratedBurr {
  pieces: Cell[][];
  /** The sticks' notchable numbers, for a Luban lock. */
  numbers: number[] | null;
  /** The shortest plan (the environment's optimal steps). */
  solution: Disassembly;
  /** BurrTools' analysis: its level string and first level (fewest moves to the first separation). */
  burrtools: Disassembly;
  attempts: number;
}

/** Draws candidates until one meets the bounds; throws a RangeError naming the bounds otherwise. */
export function generateBurr(opts: GenerateOptions, rng: Rng): GeneratedBurr {
  if (opts.source === "classic") {
    const { pieces, numbers } = classicBurr(opts.classic ?? rng.int(0, CLASSIC_BURRS.length - 1));
    const burrtools = disassemble(pieces, { nodeLimit: opts.nodeLimit, choice: "burrtools" });
    const solution = disassemble(pieces, { nodeLimit: opts.nodeLimit });
    if (!solution.tree || !burrtools.tree)
      throw new RangeError("the classic burr did not come apart within the node limit");
    if (!replays(pieces, solution)) throw new RangeError("the classic burr's plan does not replay");
    return { pieces, numbers, solution, burrtools, attempts: 1 };
  }
  for (let attempt = 1; attempt <= opts.maxAttempts; attempt++) {
    const draw = rng.split(`attempt/${attempt}`);
    const pieces = candidate(opts, draw);
    if (!pieces) continue;
    // BurrTools' analysis is cheap and sets the level; the shortest plan only for a keeper.
    const burrtools = disassemble(pieces.cells, { nodeLimit: opts.nodeLimit, choice: "burrtools" });
    if (!burrtools.tree) continue;
    const first = burrtools.tree.moves.length;
    if (first < opts.minLevel || first > opts.maxLevel) continue;
    const solution = disassemble(pieces.cells, { nodeLimit: opts.nodeLimit });
    if (!solution.tree || !replays(pieces.cells, solution)) continue;
    return { pieces: pieces.cells, numbers: pieces.numbers, solution, burrtools, attempts: attempt };
  }
  // A Luban lock always has six pieces, whatever the piece bounds say.
  const pieces = opts.source === "luban" ? "6" : `${opts.minPieces}–${opts.maxPieces}`;
  throw new RangeError(
    `no ${opts.source} burr with ${pieces} pieces and first level ${opts.minLevel}–${opts.maxLevel} in ${opts.maxAttempts} attempts`,
  );
}

const START_DRAWS = 200;

/** One candidate of the source, with its sticks' notchable numbers for a Luban lock. */
function candidate(opts: GenerateOptions, rng: Rng): { cells: Cell[][]; numbers: number[] | null } | null {
  if (opts.source === "generated") {
    const cells = boxPieces(opts, rng);
    return cells && { cells, numbers: null };
  }
  if (opts.source === "luban") {
    const luban = lubanPieces(opts.fill, rng);
    return luban && { cells: luban.pieces, numbers: luban.numbers };
  }
  // Most random Luban locks are locked solid; the climb starts from one that comes apart.
  let start: Cell[][] | null = null;
  for (let draw = 0; draw < START_DRAWS && !start; draw++) {
    const luban = lubanPieces(opts.fill, rng);
    if (luban && disassemble(luban.pieces, { nodeLimit: opts.nodeLimit, choice: "burrtools" }).solved)
      start = luban.pieces;
  }
  if (!start) return null;
  const climbed = climbBurr(
    start,
    {
      pieces: rng.int(Math.max(6, opts.minPieces), Math.max(6, opts.maxPieces)),
      minLevel: opts.minLevel,
      steps: opts.climbSteps ?? 3000,
      nodeLimit: opts.nodeLimit,
    },
    rng,
  );
  return climbed && { cells: climbed, numbers: null };
}

/** Whether the plan takes the pieces apart move by move in the environment's state. */
function replays(pieces: readonly Cell[][], solution: Disassembly): boolean {
  const names = pieces.map((_, i) => String(i));
  const state = new BurrState(names, pieces);
  return solution.plan.every((m) => state.move(specOf(m, names)).error === null) && state.solved;
}

/** A box cut into k connected pieces of at least two cells, grown from random seeds. */
function boxPieces(opts: GenerateOptions, rng: Rng): Cell[][] | null {
  const cells = boxCells(opts.box);
  const k = rng.int(opts.minPieces, opts.maxPieces);
  if (k < 2 || k * 2 > cells.length) return null;
  const owner = new Map<string, number>();
  const pieces: Cell[][] = [];
  for (const seed of rng.shuffle(cells).slice(0, k)) {
    owner.set(cellKey(seed), pieces.length);
    pieces.push([seed]);
  }
  const inBox = new Set(cells.map(cellKey));
  for (let left = cells.length - k; left > 0; ) {
    const growable = pieces
      .map((p, i) => ({ i, options: frontier(p, inBox, owner) }))
      .filter((g) => g.options.length > 0);
    if (growable.length === 0) return null;
    const g = rng.pick(growable);
    const c = rng.pick(g.options);
    owner.set(cellKey(c), g.i);
    (pieces[g.i] as Cell[]).push(c);
    left--;
  }
  return pieces.every((p) => p.length >= 2) ? pieces : null;
}

function frontier(piece: readonly Cell[], inBox: Set<string>, owner: Map<string, number>): Cell[] {
  const out = new Map<string, Cell>();
  for (const c of piece) {
    for (const d of NEIGHBOURS) {
      const n: Cell = [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
      const key = cellKey(n);
      if (inBox.has(key) && !owner.has(key)) out.set(key, n);
    }
  }
  return [...out.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
}

/**
 * A six-piece burr of random notchable sticks: each slot in turn keeps each of its removable
 * cubes that is still free with probability `fill`, either way round, retried until connected.
 */
function lubanPieces(fill: number, rng: Rng): { pieces: Cell[][]; numbers: number[] } | null {
  const taken = new Set<string>();
  const pieces: Cell[][] = [];
  const numbers: number[] = [];
  for (let slot = 0; slot < 6; slot++) {
    const flipped = rng.bool();
    const free = placeInSlot(1, slot, flipped).map((c) => !taken.has(cellKey(c)));
    const solid = pieceFromNumber(1);
    let n = 0;
    for (let tries = 0; tries < 20 && n === 0; tries++) {
      let removed = 0;
      REMOVABLE.forEach((cube, k) => {
        const i = solid.findIndex((c) => c[0] === cube[0] && c[1] === cube[1] && c[2] === cube[2]);
        if (!free[i] || !rng.bool(fill)) removed |= 1 << k;
      });
      if (isUsableNumber(removed + 1)) n = removed + 1;
    }
    if (n === 0) return null;
    const cells = placeInSlot(n, slot, flipped);
    for (const c of cells) taken.add(cellKey(c));
    pieces.push(cells);
    numbers.push(n);
  }
  return { pieces, numbers };
}
