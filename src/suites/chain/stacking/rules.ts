import { type Cell, cellKey } from "../../../geometry/voxels.ts";
import type { Direction } from "./schema.ts";

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
 * Whether the piece slides out of the box along d without meeting `others`: it is moved by 1, 2, …
 * units until every cell has left the box, and no intermediate position may overlap.
 */
export function slidesOut(piece: readonly Cell[], others: ReadonlySet<string>, d: Cell, box: Cell): boolean {
  for (let k = 1; ; k++) {
    let inside = false;
    for (const c of piece) {
      const p: Cell = [c[0] + k * d[0], c[1] + k * d[1], c[2] + k * d[2]];
      if (!inBox(p, box)) continue;
      inside = true;
      if (others.has(cellKey(p))) return false;
    }
    if (!inside) return true;
  }
}

export interface AssemblyStep {
  piece: number;
  /** The direction the piece travels when it is inserted (the opposite of its removal). */
  direction: Direction;
}

/**
 * A linear assembly of the packed pieces (A.5 Algorithm 1): greedily remove any piece that
 * slides out along ±x/±y/±z, then reverse. Removing a piece never blocks another, so the greedy
 * order finds a sequence whenever one exists. Null when the packing is interlocked.
 */
export function linearAssembly(solution: readonly (readonly Cell[])[], box: Cell): AssemblyStep[] | null {
  const remaining = new Set(solution.map((_, i) => i));
  const removal: AssemblyStep[] = [];
  while (remaining.size > 0) {
    let found: AssemblyStep | null = null;
    for (const i of remaining) {
      const others = new Set<string>();
      for (const j of remaining) if (j !== i) for (const c of solution[j] as Cell[]) others.add(cellKey(c));
      const d = (Object.keys(DIRECTION_VECTORS) as Direction[]).find((dir) =>
        slidesOut(solution[i] as Cell[], others, DIRECTION_VECTORS[dir], box),
      );
      if (d !== undefined) {
        found = { piece: i, direction: OPPOSITE[d] };
        break;
      }
    }
    if (found === null) return null;
    remaining.delete(found.piece);
    removal.push(found);
  }
  return removal.reverse();
}

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
