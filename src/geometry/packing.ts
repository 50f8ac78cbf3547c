import { solveExactCover } from "./dlx.ts";
import {
  type Cell,
  canonicalKey,
  cellKey,
  isAchiral,
  type Mat3,
  placements,
  ROTATIONS,
  SYMMETRIES,
  symmetriesOf,
} from "./voxels.ts";

export interface PackingOptions {
  /**
   * Count solutions up to the target's symmetries: "rotations" (its proper symmetries),
   * "all" (with mirror images, which swap chiral pieces for their mirror twins), or "none".
   */
  symmetry?: "none" | "rotations" | "all";
  /** Cells that may stay empty (BurrTools' variable voxels). */
  optional?: readonly Cell[];
  /** Stop after this many (distinct) solutions. */
  limit?: number;
  /** Stop after this many search nodes. */
  nodeLimit?: number;
  /** Each distinct solution: the cells of piece i at index i. Return false to stop. */
  onSolution?: (cells: Cell[][]) => boolean | undefined;
}

export interface PackingResult {
  /** Distinct solutions found (all when `complete`). */
  count: number;
  nodes: number;
  complete: boolean;
  /** The cells of each piece in the first solution found. */
  first: Cell[][] | null;
  /** The piece whose placements were cut to one per symmetry orbit, if any. */
  anchor: number | null;
  /** Placements tried per piece (rows of the exact-cover matrix). */
  rows: number;
}

/**
 * Packs the pieces (any rotation, any translation) so that they cover every target cell exactly
 * once (optional cells at most once), by exact cover. With a symmetry group, one piece of a
 * unique, group-invariant shape (the anchor) is limited to one placement per orbit, and
 * solutions whose anchor placement has a non-trivial stabiliser are told apart by their
 * canonical form, so each orbit of solutions is counted once.
 */
export function packPieces(
  pieces: readonly (readonly Cell[])[],
  target: readonly Cell[],
  opts: PackingOptions = {},
): PackingResult {
  const optional = opts.optional ?? [];
  const index = new Map<string, number>();
  for (const c of [...target, ...optional]) {
    if (index.has(cellKey(c))) throw new RangeError(`packing: cell ${cellKey(c)} listed twice`);
    index.set(cellKey(c), index.size);
  }
  const region = [...target, ...optional];
  const perPiece = pieces.map((p) =>
    placements(p, region).map((cells) => cells.map((c) => index.get(cellKey(c)) as number)),
  );

  const mode = opts.symmetry ?? "none";
  const group = mode === "none" ? [] : targetGroup(target, optional, mode === "all" ? SYMMETRIES : ROTATIONS);
  const maps = group.map((g) => region.map((c) => index.get(cellKey(g(c))) as number));
  const anchor = group.length > 1 ? chooseAnchor(pieces, perPiece, mode === "all") : null;
  const stabilised = new Set<number>();
  if (anchor !== null) {
    const kept: number[][] = [];
    for (const p of perPiece[anchor] as number[][]) {
      const key = placementKey(p);
      let minimal = true;
      let fixed = false;
      for (let g = 1; g < maps.length; g++) {
        const k = placementKey((p as number[]).map((i) => (maps[g] as number[])[i] as number));
        if (k < key) minimal = false;
        if (k === key) fixed = true;
      }
      if (!minimal) continue;
      if (fixed) stabilised.add(kept.length);
      kept.push(p);
    }
    perPiece[anchor] = kept;
  }

  // Enumerating with no node budget, the bitmask search (branch "first") is the fast one: it wants
  // the target's cells as the first columns, then the pieces. Under a node budget the search stays
  // the one the budgets were set for (the stacking generator's and checker's), with pieces first.
  const enumerate = opts.nodeLimit === undefined;
  const T = target.length;
  const P = pieces.length;
  const cellColumn = enumerate ? (i: number) => (i < T ? i : P + i) : (i: number) => P + i;
  const rows: number[][] = [];
  const rowPiece: number[] = [];
  const rowPlacement: number[] = [];
  perPiece.forEach((list, piece) => {
    list.forEach((p, j) => {
      const cells = p.map(cellColumn);
      rows.push(enumerate ? [...cells, T + piece] : [piece, ...cells]);
      rowPiece.push(piece);
      rowPlacement.push(j);
    });
  });

  const cellsOf = (i: number) => region[i] as Cell;
  const seen = new Set<string>();
  let count = 0;
  let first: Cell[][] | null = null;
  let stoppedByCaller = false;
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  const dlx = solveExactCover(
    { primary: pieces.length + target.length, secondary: optional.length, rows },
    {
      nodeLimit: opts.nodeLimit,
      branch: enumerate ? "first" : "fewest",
      onSolution: (sol) => {
        const byPiece: number[][] = new Array(pieces.length);
        let anchorRow = -1;
        for (const r of sol) {
          const piece = rowPiece[r] as number;
          byPiece[piece] = (perPiece[piece] as number[][])[rowPlacement[r] as number] as number[];
          if (piece === anchor) anchorRow = rowPlacement[r] as number;
        }
        if (group.length > 1 && (anchor === null || stabilised.has(anchorRow))) {
          const key = canonicalSolution(byPiece, maps);
          if (seen.has(key)) return true;
          seen.add(key);
        }
        count++;
        const cells = byPiece.map((p) => p.map(cellsOf));
        first ??= cells;
        if (opts.onSolution?.(cells) === false) stoppedByCaller = true;
        return !stoppedByCaller && count < limit;
      },
    },
  );
  return {
    count,
    nodes: dlx.nodes,
    complete: dlx.complete,
    first,
    anchor,
    rows: rows.length,
  };
}

/** Symmetries of the region that keep the required cells required and the optional optional. */
function targetGroup(target: readonly Cell[], optional: readonly Cell[], mats: readonly Mat3[]) {
  const required = new Set(target.map(cellKey));
  const all = [...target, ...optional];
  return symmetriesOf(all, mats).filter((g) => target.every((c) => required.has(cellKey(g(c)))));
}

/** A piece with a shape no other piece has, mapped to itself by the group; the fewest placements wins. */
function chooseAnchor(
  pieces: readonly (readonly Cell[])[],
  perPiece: number[][][],
  mirrors: boolean,
): number | null {
  const keys = pieces.map((p) => canonicalKey(p));
  let best: number | null = null;
  pieces.forEach((p, i) => {
    if (keys.filter((k) => k === keys[i]).length > 1) return;
    if (mirrors && !isAchiral(p)) return;
    if (best === null || (perPiece[i] as number[][]).length < (perPiece[best] as number[][]).length) best = i;
  });
  return best;
}

const placementKey = (p: readonly number[]): string =>
  p
    .slice()
    .sort((a, b) => a - b)
    .join(",");

/** The smallest encoding of the solution over the group: a set of placements, pieces unnamed. */
function canonicalSolution(byPiece: readonly number[][], maps: readonly number[][]): string {
  let best: string | null = null;
  for (const m of maps) {
    const key = byPiece
      .map((p) => placementKey(p.map((i) => m[i] as number)))
      .sort()
      .join("|");
    if (best === null || key < best) best = key;
  }
  return best as string;
}
