import type { Check, Verdict } from "../../../core/verdict.ts";
import { verdictFromChecks } from "../../../core/verdict.ts";
import { gridOf, isSideAdjacent, type LoopAnswer, type LoopData, zeroBasedLoop } from "./grid.ts";

/** Cells outside the grid make the answer malformed rather than wrong. */
const INVALID = new Set(["loop.in_bounds"]);

function listed(items: string[], limit = 5): string {
  return items.length <= limit
    ? items.join(", ")
    : `${items.slice(0, limit).join(", ")} and ${items.length - limit} more`;
}

/** The original grader's six checks, in its order, each reporting what broke (cells as the prompt numbers them). */
export function verifyLoop(data: LoopData, answer: LoopAnswer): Verdict {
  const g = gridOf(data);
  const o = data.origin ?? 0;
  const show = ([x, y]: readonly number[]) => `(${(x as number) + o}, ${(y as number) + o})`;
  const loop = zeroBasedLoop(data, answer);
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < g.width && y < g.height;
  const checks: Check[] = [];

  checks.push({
    name: "loop.length",
    ok: loop.length === g.freeCount,
    detail: `the loop lists ${loop.length} cells; the grid has ${g.freeCount} free cells`,
  });

  const outside = loop.filter(([x, y]) => !inside(x, y)).map(show);
  checks.push({
    name: "loop.in_bounds",
    ok: outside.length === 0,
    detail: outside.length
      ? `outside the ${g.width}×${g.height} grid: ${listed(outside)}`
      : "every cell is on the grid",
  });

  const onBlocked = loop.filter(([x, y]) => inside(x, y) && !g.open[y * g.width + x]).map(show);
  checks.push({
    name: "loop.not_blocked",
    ok: onBlocked.length === 0,
    detail: onBlocked.length ? `blocked cells visited: ${listed(onBlocked)}` : "no blocked cell visited",
  });

  const badSteps: string[] = [];
  for (let i = 0; i + 1 < loop.length; i++) {
    const a = loop[i] as [number, number];
    const b = loop[i + 1] as [number, number];
    if (!isSideAdjacent(a, b)) badSteps.push(`#${i} ${show(a)} → ${show(b)}`);
  }
  checks.push({
    name: "loop.adjacent",
    ok: badSteps.length === 0,
    detail: badSteps.length
      ? `steps between cells that do not share a side: ${listed(badSteps)}`
      : "every step moves to a side neighbour",
  });

  const count = new Map<number, number>();
  for (const [x, y] of loop)
    if (inside(x, y)) count.set(y * g.width + x, (count.get(y * g.width + x) ?? 0) + 1);
  const repeated: string[] = [];
  const missing: string[] = [];
  for (let i = 0; i < g.open.length; i++) {
    const cell = [i % g.width, Math.floor(i / g.width)];
    const k = count.get(i) ?? 0;
    if (k > 1) repeated.push(`${show(cell)} ×${k}`);
    if (g.open[i] && k === 0) missing.push(show(cell));
  }
  const onceProblems = [
    ...(repeated.length ? [`repeated: ${listed(repeated)}`] : []),
    ...(missing.length ? [`never visited: ${listed(missing)}`] : []),
  ];
  checks.push({
    name: "loop.each_once",
    ok: onceProblems.length === 0,
    detail: onceProblems.length ? onceProblems.join("; ") : "every free cell is visited exactly once",
  });

  const first = loop[0];
  const last = loop[loop.length - 1];
  const closed = first !== undefined && last !== undefined && loop.length > 2 && isSideAdjacent(last, first);
  checks.push({
    name: "loop.closed",
    ok: closed,
    detail: closed
      ? "the last cell is a side neighbour of the first"
      : first === undefined || last === undefined || loop.length <= 2
        ? "a loop needs at least 3 cells"
        : `the last cell ${show(last)} is not a side neighbour of the first ${show(first)}`,
  });

  return verdictFromChecks(checks, INVALID);
}
