import { type Cell, cellKey } from "../../../geometry/voxels.ts";
import { DIRECTION_VECTORS, ENTRY_DIRECTIONS, OPPOSITE, sweptCells } from "./rules.ts";
import type { Direction, InsertionRule } from "./schema.ts";

export interface AssemblyStep {
  /** The slot (index into the packing). */
  piece: number;
  /** The direction the piece travels in when it is inserted. */
  direction: Direction;
}

/** Slot sets the completion search may visit before it gives up. */
const COMPLETION_BUDGET = 20_000;

/**
 * The slots of a full packing and what each needs under an insertion rule: for every entry
 * direction the other slots its path crosses, and the slots right below it. A set of filled slots
 * is then enough to tell which slot may go in next, without touching cells.
 */
export class SlotGraph {
  private readonly directions: readonly Direction[];
  /** entry[s][k]: the slots the path of s crosses when it enters along directions[k]. */
  private readonly entry: number[][][];
  /** The slots whose paths s crosses, for the dead-slot check after s is filled. */
  private readonly crosses: number[][];
  private readonly onFloor: boolean[];
  private readonly below: number[][];
  private readonly dead = new Set<string>();

  constructor(solution: readonly (readonly Cell[])[], box: Cell, rule: InsertionRule) {
    this.directions = ENTRY_DIRECTIONS[rule];
    const owner = new Map<string, number>();
    solution.forEach((cells, s) => {
      for (const c of cells) owner.set(cellKey(c), s);
    });
    const others = (s: number, cells: readonly Cell[]): number[] => {
      const out = new Set<number>();
      for (const c of cells) {
        const o = owner.get(cellKey(c));
        if (o !== undefined && o !== s) out.add(o);
      }
      return [...out];
    };
    this.entry = solution.map((cells, s) =>
      this.directions.map((d) => others(s, sweptCells(cells, DIRECTION_VECTORS[OPPOSITE[d]], box))),
    );
    this.crosses = solution.map(() => []);
    this.entry.forEach((paths, t) => {
      for (const s of new Set(paths.flat())) this.crosses[s]?.push(t);
    });
    this.onFloor = solution.map((cells) => cells.some((c) => c[2] === 0));
    this.below = solution.map((cells, s) =>
      others(
        s,
        cells.map((c) => [c[0], c[1], c[2] - 1] as Cell),
      ),
    );
  }

  /** A direction along which slot s can enter past the filled slots, if any. */
  entryDirection(s: number, filled: readonly boolean[]): Direction | undefined {
    const k = (this.entry[s] ?? []).findIndex((path) => !path.some((t) => filled[t]));
    return k < 0 ? undefined : this.directions[k];
  }

  supported(s: number, filled: readonly boolean[]): boolean {
    return (this.onFloor[s] ?? false) || (this.below[s] ?? []).some((t) => filled[t]);
  }

  /**
   * Whether the empty slots could be filled in some order if support did not matter: in the full
   * box, some empty slot must have a clear path out, and taking one out never blocks another, so
   * taking them out greedily decides it (A.5's Algorithm 1, along the rule's directions). This
   * rejects interlocked or cyclic packings at once, where the search would try every order.
   */
  private pathsAllow(filled: readonly boolean[]): boolean {
    const present = filled.map(() => true);
    const empty = new Set(filled.flatMap((f, s) => (f ? [] : [s])));
    while (empty.size > 0) {
      const out = [...empty].find((s) => this.entryDirection(s, present) !== undefined);
      if (out === undefined) return false;
      present[out] = false;
      empty.delete(out);
    }
    return true;
  }

  /**
   * An order completing the filled slots, each slot supported and unobstructed on arrival, trying
   * slots in `prefer` order; null when there is none, or none found within the budget. A depth-first
   * search that drops a branch as soon as some empty slot has every path blocked (filling more
   * never clears a path), and remembers the slot sets it has found to be dead ends.
   */
  completion(filled: readonly boolean[], prefer: readonly number[]): AssemblyStep[] | null {
    if (!this.pathsAllow(filled)) return null;
    const state = [...filled];
    const steps: AssemblyStep[] = [];
    let left = COMPLETION_BUDGET;
    const search = (): boolean | "out" => {
      if (state.every(Boolean)) return true;
      const key = state.map((f) => (f ? "1" : "0")).join("");
      if (this.dead.has(key)) return false;
      if (--left < 0) return "out";
      for (const s of prefer) {
        if (state[s] || !this.supported(s, state)) continue;
        const direction = this.entryDirection(s, state);
        if (direction === undefined) continue;
        state[s] = true;
        const shut = (this.crosses[s] ?? []).some(
          (t) => !state[t] && this.entryDirection(t, state) === undefined,
        );
        if (!shut) {
          steps.push({ piece: s, direction });
          const r = search();
          if (r !== false) return r;
          steps.pop();
        }
        state[s] = false;
      }
      this.dead.add(key);
      return false;
    };
    return search() === true ? steps : null;
  }
}

/** Slots by lowest cell, then index: the order the generator tries them in. */
export function lowestFirst(solution: readonly (readonly Cell[])[]): number[] {
  const low = solution.map((cells) => Math.min(...cells.map((c) => c[2])));
  return solution.map((_, s) => s).sort((a, b) => (low[a] as number) - (low[b] as number) || a - b);
}

/**
 * An assembly order of a full packing under the rule from the empty box, or null when none
 * exists (or the search runs out of budget, which the generator treats the same way).
 */
export function assemblyOrder(
  solution: readonly (readonly Cell[])[],
  box: Cell,
  rule: InsertionRule,
): AssemblyStep[] | null {
  return new SlotGraph(solution, box, rule).completion(
    solution.map(() => false),
    lowestFirst(solution),
  );
}
