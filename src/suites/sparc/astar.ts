import type { Rng } from "../../core/rng.ts";
import { DIRECTIONS, type Direction } from "./gym-action.ts";
import { isRuleCell, type Puzzle } from "./puzzle.ts";
import type { Point } from "./record.ts";

/** Moves in gym order (right, up, left, down), the order the CLI's A* expands them in. */
const STEPS: readonly (readonly [number, number])[] = [
  [1, 0],
  [0, -1],
  [-1, 0],
  [0, 1],
];

/** A heap entry, compared as the CLI's Python tuple (f, g, (x, y)). */
type Entry = readonly [f: number, g: number, x: number, y: number];

function less(a: Entry, b: Entry): boolean {
  for (let i = 0; i < 4; i++) {
    if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number);
  }
  return false;
}

class MinHeap {
  private readonly items: Entry[] = [];

  get size(): number {
    return this.items.length;
  }

  push(e: Entry): void {
    const h = this.items;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!less(h[i] as Entry, h[parent] as Entry)) break;
      [h[i], h[parent]] = [h[parent] as Entry, h[i] as Entry];
      i = parent;
    }
  }

  pop(): Entry {
    const h = this.items;
    const top = h[0] as Entry;
    const last = h.pop() as Entry;
    if (h.length === 0) return top;
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && less(h[l] as Entry, h[m] as Entry)) m = l;
      if (r < h.length && less(h[r] as Entry, h[m] as Entry)) m = r;
      if (m === i) return top;
      [h[i], h[m]] = [h[m] as Entry, h[i] as Entry];
      i = m;
    }
  }
}

/**
 * The SPaRC CLI's A* ablation path (`_astar_find_path`): a shortest line from S to E over the
 * positions that are neither gaps nor rule cells, ignoring every rule. Ties go as in the CLI
 * (heap order of (f, g, x, y), neighbours right, up, left, down, first parent kept), so it picks
 * the same line. Null when E cannot be reached.
 */
export function astarPath(puzzle: Puzzle): Point[] | null {
  const { cols, rows, start, end } = puzzle;
  const index = (x: number, y: number): number => y * cols + x;
  const open = new Uint8Array(cols * rows);
  for (let y = 0; y < rows; y++) for (let x = 0; x < cols; x++) open[index(x, y)] = isRuleCell(x, y) ? 0 : 1;
  for (const g of puzzle.gaps) open[index(g.x, g.y)] = 0;
  const h = (x: number, y: number): number => Math.abs(x - end.x) + Math.abs(y - end.y);
  const best = new Int32Array(cols * rows).fill(-1);
  const parent = new Int32Array(cols * rows).fill(-1);
  const heap = new MinHeap();
  best[index(start.x, start.y)] = 0;
  heap.push([h(start.x, start.y), 0, start.x, start.y]);
  while (heap.size > 0) {
    const [, g, x, y] = heap.pop();
    if (x === end.x && y === end.y) {
      const path: Point[] = [];
      for (let at = index(x, y); at >= 0; at = parent[at] as number)
        path.push({ x: at % cols, y: (at / cols) | 0 });
      return path.reverse();
    }
    for (const [dx, dy] of STEPS) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= cols || ny >= rows || open[index(nx, ny)] === 0) continue;
      const at = index(nx, ny);
      const known = best[at] as number;
      if (known >= 0 && known <= g + 1) continue;
      best[at] = g + 1;
      parent[at] = index(x, y);
      heap.push([g + 1 + h(nx, ny), g + 1, nx, ny]);
    }
  }
  return null;
}

/** The moves of a line, in gym words. */
export function movesOf(path: readonly Point[]): Direction[] {
  return path.slice(1).map((p, i) => {
    const q = path[i] as Point;
    const k = STEPS.findIndex(([dx, dy]) => p.x - q.x === dx && p.y - q.y === dy);
    return DIRECTIONS[k] as Direction;
  });
}

/**
 * The CLI's A* agent in the gym (`process_puzzle_step_by_step_astar`): at step k, the plan's k-th
 * move if it is legal, else a random legal action.
 */
export function astarAction(
  plan: readonly Direction[],
  step: number,
  legal: readonly unknown[],
  rng: Rng,
): unknown {
  const planned = plan[step];
  return planned !== undefined && legal.includes(planned) ? planned : rng.pick(legal);
}
