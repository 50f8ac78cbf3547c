import { z } from "zod";

/** Largest grid side: the generator and instance files stay within it. */
export const MAX_SIDE = 40;

/**
 * Most cells an answer may list. A grid holds at most MAX_SIDE² = 1,600 cells, so no real answer
 * comes near it; a longer list is a parse failure naming the cap, and verification stays fast on
 * hostile input.
 */
export const MAX_LISTED = 4096;

/** `grid[row]` is a row, left to right: "#" a filled cell, "." an empty one. */
export const dataSchema = z
  .object({
    rows: z.int().min(1).max(MAX_SIDE),
    cols: z.int().min(1).max(MAX_SIDE),
    grid: z.array(z.string().regex(/^[#.]*$/, 'only "#" and "."')).max(MAX_SIDE),
  })
  .superRefine((d, ctx) => {
    if (d.grid.length !== d.rows)
      ctx.addIssue({ code: "custom", path: ["grid"], message: `expected ${d.rows} rows` });
    d.grid.forEach((row, r) => {
      if (row.length !== d.cols)
        ctx.addIssue({ code: "custom", path: ["grid", r], message: `expected ${d.cols} columns` });
    });
  });
export type GridData = z.infer<typeof dataSchema>;

/** [row, col], 0-indexed from the top-left cell. */
export const cellSchema = z.tuple([z.int(), z.int()]);
export type Cell = z.infer<typeof cellSchema>;

/**
 * `{"cells": [[row, col], …]}`, or the bare list. Unknown keys (a "reasoning" field) are ignored.
 * Coordinates are any integers here: a cell outside the grid is read, then judged invalid by verify.
 */
export const answerSchema = z.preprocess(
  (value) => (Array.isArray(value) ? { cells: value } : value),
  z.object({
    cells: z
      .array(cellSchema)
      .max(MAX_LISTED, `more than ${MAX_LISTED} cells: an answer may list at most ${MAX_LISTED}`),
  }),
);
export type FilledAnswer = z.infer<typeof answerSchema>;

/** The filled cells in row-major order: the one correct answer, up to order. */
export function filledCells(data: GridData): Cell[] {
  const out: Cell[] = [];
  data.grid.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) if (row[c] === "#") out.push([r, c]);
  });
  return out;
}
