import { InputError } from "../../../core/errors.ts";
import type { Rng } from "../../../core/rng.ts";
import { packPieces } from "../../../geometry/packing.ts";
import {
  boxCells,
  type Cell,
  canonical,
  canonicalKey,
  isConnected,
  normalize,
  ROTATIONS,
  transform,
} from "../../../geometry/voxels.ts";
import { pieceColour } from "../common/palette.ts";
import { assemblyOrder } from "./assembly.ts";
import { fillableCuboidSets } from "./cuboids.ts";
import { growPartition, makeShapesDistinct } from "./partition.ts";
import { hasFull2x3Face, noIsolatedPiece } from "./rules.ts";
import type { StackingData, StackingParams } from "./schema.ts";
import { puzzleSignature } from "./signature.ts";

/**
 * Hard mode's default solver-effort floor by box volume: DLX nodes to the first packing of the
 * presented pieces. Measured medians without a floor (mid / hard, 40 puzzles each): 2×3×3 4 / 7,
 * 3×3×3 39 / 35, 3×3×4 110 / 134, 3×4×4 95 / 291, 4×4×4 684 / 554. Each floor keeps roughly the
 * harder half (a quarter for 4×4×4) of the hard candidates, above the mid median. Boxes of 12
 * cells or fewer have no floor: they admit at most 13 puzzles, each solved in a few nodes.
 */
export function defaultHardMinNodes(box: Cell): number {
  const volume = box[0] * box[1] * box[2];
  if (volume <= 12) return 0;
  if (volume <= 18) return 10;
  if (volume <= 27) return 30;
  if (volume <= 36) return 150;
  if (volume <= 48) return 300;
  return 1500;
}

/** Transfers tried by hard mode's shape repair per candidate. */
const DISTINCT_REPAIR_TRIES = 80;

interface Candidate {
  pieces: Cell[][];
  /** A packing known in advance: the partition the pieces were cut from, or the cuboids' packing. */
  planted: Cell[][];
}

function sampleCandidate(params: StackingParams, min: number, rng: Rng): Candidate | null {
  const box = params.size;
  const growth = { min, max: params.maxPiece, maxPieces: params.maxPieces, planar: params.mode === "mid" };
  if (params.mode === "easy") {
    const sets = fillableCuboidSets(box, min, params.maxPiece).filter(
      (s) => params.maxPieces === undefined || s.dims.length <= params.maxPieces,
    );
    if (sets.length === 0) return null;
    const set = rng.pick(sets);
    return { pieces: set.dims.map(boxCells), planted: set.packing };
  }
  const partition = growPartition(box, rng, growth);
  if (partition === null) return null;
  if (params.mode === "mid") return { pieces: partition, planted: partition };
  const distinct = makeShapesDistinct(partition, rng, growth, DISTINCT_REPAIR_TRIES);
  return distinct === null ? null : { pieces: distinct, planted: distinct };
}

/** Why a piece breaks A.5.1's structural rules, or null. */
export function structuralProblem(cells: readonly Cell[], min: number, max: number): string | null {
  if (cells.length < min || cells.length > max) return `has ${cells.length} cells, outside [${min}, ${max}]`;
  if (!isConnected(cells)) return "is not 6-connected";
  if (hasFull2x3Face(cells)) return "holds a full 2×3 face";
  return null;
}

interface Accepted {
  pieces: Cell[][];
  solution: Cell[][];
  assembly: StackingData["assembly"];
  nodes: number;
  rows: number;
}

/**
 * The verification chain of A.5.4 on one candidate: structure, DLX packing of the presented
 * (shuffled, randomly rotated) pieces, the hard effort floor, then no isolated piece and an
 * assembly order under the insertion rule, every piece supported on arrival, on the DLX packing
 * or, failing that, the planted one. A.5 makes its linear assembly optional; here an order is
 * always required, since without one the puzzle could not be solved under the rule.
 */
function verifyCandidate(c: Candidate, params: StackingParams, min: number, rng: Rng): Accepted | null {
  if (c.pieces.some((p) => structuralProblem(p, min, params.maxPiece) !== null)) return null;
  if (params.mode === "hard" && new Set(c.pieces.map((p) => canonicalKey(p))).size < c.pieces.length)
    return null;
  const order = rng.shuffle(c.pieces.map((_, i) => i));
  const pieces = order.map((i) => normalize(transform(c.pieces[i] as Cell[], rng.pick(ROTATIONS))));
  const box = params.size;
  // DLX runs on each piece's canonical orientation: the placements are the same whatever the
  // presented rotation, but their row order is not, and over identical cuboids a random order
  // can cost 10⁵ nodes where the canonical one needs 16.
  const pack = packPieces(
    pieces.map((p) => canonical(p)),
    boxCells(box),
    {
      symmetry: "rotations",
      limit: 1,
      nodeLimit: params.solverNodeLimit,
    },
  );
  if (pack.first === null) return null;
  if (params.mode === "hard" && pack.nodes < (params.hardMinNodes ?? defaultHardMinNodes(box))) return null;
  const packings = [pack.first, order.map((i) => c.planted[i] as Cell[])];
  for (const solution of packings) {
    if (!noIsolatedPiece(solution)) continue;
    const steps = assemblyOrder(solution, box, params.insertion);
    if (steps === null) continue;
    const assembly = steps.map((s) => ({ piece: pieceColour(s.piece).name, direction: s.direction }));
    return { pieces, solution, assembly, nodes: pack.nodes, rows: pack.rows };
  }
  return null;
}

/** The min-piece stages: the asked minimum, then 3 (A.5's staged fallback). */
export function minPieceStages(minPiece: number): number[] {
  return minPiece > 3 ? [minPiece, 3] : [minPiece];
}

/**
 * One puzzle by A.5's staged sample-and-verify loop: up to `attempts` candidates at the asked
 * minimum piece size, then as many at 3. Throws InputError when no candidate passes.
 */
export function generateStacking(params: StackingParams, rng: Rng): StackingData {
  let attempts = 0;
  const stages = minPieceStages(params.minPiece);
  for (const min of stages) {
    for (let a = 0; a < params.attempts; a++) {
      attempts++;
      const r = rng.split(`min${min}/${a}`);
      const candidate = sampleCandidate(params, min, r);
      const accepted = candidate && verifyCandidate(candidate, params, min, r);
      if (!accepted) continue;
      return {
        box: params.size,
        mode: params.mode,
        pieces: accepted.pieces.map((cells, i) => ({ name: pieceColour(i).name, cells })),
        solution: accepted.solution,
        insertion: params.insertion,
        assembly: accepted.assembly,
        minPiece: min,
        stats: { nodes: accepted.nodes, rows: accepted.rows, attempts },
        signature: puzzleSignature(accepted.pieces),
      };
    }
  }
  const [a, b, c] = params.size;
  throw new InputError(
    `no ${params.mode} stacking puzzle for a ${a}×${b}×${c} box with pieces of ${stages.join(", then ")}–${params.maxPiece} cells after ${params.attempts} candidates per stage; raise attempts or relax the parameters`,
    { field: "params" },
  );
}
