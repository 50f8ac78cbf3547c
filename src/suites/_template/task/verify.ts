import { type Check, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import type { Cell, FilledAnswer, GridData } from "./cells.ts";

/** Failing one of these makes the answer malformed for the grid (`invalid`) rather than `wrong`. */
const INVALID = new Set(["cells.in_bounds", "cells.distinct"]);

/** Problems listed in a check's detail before "and N more". */
const SHOWN = 3;

const show = ([r, c]: Cell) => `[${r}, ${c}]`;

function check(name: string, problems: string[]): Check {
  if (problems.length === 0) return { name, ok: true };
  const more = problems.length > SHOWN ? ` (and ${problems.length - SHOWN} more)` : "";
  return { name, ok: false, detail: problems.slice(0, SHOWN).join("; ") + more };
}

/**
 * The answer passes when it lists every filled cell and nothing else, in any order. A cell outside
 * the grid or listed twice makes it invalid; a listed empty cell or a missed filled cell makes it
 * wrong. One pass over the answer and one over the grid.
 */
export function verifyFilledCells(data: GridData, answer: FilledAnswer): Verdict {
  const { rows, cols, grid } = data;
  const listed = new Uint8Array(rows * cols);
  const outside: string[] = [];
  const repeated: string[] = [];
  const empty: string[] = [];
  for (const cell of answer.cells) {
    const [r, c] = cell;
    if (r < 0 || c < 0 || r >= rows || c >= cols) {
      outside.push(`${show(cell)} is outside the ${rows}×${cols} grid`);
      continue;
    }
    const i = r * cols + c;
    if (listed[i]) {
      repeated.push(`${show(cell)} is listed more than once`);
      continue;
    }
    listed[i] = 1;
    if (grid[r]?.[c] !== "#") empty.push(`${show(cell)} is empty`);
  }
  const missed: string[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      if (grid[r]?.[c] === "#" && !listed[r * cols + c])
        missed.push(`${show([r, c])} is filled but not listed`);
  return verdictFromChecks(
    [
      check("cells.in_bounds", outside),
      check("cells.distinct", repeated),
      check("cells.only_filled", empty),
      check("cells.all_filled", missed),
    ],
    INVALID,
  );
}
