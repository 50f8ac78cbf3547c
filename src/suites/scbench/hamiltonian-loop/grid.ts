import { z } from "zod";
import { cappedList } from "../common/answer-caps.ts";

/** A cell as [x, y]: x = column (0 = left), y = row (0 = top). */
export const cellSchema = z.tuple([z.int(), z.int()]);
export type Cell = z.infer<typeof cellSchema>;

/** Widest and tallest grid an instance may have. */
export const MAX_SIDE = 64;
/** Most cells a loop may list: 5× the largest grid. */
export const MAX_LOOP_CELLS = 5 * MAX_SIDE * MAX_SIDE;

/** Unknown keys (a "reasoning" field, say) are ignored. */
export const answerSchema = z.object({ loop: cappedList(cellSchema, MAX_LOOP_CELLS, "cells") });
export type LoopAnswer = z.infer<typeof answerSchema>;

/**
 * The one description of an instance: the prompt's map, the solver and the verifier all read
 * `blocked` through `gridOf`, so they cannot disagree on which cells are blocked.
 */
export const dataSchema = z
  .object({
    width: z.int().min(1).max(MAX_SIDE),
    height: z.int().min(1).max(MAX_SIDE),
    /** Blocked cells as [x, y], sorted row-major, no repeats. */
    blocked: z.array(cellSchema),
    /** Where the prompt and the answer number cells from: 0 (Plumb's sets) or 1 (the original's). */
    origin: z.union([z.literal(0), z.literal(1)]).optional(),
    /** How the prompt shows the blocked cells: as a map (default) or as a list (two original subtasks). */
    blockedShown: z.enum(["map", "list"]).optional(),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<number>();
    d.blocked.forEach(([x, y], i) => {
      if (x < 0 || y < 0 || x >= d.width || y >= d.height)
        ctx.addIssue({ code: "custom", path: ["blocked", i], message: "blocked cell outside the grid" });
      const k = y * d.width + x;
      if (seen.has(k))
        ctx.addIssue({ code: "custom", path: ["blocked", i], message: "repeated blocked cell" });
      seen.add(k);
    });
  });
export type LoopData = z.infer<typeof dataSchema>;

/** The loop in 0-based cells, whatever numbering the instance uses. */
export function zeroBasedLoop(data: LoopData, answer: LoopAnswer): Cell[] {
  const o = data.origin ?? 0;
  return o === 0 ? answer.loop : answer.loop.map(([x, y]): Cell => [x - o, y - o]);
}

/** The grid as flat arrays: `open[y * width + x]` is 1 for a free cell. */
export interface Grid {
  width: number;
  height: number;
  open: Uint8Array;
  freeCount: number;
}

export function gridOf(data: LoopData): Grid {
  const { width, height } = data;
  const open = new Uint8Array(width * height).fill(1);
  for (const [x, y] of data.blocked) open[y * width + x] = 0;
  return { width, height, open, freeCount: width * height - data.blocked.length };
}

/** Blocked cells of a flat mask, sorted row-major. */
export function blockedOf(width: number, open: Uint8Array): Cell[] {
  const out: Cell[] = [];
  open.forEach((v, i) => {
    if (!v) out.push([i % width, Math.floor(i / width)]);
  });
  return out;
}

/** Free neighbours (up, left, right, down) of a cell index. */
export function neighbours(g: Grid, i: number): number[] {
  const x = i % g.width;
  const y = Math.floor(i / g.width);
  const out: number[] = [];
  if (y > 0 && g.open[i - g.width]) out.push(i - g.width);
  if (x > 0 && g.open[i - 1]) out.push(i - 1);
  if (x < g.width - 1 && g.open[i + 1]) out.push(i + 1);
  if (y < g.height - 1 && g.open[i + g.width]) out.push(i + g.width);
  return out;
}

export function isSideAdjacent(a: Cell, b: Cell): boolean {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;
}

/** ASCII map, one line per row, top row first: "." free, `blockedChar` blocked. */
export function asciiMap(data: LoopData, blockedChar = "#"): string[] {
  const g = gridOf(data);
  return Array.from({ length: g.height }, (_, y) =>
    Array.from({ length: g.width }, (_, x) => (g.open[y * g.width + x] ? "." : blockedChar)).join(""),
  );
}
