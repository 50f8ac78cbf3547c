import { z } from "zod";
import { cappedList } from "../common/answer-caps.ts";

/** The maze to build: an N×N heightmap, at least `minJumps` jumps, fixed heights for A and B. */
export const dataSchema = z.object({
  size: z.int().min(2).max(60),
  minJumps: z.int().min(0),
  startHeight: z.int().min(0).max(9),
  endHeight: z.int().min(0).max(9),
});
export type MazeData = z.infer<typeof dataSchema>;

/** Most rows, and most cells in a row, an answer may give: 10× the largest maze (60×60). */
export const MAX_GRID_SIDE = 600;

/**
 * The grid text, one string per row, top row first; each character is A, B or a digit 0–9.
 * Unknown keys are ignored.
 */
export const answerSchema = z.object({
  rows: cappedList(
    z
      .string()
      .max(MAX_GRID_SIDE, `more than ${MAX_GRID_SIDE} cells in a row`)
      .regex(/^[AB0-9]*$/, "rows hold only A, B and the digits 0-9"),
    MAX_GRID_SIDE,
    "rows",
  ),
});
export type MazeAnswer = z.infer<typeof answerSchema>;

/** A move between two cells (indices row * size + col); a jump passes over `over`. */
export interface Move {
  from: number;
  to: number;
  over: number | null;
}

export const DIRS: readonly (readonly [number, number])[] = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

/** Heights of a well-sized grid, with A and B at their fixed heights. */
export function heightsOf(rows: readonly string[], data: MazeData): number[] {
  const h: number[] = [];
  for (const row of rows) {
    for (const ch of row) h.push(ch === "A" ? data.startHeight : ch === "B" ? data.endHeight : Number(ch));
  }
  return h;
}

/**
 * Every legal move out of each cell. Walk: to a side neighbour whose height differs by at most 1.
 * Jump: over a side neighbour at least 2 lower than the take-off cell, onto the cell just beyond it
 * in the same direction, which must have exactly the take-off height. Both kinds are symmetric.
 */
export function moveGraph(h: readonly number[], size: number): Move[][] {
  const out: Move[][] = h.map(() => []);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const u = r * size + c;
      const hu = h[u] as number;
      for (const [dr, dc] of DIRS) {
        const r1 = r + dr;
        const c1 = c + dc;
        if (r1 < 0 || r1 >= size || c1 < 0 || c1 >= size) continue;
        const v = r1 * size + c1;
        const hv = h[v] as number;
        if (Math.abs(hu - hv) <= 1) {
          out[u]?.push({ from: u, to: v, over: null });
          continue;
        }
        const r2 = r1 + dr;
        const c2 = c1 + dc;
        if (r2 < 0 || r2 >= size || c2 < 0 || c2 >= size) continue;
        const w = r2 * size + c2;
        if (hv <= hu - 2 && h[w] === hu) out[u]?.push({ from: u, to: w, over: v });
      }
    }
  }
  return out;
}

export const cellName = (i: number, size: number) => `(row ${Math.floor(i / size)}, col ${i % size})`;
