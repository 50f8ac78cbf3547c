import { z } from "zod";
import { InputError } from "../../../core/errors.ts";
import type { Rng } from "../../../core/rng.ts";
import type { MazeAnswer, MazeData } from "./maze.ts";
import { verifyMaze } from "./verify.ts";

/**
 * Highest route height of the usual construction: its walls stand at 8 and 9, two above any route
 * cell. A or B higher than this (the original's B at 9) lets the route climb to 9 and walls are then
 * chosen cell by cell (fillWalls).
 */
const PATH_TOP = 6;
const TOP = 9;
const TRIES = 60;

export const mazeParams = z.object({
  size: z.int().min(5).max(40).default(5),
  minJumps: z.int().min(0).max(200).default(2),
  /** Fixed heights of A and B (0–9); drawn from 0–6 when not given. */
  startHeight: z.int().min(0).max(TOP).optional(),
  endHeight: z.int().min(0).max(TOP).optional(),
});
export type MazeParams = z.infer<typeof mazeParams>;

export function generateData(params: MazeParams, rng: Rng): MazeData {
  return {
    size: params.size,
    minJumps: params.minJumps,
    startHeight: params.startHeight ?? rng.int(0, PATH_TOP),
    endHeight: params.endHeight ?? rng.int(0, PATH_TOP),
  };
}

/** The serpentine: left to right on row 0, down the right edge, right to left on row 2, … */
function serpentine(size: number): [number, number][] {
  const cells: [number, number][] = [];
  for (let r = 0; r < size; r += 2) {
    const k = r / 2;
    for (let i = 0; i < size; i++) cells.push([r, k % 2 === 0 ? i : size - 1 - i]);
    if (r + 2 < size) cells.push([r + 1, k % 2 === 0 ? size - 1 : 0]);
  }
  return cells;
}

/**
 * Reference constructor. A serpentine route runs along the even rows, joined by one connector
 * cell at alternating ends; every other cell is a wall of height 8 or 9, at least 2 above every
 * route cell (heights 0–6), so walls can be neither walked onto nor jumped over from the route.
 * Jumps skip a route cell inside a row, lowered 2 or more below equal take-off and landing
 * heights; such a cell touches only walls and its two route neighbours, so it stays unreachable.
 * The route heights are a random walk that is steered back to B's fixed height.
 */
export function constructMaze(data: MazeData, rng: Rng): MazeAnswer {
  const { size, minJumps, startHeight, endHeight } = data;
  const top = Math.max(PATH_TOP, startHeight, endHeight);
  const order = serpentine(size);
  const last = order.length - 1;
  // A middle needs its take-off and landing in the same row, with room to climb to height 2 from A and B.
  const candidates = order
    .map(([r, c], i) => ({ i, r, c }))
    .filter(
      ({ i, r, c }) =>
        r % 2 === 0 && c > 0 && c < size - 1 && i - 1 >= 2 - startHeight && last - i - 1 >= 2 - endHeight,
    )
    .map(({ i }) => i);
  if (pickSpaced(candidates).length < minJumps) {
    throw new InputError(`a ${size}×${size} maze of this construction holds fewer than ${minJumps} jumps`, {
      field: "minJumps",
    });
  }
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const middles = new Set(pickSpaced(rng.shuffle(candidates)).slice(0, minJumps));
    if (middles.size < minJumps) continue;
    const visited = order.map((_, i) => i).filter((i) => !middles.has(i));
    const jumpAfter = visited.map((i, k) => k + 1 < visited.length && (visited[k + 1] as number) - i === 2);
    const low = visited.map((_, k) => (jumpAfter[k] || (k > 0 && jumpAfter[k - 1]) ? 2 : 0));
    // Heights from which B's height can still be reached: intervals, from the end backwards.
    const reach: [number, number][] = new Array(visited.length);
    reach[visited.length - 1] = [endHeight, endHeight];
    for (let k = visited.length - 2; k >= 0; k--) {
      const [lo, hi] = reach[k + 1] as [number, number];
      const slack = jumpAfter[k] ? 0 : 1;
      reach[k] = [Math.max(lo - slack, low[k] as number), Math.min(hi + slack, top)];
    }
    const [lo0, hi0] = reach[0] as [number, number];
    if (startHeight < lo0 || startHeight > hi0) continue;
    const heights = [startHeight];
    for (let k = 1; k < visited.length; k++) {
      const h = heights[k - 1] as number;
      const slack = jumpAfter[k - 1] ? 0 : 1;
      const [lo, hi] = reach[k] as [number, number];
      heights.push(rng.int(Math.max(h - slack, lo), Math.min(h + slack, hi)));
    }

    const grid = Array.from({ length: size }, () => new Array<string>(size).fill(""));
    const set = (i: number, ch: string) => {
      const [r, c] = order[i] as [number, number];
      (grid[r] as string[])[c] = ch;
    };
    const heightAt = new Map(visited.map((i, k) => [i, heights[k] as number]));
    for (const [i, h] of heightAt) set(i, String(h));
    for (const i of middles) set(i, String(rng.int(0, (heightAt.get(i - 1) as number) - 2)));
    set(0, "A");
    set(last, "B");
    const walls: [number, number][] = [];
    for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) if (grid[r]?.[c] === "") walls.push([r, c]);
    if (top === PATH_TOP) {
      rng.shuffle(walls).forEach(([r, c], j) => {
        (grid[r] as string[])[c] = j % 2 === 0 ? "8" : "9";
      });
    } else if (!fillWalls(grid, walls, startHeight, endHeight)) continue;
    const answer = { rows: transform(grid, rng.int(0, 7)) };
    if (verifyMaze(data, answer).passed) return answer;
  }
  throw new Error(`maze-3d-jumps: no maze built for ${JSON.stringify(data)}`);
}

/**
 * Walls for a route that may climb above PATH_TOP, where no wall height stands 2 above every route
 * cell. Walls lie in the odd rows, whose only other cell is a connector. Each wall, in row order,
 * takes the least-used height that keeps it cut off from the route: at least 2 from each side
 * neighbour that is not a wall, at least 2 above the cells over and under it when those are equal
 * (so no jump crosses it), and never its row's connector height (so no jump lands on it). False when
 * some wall has no such height.
 */
function fillWalls(grid: string[][], walls: readonly [number, number][], a: number, b: number): boolean {
  const n = grid.length;
  const isWall = new Uint8Array(n * n);
  for (const [r, c] of walls) isWall[r * n + c] = 1;
  const at = (r: number, c: number): number | undefined => {
    if (r < 0 || r >= n || c < 0 || c >= n || isWall[r * n + c]) return undefined;
    const ch = grid[r]?.[c] as string;
    return ch === "A" ? a : ch === "B" ? b : Number(ch);
  };
  const used = new Array<number>(10).fill(0);
  for (let i = 0; i < n * n; i++) {
    const h = at(Math.floor(i / n), i % n);
    if (h !== undefined) used[h] = (used[h] as number) + 1;
  }
  for (const [r, c] of walls) {
    const up = at(r - 1, c);
    const down = at(r + 1, c);
    const near = [up, down, at(r, c - 1), at(r, c + 1)].filter((h) => h !== undefined);
    const connectors = Array.from({ length: n }, (_, cc) => at(r, cc)).filter((h) => h !== undefined);
    const ok = (v: number) =>
      near.every((h) => Math.abs(h - v) >= 2) &&
      !(up !== undefined && up === down && v < up) &&
      !connectors.includes(v);
    const options = Array.from({ length: 10 }, (_, v) => v).filter(ok);
    if (options.length === 0) return false;
    const v = options.reduce((best, x) => ((used[x] as number) < (used[best] as number) ? x : best));
    used[v] = (used[v] as number) + 1;
    (grid[r] as string[])[c] = String(v);
  }
  return true;
}

/** Greedily keeps the candidates (in the given order) not next to one already kept. */
function pickSpaced(candidates: readonly number[]): number[] {
  const kept = new Set<number>();
  for (const i of candidates) if (!kept.has(i - 1) && !kept.has(i + 1)) kept.add(i);
  return [...kept];
}

/** One of the 8 symmetries of the square: bit 0 transposes, bit 1 flips rows, bit 2 flips columns. */
function transform(grid: readonly string[][], sym: number): string[] {
  const n = grid.length;
  return Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) => {
      let rr = sym & 2 ? n - 1 - r : r;
      let cc = sym & 4 ? n - 1 - c : c;
      if (sym & 1) [rr, cc] = [cc, rr];
      return grid[rr]?.[cc] ?? "";
    }).join(""),
  );
}
