/**
 * Tiling as exact cover, numbered for `branch: "first"`: the target's cells first, in the order
 * given (scan order for boxCells), then one column per piece, so that the lowest uncovered column
 * is the first empty cell.
 */
import type { ExactCoverProblem } from "./dlx.ts";
import { type Cell, cellKey, placements } from "./voxels.ts";

export function tilingProblem(
  pieces: readonly (readonly Cell[])[],
  target: readonly Cell[],
): ExactCoverProblem {
  const index = new Map(target.map((c, i) => [cellKey(c), i]));
  const rows: number[][] = [];
  pieces.forEach((piece, k) => {
    for (const p of placements(piece, target))
      rows.push([...p.map((c) => index.get(cellKey(c)) as number), target.length + k]);
  });
  return { primary: target.length + pieces.length, rows };
}
