import { Rng } from "../../../core/rng.ts";
import { hamiltonianCycle } from "./box.ts";
import { field } from "./rules.ts";
import type { HyperSnakeData, Point } from "./schema.ts";

const RESTARTS = 40;

/**
 * The reference snake: the box's Hamiltonian cycle followed from the start in either direction
 * (it stops at the first wall), and Warnsdorff walks that always step to the open neighbour with
 * the fewest open neighbours, ties broken by a fixed-seed stream; the longest path wins.
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
  return best.map((k) => box.point(k));
}
