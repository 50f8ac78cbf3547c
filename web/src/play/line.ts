/**
 * Drawing SPaRC's line on the position grid: vertices are even/even, edges even/odd or odd/even,
 * rule cells odd/odd (never on a line). A line is the list of positions it visits, one unit apart,
 * from the start point; the player extends it, steps back, or undoes.
 */
import type { LinePuzzle, PointJson } from "../../../src/view/play-api.ts";

export type Pt = PointJson;

const same = (a: Pt, b: Pt) => a.x === b.x && a.y === b.y;
export const isRuleCell = (p: Pt) => p.x % 2 === 1 && p.y % 2 === 1;
export const isVertex = (p: Pt) => p.x % 2 === 0 && p.y % 2 === 0;
const inGrid = (p: Pt, g: LinePuzzle) => p.x >= 0 && p.y >= 0 && p.x < g.cols && p.y < g.rows;

/** The positions after `a` up to `b` on a straight line, or null when `b` is not reachable that way. */
function straight(a: Pt, b: Pt, g: LinePuzzle): Pt[] | null {
  if (a.x !== b.x && a.y !== b.y) return null;
  const dx = Math.sign(b.x - a.x);
  const dy = Math.sign(b.y - a.y);
  const out: Pt[] = [];
  for (let p = a; !same(p, b); ) {
    p = { x: p.x + dx, y: p.y + dy };
    if (!inGrid(p, g) || isRuleCell(p)) return null;
    out.push(p);
  }
  return out;
}

/**
 * The line after a click on `p`: back to `p` when the line already passes it (the previous point
 * steps back), else extended straight to `p` when that crosses nothing already drawn.
 */
export function clickTo(path: readonly Pt[], p: Pt, g: LinePuzzle): Pt[] {
  const at = path.findIndex((q) => same(q, p));
  if (at >= 0) return path.slice(0, at + 1);
  const end = path[path.length - 1];
  if (end === undefined) return same(p, g.start) ? [p] : [...path];
  const more = straight(end, p, g);
  if (more === null || more.some((q) => path.some((r) => same(q, r)))) return [...path];
  return [...path, ...more];
}

export type Direction = "up" | "down" | "left" | "right";
const DELTA: Record<Direction, Pt> = {
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
};

/** One move from the line's end by key: to the next vertex (or edge point at the border), stepping back over the line. */
export function move(path: readonly Pt[], dir: Direction, g: LinePuzzle): Pt[] {
  const end = path[path.length - 1];
  if (end === undefined) return [g.start];
  const d = DELTA[dir];
  const far = { x: end.x + 2 * d.x, y: end.y + 2 * d.y };
  const near = { x: end.x + d.x, y: end.y + d.y };
  const target = isVertex(end) && inGrid(far, g) && !isRuleCell(near) ? far : near;
  const steps = Math.abs(target.x - end.x) + Math.abs(target.y - end.y);
  const back = path[path.length - 1 - steps];
  if (back !== undefined && same(back, target)) return path.slice(0, path.length - steps);
  return clickTo(path, target, g);
}

/** The line one step shorter: back to its previous vertex (or point), never before the start. */
export function undo(path: readonly Pt[]): Pt[] {
  if (path.length <= 1) return [...path];
  let n = path.length - 1;
  while (n > 1 && !isVertex(path[n - 1] as Pt)) n--;
  return path.slice(0, n);
}

export const KEYS: Record<string, Direction> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
  w: "up",
  s: "down",
  a: "left",
  d: "right",
  W: "up",
  S: "down",
  A: "left",
  D: "right",
};
