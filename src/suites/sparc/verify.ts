import type { Check, Verdict } from "../../core/verdict.ts";
import { verdictFromChecks } from "../../core/verdict.ts";
import type { Board } from "./board.ts";
import type { Point } from "./record.ts";
import { computeRegions, regionFailures, triangleEdgesOnLine } from "./rules.ts";

const PATH_CHECKS = new Set([
  "path.length",
  "path.start_end",
  "path.connected",
  "path.non_intersecting",
  "path.no_rule_cell_crossing",
  "path.in_bounds",
]);

const fmt = (p: Point) => `(${p.x}, ${p.y})`;

/**
 * Checks a path against every rule. Path checks come first (the paper's path errors); when the
 * path is not a well-formed line from S to E the rules are not evaluated and the failure is
 * `invalid`. A path with more points than the grid has positions fails `path.length` and is still
 * judged on the CLI's four path criteria, as the SPaRC CLI judges it. Otherwise one check per rule
 * kind present in the puzzle, each naming what broke.
 */
export function verifyPath(board: Board, path: readonly Point[]): Verdict {
  const checks: Check[] = [];
  if (path.length > board.size) {
    const detail = `more points than the ${board.size} positions of the ${board.cols}×${board.rows} grid (a line visits each position at most once)`;
    checks.push({ name: "path.length", ok: false, detail });
  }
  const { start, end } = board.puzzle;
  const first = path[0];
  const last = path[path.length - 1];
  const startOk = first !== undefined && first.x === start.x && first.y === start.y;
  const endOk = last !== undefined && last.x === end.x && last.y === end.y;
  checks.push({
    name: "path.start_end",
    ok: startOk && endOk,
    detail: startOk && endOk ? undefined : startEndDetail(path, start, end, startOk, endOk),
  });

  const jump = path.findIndex(
    (p, i) =>
      i > 0 && Math.abs(p.x - (path[i - 1] as Point).x) + Math.abs(p.y - (path[i - 1] as Point).y) !== 1,
  );
  checks.push({
    name: "path.connected",
    ok: jump < 0,
    detail:
      jump < 0
        ? undefined
        : `step ${jump} jumps from ${fmt(path[jump - 1] as Point)} to ${fmt(path[jump] as Point)}`,
  });

  // Step index + 1 of the first visit of each in-grid position; points outside go to a map.
  const firstVisit = new Int32Array(board.size);
  const outsideVisits = new Map<string, number>();
  let repeat: string | undefined;
  for (let i = 0; i < path.length && repeat === undefined; i++) {
    const p = path[i] as Point;
    let before: number | undefined;
    if (p.x >= 0 && p.y >= 0 && p.x < board.cols && p.y < board.rows) {
      const k = p.y * board.cols + p.x;
      before = (firstVisit[k] as number) - 1;
      if (before < 0) firstVisit[k] = i + 1;
    } else {
      const k = `${p.x},${p.y}`;
      before = outsideVisits.get(k) ?? -1;
      if (before < 0) outsideVisits.set(k, i);
    }
    if (before >= 0) repeat = `${fmt(p)} visited at steps ${before} and ${i}`;
  }
  checks.push({ name: "path.non_intersecting", ok: repeat === undefined, detail: repeat });

  const outside = path.findIndex((p) => p.x < 0 || p.y < 0 || p.x >= board.cols || p.y >= board.rows);
  checks.push({
    name: "path.in_bounds",
    ok: outside < 0,
    detail:
      outside < 0
        ? undefined
        : `step ${outside} ${fmt(path[outside] as Point)} is outside the grid (x 0-${board.cols - 1}, y 0-${board.rows - 1})`,
  });

  // As the SPaRC CLI counts it: interior points on a rule cell inside the grid (the ends are
  // judged by path.start_end, points outside by path.in_bounds).
  const inGrid = (p: Point) => p.x >= 0 && p.y >= 0 && p.x < board.cols && p.y < board.rows;
  const crossing = path.findIndex(
    (p, i) => i > 0 && i < path.length - 1 && p.x % 2 === 1 && p.y % 2 === 1 && inGrid(p),
  );
  checks.push({
    name: "path.no_rule_cell_crossing",
    ok: crossing < 0,
    detail: crossing < 0 ? undefined : `step ${crossing} ${fmt(path[crossing] as Point)} is a rule cell`,
  });

  if (checks.some((c) => !c.ok)) return verdictFromChecks(checks.map(clean), PATH_CHECKS);
  checks.push(...ruleChecks(board, path));
  return verdictFromChecks(checks.map(clean), PATH_CHECKS);
}

function startEndDetail(
  path: readonly Point[],
  start: Point,
  end: Point,
  startOk: boolean,
  endOk: boolean,
): string {
  if (path.length === 0) return "empty path";
  const parts: string[] = [];
  if (!startOk) parts.push(`starts at ${fmt(path[0] as Point)}, not at S ${fmt(start)}`);
  if (!endOk) parts.push(`ends at ${fmt(path[path.length - 1] as Point)}, not at E ${fmt(end)}`);
  return parts.join("; ");
}

function clean(c: Check): Check {
  return c.detail === undefined ? { name: c.name, ok: c.ok } : c;
}

/** One check per rule kind present; assumes a well-formed line inside the grid. */
export function ruleChecks(board: Board, path: readonly Point[]): Check[] {
  const onLine = new Uint8Array(board.size);
  for (const p of path) onLine[p.y * board.cols + p.x] = 1;
  const checks: Check[] = [];
  const at = (i: number) => `(${i % board.cols}, ${Math.floor(i / board.cols)})`;

  if (board.gaps.length > 0) {
    const crossed = board.gaps.filter((g) => onLine[g]);
    checks.push({
      name: "rule.gaps",
      ok: crossed.length === 0,
      detail: crossed.length ? `the line crosses the gap at ${crossed.map(at).join(", ")}` : undefined,
    });
  }
  if (board.dots.length > 0) {
    const missed = board.dots.filter((d) => !onLine[d]);
    checks.push({
      name: "rule.dots",
      ok: missed.length === 0,
      detail: missed.length ? `the line misses the dot at ${missed.map(at).join(", ")}` : undefined,
    });
  }
  if (board.triangles.length > 0) {
    const bad = board.triangles
      .map((t) => ({ t, n: triangleEdgesOnLine(t, onLine) }))
      .filter(({ t, n }) => n !== t.count)
      .map(({ t, n }) => `triangle at ${at(t.at)} wants ${t.count} edges, the line runs along ${n}`);
    checks.push({ name: "rule.triangles", ok: bad.length === 0, detail: bad.join("; ") || undefined });
  }
  const needsRegions =
    board.squares.length + board.stars.length + board.polys.length + board.ylops.length > 0;
  if (needsRegions) {
    const failures = computeRegions(board, onLine).flatMap((r) => regionFailures(board, r));
    const add = (rule: "stones" | "stars" | "polys", present: boolean) => {
      if (!present) return;
      const mine = failures.filter((f) => f.rule === rule).map((f) => f.detail);
      checks.push({ name: `rule.${rule}`, ok: mine.length === 0, detail: mine.join("; ") || undefined });
    };
    add("stones", board.squares.length > 0);
    add("stars", board.stars.length > 0);
    add("polys", board.polys.length + board.ylops.length > 0);
  }
  return checks;
}
