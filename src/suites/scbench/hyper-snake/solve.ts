import { Rng } from "../../../core/rng.ts";
import type { Box } from "./box.ts";
import { hamiltonianCycle } from "./box.ts";
import { field, fullCoverage } from "./rules.ts";
import type { HyperSnakeData, Point } from "./schema.ts";

const RESTARTS = 40;

/**
 * The reference snake: the box's Hamiltonian cycle followed from the start in either direction
 * (it stops at the first wall), and Warnsdorff walks that always step to the open neighbour with
 * the fewest open neighbours, ties broken by a fixed-seed stream; the longest path wins. When that
 * path misses food (a food cell walled in on all sides but one can only be the last cell), a
 * rotation search looks for a path that ends on the food.
 */
export function solveSnake(data: HyperSnakeData): Point[] {
  const { box, wall, open } = field(data);
  const start = box.index(data.start);
  let best: number[] = [start];
  const consider = (path: number[]): void => {
    if (path.length > best.length) best = path;
  };
  if (box.size % 2 === 0) {
    const cycle = hamiltonianCycle(data.shape).map((p) => box.index(p));
    const at = cycle.indexOf(start);
    for (const dir of [1, -1]) {
      const path: number[] = [];
      for (let i = 0; i < cycle.length; i++) {
        const k = cycle[(((at + dir * i) % cycle.length) + cycle.length) % cycle.length] ?? start;
        if (wall[k] === 1) break;
        path.push(k);
      }
      consider(path);
    }
  }
  const rng = new Rng("scbench/hyper-snake/reference");
  const used = new Uint8Array(box.size);
  const openAround = (k: number): number => box.neighbours(k).filter((n) => used[n] === 0).length;
  for (let run = 0; run < RESTARTS && best.length < open; run++) {
    used.set(wall);
    used[start] = 1;
    const path = [start];
    let at = start;
    for (;;) {
      const options = box.neighbours(at).filter((n) => used[n] === 0);
      if (options.length === 0) break;
      let choice: number[] = [];
      let fewest = Number.POSITIVE_INFINITY;
      for (const n of options) {
        // A neighbour with no way onwards ends the snake; take it only when nothing else is left.
        const onward = openAround(n);
        const d = onward === 0 && options.length > 1 ? Number.MAX_SAFE_INTEGER : onward;
        if (d < fewest) {
          fewest = d;
          choice = [n];
        } else if (d === fewest) choice.push(n);
      }
      at = rng.pick(choice);
      used[at] = 1;
      path.push(at);
    }
    consider(path);
  }
  const missed = (path: number[]) => data.food.some((f) => !path.includes(box.index(f)));
  if (missed(best)) {
    // A food cell the walks miss (the original's dead ends behind walls): keep it for the end.
    for (const f of data.food) {
      // On a bipartite grid the length fixes which side the end is on: try both lengths.
      for (const extra of [0, 1]) {
        const path = rotateTo(box, wall, start, box.index(f), fullCoverage(data) + extra, rng);
        if (path && !missed(path) && (missed(best) || path.length > best.length)) best = path;
      }
      if (!missed(best) && best.length >= fullCoverage(data)) break;
    }
  }
  return best.map((k) => box.point(k));
}

/** Most extensions and rotations one search for a path ending on a given cell may make. */
const ROTATION_STEPS = 200_000;

/**
 * A path from `start` of exactly `length` cells that ends on `target`, by Pósa rotations: grow the
 * path at its end (fewest onward neighbours first) to `length` − 1 cells without `target`; while the
 * end is stuck or not beside `target`, pick a path cell beside the end and reverse the stretch after
 * it, which moves the end elsewhere. Null when the step budget runs out.
 */
function rotateTo(
  box: Box,
  wall: Uint8Array,
  start: number,
  target: number,
  length: number,
  rng: Rng,
): number[] | null {
  const at = new Int32Array(box.size).fill(-1);
  const path = [start];
  at[start] = 0;
  const free = (k: number) => wall[k] === 0 && (at[k] as number) < 0;
  const onward = (k: number) => box.neighbours(k).filter(free).length;
  for (let step = 0; step < ROTATION_STEPS; step++) {
    const last = path.length - 1;
    const end = path[last] as number;
    if (end === target) return path;
    const full = path.length + 1 >= length;
    const grow = box.neighbours(end).filter((n) => free(n) && (n === target) === full);
    if (grow.length > 0) {
      const next = grow.reduce((a, b) => (onward(b) + rng.float() < onward(a) + rng.float() ? b : a));
      at[next] = path.length;
      path.push(next);
      continue;
    }
    const pivots = box.neighbours(end).filter((n) => (at[n] as number) >= 0 && (at[n] as number) < last - 1);
    if (pivots.length === 0) return null;
    const i = at[rng.pick(pivots)] as number;
    for (let lo = i + 1, hi = last; lo < hi; lo++, hi--) {
      const a = path[lo] as number;
      const b = path[hi] as number;
      path[lo] = b;
      path[hi] = a;
      at[b] = lo;
      at[a] = hi;
    }
  }
  return null;
}
