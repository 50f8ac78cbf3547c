import { boxCells, type Cell, canonicalKey, cellKey, NEIGHBOURS } from "../../../geometry/voxels.ts";
import { assemblyOrder } from "./assembly.ts";
import { fillableCuboidSets } from "./cuboids.ts";
import { minPieceStages } from "./generate.ts";
import { hasFull2x3Face, inBox, noIsolatedPiece } from "./rules.ts";
import type { InsertionRule, Mode } from "./schema.ts";
import { puzzleSignature } from "./signature.ts";

export interface DistinctCount {
  /** Distinct puzzles (piece multisets up to rotation) at the first stage that admits any. */
  count: number;
  /** That stage's minimum piece size; null when no stage admits a puzzle. */
  minPiece: number | null;
  /** True when the enumeration ran to its end. */
  complete: boolean;
}

/**
 * How many distinct puzzles a small box admits in a mode, by exhaustive enumeration: every
 * partition of the box into valid pieces (mid, hard) or every fillable multiset of easy cuboids,
 * kept when it meets the mode's rules, has no isolated piece and an assembly order under the
 * insertion rule ("down" unless asked).
 * Hard mode's solver-effort floor is left out (it depends on the random presentation), so for
 * hard this is an upper bound. Stops, incomplete, after `limit` partitions.
 */
export function countDistinctPuzzles(
  box: Cell,
  mode: Mode,
  opts: { minPiece?: number; maxPiece?: number; insertion?: InsertionRule; limit?: number } = {},
): DistinctCount {
  const maxPiece = opts.maxPiece ?? 6;
  const rule = opts.insertion ?? "down";
  for (const min of minPieceStages(opts.minPiece ?? 4)) {
    const r =
      mode === "easy"
        ? { signatures: easyMultisets(box, min, maxPiece, rule), complete: true }
        : partitionSignatures(box, mode, min, maxPiece, rule, opts.limit ?? 2_000_000);
    if (r.signatures.size > 0 || !r.complete)
      return { count: r.signatures.size, minPiece: min, complete: r.complete };
  }
  return { count: 0, minPiece: null, complete: true };
}

/** Fillable easy multisets whose found packing has no isolated piece and an assembly order. */
function easyMultisets(box: Cell, min: number, max: number, rule: InsertionRule): Set<string> {
  const out = new Set<string>();
  for (const { dims, packing } of fillableCuboidSets(box, min, max)) {
    if (!noIsolatedPiece(packing) || assemblyOrder(packing, box, rule) === null) continue;
    out.add(puzzleSignature(dims.map(boxCells)));
  }
  return out;
}

function partitionSignatures(
  box: Cell,
  mode: Mode,
  min: number,
  max: number,
  rule: InsertionRule,
  limit: number,
): { signatures: Set<string>; complete: boolean } {
  const cells = boxCells(box);
  const order = new Map(cells.map((c, i) => [cellKey(c), i]));
  const free = new Set(order.keys());
  const pieces: Cell[][] = [];
  const out = new Set<string>();
  let seen = 0;
  const walk = (): boolean => {
    const first = cells.find((c) => free.has(cellKey(c)));
    if (first === undefined) {
      if (++seen > limit) return false;
      const keys = pieces.map((p) => canonicalKey(p));
      const valid =
        (mode !== "hard" || new Set(keys).size === keys.length) &&
        noIsolatedPiece(pieces) &&
        assemblyOrder(pieces, box, rule) !== null;
      if (valid) out.add(puzzleSignature(pieces));
      return true;
    }
    for (const piece of piecesAt(first, free, box, min, max, mode === "mid")) {
      for (const c of piece) free.delete(cellKey(c));
      pieces.push(piece);
      const go = walk();
      pieces.pop();
      for (const c of piece) free.add(cellKey(c));
      if (!go) return false;
    }
    return true;
  };
  const complete = walk();
  return { signatures: out, complete };
}

/** Every valid piece made of free cells that contains `first` (connected, sized, no 2×3 face, planar in mid). */
function piecesAt(
  first: Cell,
  free: ReadonlySet<string>,
  box: Cell,
  min: number,
  max: number,
  planar: boolean,
): Cell[][] {
  const out: Cell[][] = [];
  const seen = new Set<string>();
  const extend = (piece: Cell[]) => {
    const id = piece.map(cellKey).sort().join(";");
    if (seen.has(id)) return;
    seen.add(id);
    if (hasFull2x3Face(piece)) return;
    if (planar && ![0, 1, 2].some((a) => piece.every((c) => c[a] === first[a]))) return;
    if (piece.length >= min) out.push(piece);
    if (piece.length === max) return;
    const inPiece = new Set(piece.map(cellKey));
    for (const c of piece) {
      for (const d of NEIGHBOURS) {
        const n: Cell = [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
        if (inBox(n, box) && free.has(cellKey(n)) && !inPiece.has(cellKey(n))) extend([...piece, n]);
      }
    }
  };
  extend([first]);
  return out;
}
