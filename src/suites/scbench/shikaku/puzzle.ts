import { z } from "zod";
import { cappedList } from "../common/answer-caps.ts";

/** [left_col, top_row, right_col, bottom_row], 0-indexed, inclusive. */
export const rectSchema = z.tuple([z.int(), z.int(), z.int(), z.int()]);
export type Rect = z.infer<typeof rectSchema>;

/**
 * Most rectangles an answer may list: the largest grid the generator builds is 30×30, so a tiling never
 * needs more than 900 (the largest level's has a few dozen).
 */
export const MAX_RECTANGLES = 2000;

/**
 * Plumb's {"rectangles": [...]} or the bare list of boxes the original's prompt asks for. Unknown keys
 * (a "reasoning" field, say) are ignored.
 */
export const answerSchema = z.preprocess(
  (value) => (Array.isArray(value) ? { rectangles: value } : value),
  z.object({ rectangles: cappedList(rectSchema, MAX_RECTANGLES, "rectangles") }),
);
export type ShikakuAnswer = z.infer<typeof answerSchema>;

/** `grid[row][col]`: 0 = blank, a positive integer = clue. `solution` is the generator's planted tiling. */
export const dataSchema = z
  .object({
    rows: z.int().min(1),
    cols: z.int().min(1),
    grid: z.array(z.array(z.int().min(0))),
    solution: z.array(rectSchema),
  })
  .superRefine((d, ctx) => {
    if (d.grid.length !== d.rows)
      ctx.addIssue({ code: "custom", path: ["grid"], message: `expected ${d.rows} rows` });
    d.grid.forEach((row, r) => {
      if (row.length !== d.cols) {
        ctx.addIssue({ code: "custom", path: ["grid", r], message: `expected ${d.cols} columns` });
      }
    });
  });
export type ShikakuData = z.infer<typeof dataSchema>;

export interface Clue {
  row: number;
  col: number;
  value: number;
}

/** Clues in row-major order. */
export function cluesOf(data: ShikakuData): Clue[] {
  const clues: Clue[] = [];
  data.grid.forEach((line, row) => {
    line.forEach((value, col) => {
      if (value > 0) clues.push({ row, col, value });
    });
  });
  return clues;
}

export function rectArea([left, top, right, bottom]: Rect): number {
  return (right - left + 1) * (bottom - top + 1);
}

export function rectKey(rect: Rect): string {
  return rect.join(",");
}

/** Rectangles sorted by top row, then left column (a canonical order for comparing tilings). */
export function sortRects(rects: readonly Rect[]): Rect[] {
  return [...rects].sort((a, b) => a[1] - b[1] || a[0] - b[0] || a[3] - b[3] || a[2] - b[2]);
}
