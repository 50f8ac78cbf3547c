import { ParseFailure } from "../../../core/verdict.ts";
import type { MazeAnswer } from "./maze.ts";

const ROW = /^[AB0-9](?:[ \t]*[AB0-9])*$/;
const FENCE = "```";

/**
 * The contents of the last fenced code block: an opening ``` runs to the end of its line, the block
 * to the next ```, and blocks never overlap. One pass of indexOf, so linear in the text's length.
 */
export function lastFencedBlock(text: string): string | undefined {
  let block: string | undefined;
  let open = text.indexOf(FENCE);
  while (open >= 0) {
    const lineEnd = text.indexOf("\n", open + FENCE.length);
    if (lineEnd < 0) break;
    const close = text.indexOf(FENCE, lineEnd + 1);
    if (close < 0) break;
    block = text.slice(lineEnd + 1, close);
    open = text.indexOf(FENCE, close + FENCE.length);
  }
  return block;
}

/**
 * Reads the grid from a reply: the last fenced code block when there is one (all its non-blank
 * lines are the grid), else the last run of consecutive lines made only of A, B and digits
 * (spaces between cells are ignored). Every row must have `size` cells and there must be `size` rows.
 * Linear in the text's length: every line is looked at a bounded number of times.
 */
export function parseMaze(text: string, size: number): MazeAnswer | ParseFailure {
  const fenced = lastFencedBlock(text);
  let lines: string[];
  if (fenced !== undefined) {
    lines = fenced
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "");
    const bad = lines.findIndex((l) => !ROW.test(l));
    if (bad >= 0) return new ParseFailure(`row ${bad} of the grid holds a character other than A, B or 0-9`);
  } else {
    const all = text.split("\n").map((l) => l.trim());
    let end = all.length - 1;
    while (end >= 0 && !ROW.test(all[end] as string)) end--;
    let start = end;
    while (start > 0 && ROW.test(all[start - 1] as string)) start--;
    lines = end < 0 ? [] : all.slice(start, end + 1);
  }
  if (lines.length === 0) return new ParseFailure("no grid of A, B and digits found in the reply");
  const rows = lines.map((l) => l.replace(/[ \t]/g, ""));
  const bad = rows.findIndex((r) => r.length !== size);
  if (bad >= 0)
    return new ParseFailure(`row ${bad} has ${rows[bad]?.length} cells; every row must have ${size}`);
  if (rows.length !== size) return new ParseFailure(`the grid has ${rows.length} rows; it must have ${size}`);
  return { rows };
}
