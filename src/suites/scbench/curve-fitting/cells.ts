import type { Expression } from "./expression.ts";

/** Threshold on the fraction of right cells for an answer to pass (the score itself is graded). */
export const PASS_ACCURACY = 0.99;
/** Below this fraction of right cells the score is 0, as in the original grader. */
export const MIN_SCORED_ACCURACY = 0.75;

export interface CellTally {
  total: number;
  correct: number;
  /** Cells where the expression is NaN or ±Infinity (counted wrong). */
  nonFinite: number;
  /** Cells the expression puts in class 1 (value > 0). */
  positive: number;
  /** Up to a few wrong cells as [x, y], for messages. */
  examples: [number, number][];
}

/** The expression's value at every cell, row by row (x is the column, y the row, both from 0). */
function cellValues(rows: readonly string[], f: Expression): { values: Float64Array; width: number } {
  const width = rows.reduce((w, row) => Math.max(w, row.length), 0);
  return { values: f.evaluateGrid(width, rows.length), width };
}

/**
 * Classifies every cell: x is the column and y the row index (0-based, origin top left); the
 * cell is class 1 when the value is > 0 and class 0 when it is ≤ 0; a non-finite value is wrong.
 */
export function tallyCells(rows: readonly string[], f: Expression): CellTally {
  const tally: CellTally = { total: 0, correct: 0, nonFinite: 0, positive: 0, examples: [] };
  const { values, width } = cellValues(rows, f);
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      tally.total++;
      const v = values[y * width + x] as number;
      if (!Number.isFinite(v)) {
        tally.nonFinite++;
      } else {
        if (v > 0) tally.positive++;
        if (v > 0 === (row[x] === "1")) {
          tally.correct++;
          continue;
        }
      }
      if (tally.examples.length < 5) tally.examples.push([x, y]);
    }
  });
  return tally;
}

/** The graded score for an accuracy: 0 below 0.75, else accuracy⁴. */
export function scoreOf(accuracy: number): number {
  return accuracy < MIN_SCORED_ACCURACY ? 0 : accuracy ** 4;
}

/** Per-cell predictions of an expression: 1, 0, or -1 for a non-finite value. */
export function predictCells(rows: readonly string[], f: Expression): number[][] {
  const { values, width } = cellValues(rows, f);
  return rows.map((row, y) => {
    const out: number[] = [];
    for (let x = 0; x < row.length; x++) {
      const v = values[y * width + x] as number;
      out.push(Number.isFinite(v) ? (v > 0 ? 1 : 0) : -1);
    }
    return out;
  });
}
