import { z } from "zod";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { ParseFailure } from "../../../core/verdict.ts";
import { answerSchema, type Cell, type LoopAnswer, MAX_LOOP_CELLS } from "./grid.ts";

/**
 * The loop in any of the shapes a model may give it: Plumb's {"loop": [[x, y], …]}, the original's
 * structured output {"steps": [{"xy": [x, y]}, …]}, a bare list of pairs or tuples — each as JSON or
 * as a Python literal — or the original prompt's example format, one "x,y" line per cell.
 */
const anyShape = z.preprocess((v) => {
  if (Array.isArray(v)) return { loop: v };
  if (v !== null && typeof v === "object" && !("loop" in v) && "steps" in v) {
    const steps = (v as { steps: unknown }).steps;
    if (!Array.isArray(steps)) return { loop: steps };
    return {
      loop: steps.map((s) =>
        s !== null && typeof s === "object" && "xy" in s ? (s as { xy: unknown }).xy : s,
      ),
    };
  }
  return v;
}, answerSchema);

/** Longest reply the line reader scans: far more than MAX_LOOP_CELLS lines of "x,y". */
const MAX_LINE_TEXT = 40 * MAX_LOOP_CELLS;
const CELL_LINE = /^\s*(?:[-*]\s*)?\(?\s*(\d{1,4})\s*,\s*(\d{1,4})\s*\)?\s*,?\s*$/;

/** The last run of at least two consecutive "x,y" lines, or undefined. One pass over the lines. */
function lastCellLines(text: string): Cell[] | undefined {
  if (text.length > MAX_LINE_TEXT) return undefined;
  let best: Cell[] | undefined;
  let run: Cell[] = [];
  for (const line of text.split("\n")) {
    const m = line.length <= 40 ? CELL_LINE.exec(line) : null;
    if (m) {
      if (run.length < MAX_LOOP_CELLS) run.push([Number(m[1]), Number(m[2])]);
      continue;
    }
    if (run.length >= 2) best = run;
    run = [];
  }
  return run.length >= 2 ? run : best;
}

export function parseLoopAnswer(text: string): LoopAnswer | ParseFailure {
  const read = parseLooseAnswer(text, anyShape);
  if (!(read instanceof ParseFailure)) return read;
  const lines = lastCellLines(text);
  return lines === undefined ? read : { loop: lines };
}
