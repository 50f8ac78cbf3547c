import { type Cell, cellKey } from "../../../geometry/voxels.ts";
import type { Direction, InsertionRule } from "./schema.ts";

export const DIRECTION_VECTORS: Record<Direction, Cell> = {
  "+x": [1, 0, 0],
  "-x": [-1, 0, 0],
  "+y": [0, 1, 0],
  "-y": [0, -1, 0],
  "+z": [0, 0, 1],
  "-z": [0, 0, -1],
};

export const OPPOSITE: Record<Direction, Direction> = {
  "+x": "-x",
  "-x": "+x",
  "+y": "-y",
  "-y": "+y",
  "+z": "-z",
  "-z": "+z",
};

const AXIS_PAIRS: readonly [number, number][] = [
  [0, 1],
  [0, 2],
  [1, 2],
];

/** True when the cells hold a filled 2×3 (or 3×2) rectangle in some axis-aligned plane. */
export function hasFull2x3Face(cells: readonly Cell[]): boolean {
  const set = new Set(cells.map(cellKey));
  for (const c of cells) {
    for (const [u, v] of AXIS_PAIRS) {
      for (const [du, dv] of [
        [2, 3],
        [3, 2],
      ] as const) {
        let full = true;
        for (let i = 0; i < du && full; i++) {
          for (let j = 0; j < dv && full; j++) {
            const p: Cell = [c[0], c[1], c[2]];
            p[u] = (p[u] as number) + i;
            p[v] = (p[v] as number) + j;
            full = set.has(cellKey(p));
          }
        }
        if (full) return true;
      }
    }
  }
  return false;
}

export const inBox = (c: Cell, box: Cell): boolean =>
  c[0] >= 0 && c[1] >= 0 && c[2] >= 0 && c[0] < box[0] && c[1] < box[1] && c[2] < box[2];

/**
 * The box cells the piece passes through as it slides along d, one unit at a time, until every
 * cell has left the box (cells it passes over more than once are listed once per pass).
 */
export function sweptCells(piece: readonly Cell[], d: Cell, box: Cell): Cell[] {
  const out: Cell[] = [];
  for (let k = 1; ; k++) {
    let inside = false;
    for (const c of piece) {
      const p: Cell = [c[0] + k * d[0], c[1] + k * d[1], c[2] + k * d[2]];
      if (!inBox(p, box)) continue;
      inside = true;
      out.push(p);
    }
    if (!inside) return out;
  }
}

/**
 * The directions a piece may travel in when it enters the box under each insertion rule; it leaves
 * the opposite way. A piece comes from outside the box along a straight line and may overlap no
 * placed piece on the way; a pickup is the same path reversed. This is a deviation from CHAIN,
 * whose environment puts a piece at any free supported position.
 * - "down": lowered straight down from above the open top (travelling −z), lifted straight up.
 *   Under gravity this is how a box is filled; a piece cannot be slid under another.
 * - "axis": along any of ±x, ±y, ±z from outside the box, its walls and floor not blocking: the
 *   linear assembly of A.5.1(6), which CHAIN's generator checks when its option is on.
 * Each rule comes with the generator's guarantee that the stored packing has an assembly order
 * under it with every piece supported on arrival (assembly.ts), so n placements solve every puzzle.
 */
export const ENTRY_DIRECTIONS: Record<InsertionRule, readonly Direction[]> = {
  down: ["-z"],
  // Straight down first: assembly orders use it wherever it is free.
  axis: ["-z", "+x", "-x", "+y", "-y", "+z"],
};

/** Every piece touches another (6-adjacency); a lone piece is isolated. */
export function noIsolatedPiece(solution: readonly (readonly Cell[])[]): boolean {
  const owner = new Map<string, number>();
  solution.forEach((cells, i) => {
    for (const c of cells) owner.set(cellKey(c), i);
  });
  return solution.every((cells, i) =>
    cells.some((c) =>
      [-1, 1].some((s) =>
        [0, 1, 2].some((a) => {
          const n: Cell = [c[0], c[1], c[2]];
          n[a] = (n[a] as number) + s;
          const o = owner.get(cellKey(n));
          return o !== undefined && o !== i;
        }),
      ),
    ),
  );
}

/** Resting on the floor (a cell at z = 0) or on an occupied cell directly below one of its cells. */
export function isSupported(cells: readonly Cell[], occupied: ReadonlySet<string>): boolean {
  return cells.some((c) => c[2] === 0 || occupied.has(cellKey([c[0], c[1], c[2] - 1])));
}
