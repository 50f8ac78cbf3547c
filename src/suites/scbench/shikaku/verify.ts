import { type Check, type Verdict, verdictFromChecks } from "../../../core/verdict.ts";
import { type Rect, rectArea, type ShikakuAnswer, type ShikakuData } from "./puzzle.ts";

const INVALID = new Set(["rects.well_formed", "rects.in_bounds"]);

const show = (rect: Rect) => `[${rect.join(", ")}]`;

function firstFailure(checkName: string, failures: string[]): Check {
  if (failures.length === 0) return { name: checkName, ok: true };
  const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : "";
  return { name: checkName, ok: false, detail: `${failures[0]}${more}` };
}

/** Per-rectangle facts the checks and the renderer share. */
export interface RectReport {
  wellFormed: boolean;
  inBounds: boolean;
  /** Clue cells inside the rectangle (0 unless it is well-formed and in bounds). */
  clueCount: number;
  /** The first clue value inside it, or 0 when it holds none. */
  clue: number;
}

/** How many covering rectangles a cell remembers by index (enough to name an overlap). */
const NAMED_COVERS = 4;

export interface TilingReport {
  rects: RectReport[];
  /** Per cell (row-major): how many usable rectangles cover it. */
  coverCount: Int32Array;
  /** Per cell: the indices of the first few usable rectangles covering it. */
  coveredBy: number[][];
}

export function analyseTiling(data: ShikakuData, rects: readonly Rect[]): TilingReport {
  const { rows, cols, grid } = data;
  const coverCount = new Int32Array(rows * cols);
  const coveredBy: number[][] = Array.from({ length: rows * cols }, () => []);
  const reports = rects.map(([left, top, right, bottom], i): RectReport => {
    const wellFormed = left <= right && top <= bottom;
    const inBounds = left >= 0 && top >= 0 && right < cols && bottom < rows;
    let clueCount = 0;
    let clue = 0;
    if (wellFormed && inBounds) {
      for (let r = top; r <= bottom; r++) {
        for (let c = left; c <= right; c++) {
          const cell = r * cols + c;
          const covers = coverCount[cell] as number;
          coverCount[cell] = covers + 1;
          if (covers < NAMED_COVERS) coveredBy[cell]?.push(i);
          const v = grid[r]?.[c] ?? 0;
          if (v > 0 && clueCount++ === 0) clue = v;
        }
      }
    }
    return { wellFormed, inBounds, clueCount, clue };
  });
  return { rects: reports, coverCount, coveredBy };
}

/**
 * Malformed rectangles (left > right or top > bottom) and rectangles reaching outside the grid make
 * the answer invalid; the remaining checks look only at the usable rectangles.
 */
export function verifyShikaku(data: ShikakuData, answer: ShikakuAnswer): Verdict {
  const rects = answer.rectangles;
  const { rects: reports, coverCount, coveredBy } = analyseTiling(data, rects);

  const malformed: string[] = [];
  const outside: string[] = [];
  const clueCount: string[] = [];
  const areas: string[] = [];
  reports.forEach((rep, i) => {
    const rect = rects[i] as Rect;
    if (!rep.wellFormed) {
      malformed.push(`rectangle #${i} ${show(rect)} has left > right or top > bottom`);
      return;
    }
    if (!rep.inBounds) {
      outside.push(`rectangle #${i} ${show(rect)} leaves the ${data.rows}×${data.cols} grid`);
      return;
    }
    if (rep.clueCount !== 1) {
      clueCount.push(`rectangle #${i} ${show(rect)} contains ${rep.clueCount} clues`);
      return;
    }
    if (rectArea(rect) !== rep.clue) {
      areas.push(`rectangle #${i} ${show(rect)} has area ${rectArea(rect)} but its clue is ${rep.clue}`);
    }
  });

  let tileProblem: string | undefined;
  for (let cell = 0; cell < coverCount.length && tileProblem === undefined; cell++) {
    const count = coverCount[cell] as number;
    const where = `cell (row ${Math.floor(cell / data.cols)}, col ${cell % data.cols})`;
    if (count === 0) tileProblem = `${where} is not covered`;
    else if (count > 1) {
      const named = (coveredBy[cell] ?? []).map((i) => `#${i}`).join(", ");
      const more = count > NAMED_COVERS ? ` (${count} in all)` : "";
      tileProblem = `${where} is covered by rectangles ${named}${more}`;
    }
  }

  return verdictFromChecks(
    [
      firstFailure("rects.well_formed", malformed),
      firstFailure("rects.in_bounds", outside),
      tileProblem === undefined
        ? { name: "rects.tile", ok: true }
        : { name: "rects.tile", ok: false, detail: tileProblem },
      firstFailure("rects.one_clue", clueCount),
      firstFailure("rects.area", areas),
    ],
    INVALID,
  );
}
