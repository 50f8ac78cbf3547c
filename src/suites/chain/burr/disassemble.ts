/**
 * A disassembler in the manner of BurrTools: breadth-first search over the relative positions of
 * the pieces of a (sub-)assembly. One move slides any group of pieces any whole distance along
 * one axis direction without collision (BurrTools' move: it merges independent groups sliding
 * the same way and distance into one move, motion.ts `slides`); a group that can slide away for
 * good separates, and both parts are solved the same way. The environment accepts exactly these
 * moves and counts each as one step.
 *
 * Two choices of plan: "burrtools" takes the first separation met in BurrTools' order, which
 * gives its level strings and solution counts; "cheapest" (the environment's optimal steps)
 * finds the shortest complete plan, a true lower bound on any agent's move count.
 */
import type { Cell } from "../../../geometry/voxels.ts";
import {
  add,
  allSeparations,
  apartOf,
  axisOf,
  clearance,
  GapTable,
  Motion,
  separations,
  signOf,
  slides,
  step,
} from "./motion.ts";

export interface PlanMove {
  /** Global piece indices that slide together. */
  pieces: number[];
  dir: number;
  /**
   * Units; for a separating move in a tree, just enough for the group's bounding box to clear the
   * rest's (flattenPlan lengthens it so that the part waiting aside is never in the way).
   */
  distance: number;
  separates: boolean;
}

export interface Separation {
  pieces: number[];
  /** The moves up to and including the one that splits these pieces in two. */
  moves: PlanMove[];
  /** The part that stays (BurrTools' "left"), when it needs more moves. */
  left: Separation | null;
  /** The part taken out, when it needs more moves. */
  removed: Separation | null;
}

export interface DisassemblyOptions {
  /** BurrTools group per piece (0 = none): pieces of one group need not be separated. */
  groups?: readonly number[];
  /** Heavier parts stay (BurrTools' weight); default 1 each. */
  weights?: readonly number[];
  /** Give up after this many search states in all. */
  nodeLimit?: number;
  /**
   * "cheapest" (default): the shortest whole plan with the environment's moves, its optimal
   * step count; "burrtools": each separation the fewest moves away, the first one met in
   * BurrTools' own order, giving up when its parts cannot be taken apart, as BurrTools does
   * (its level strings and solution counts).
   */
  choice?: "cheapest" | "burrtools";
}

export interface Disassembly {
  tree: Separation | null;
  /** Taken completely apart (trivially so for one piece or one BurrTools group). */
  solved: boolean;
  /** Total moves of the plan (every separation), or 0 when there is none. */
  moves: number;
  level: string;
  plan: PlanMove[];
  /** Search states visited. */
  nodes: number;
  /** False when the node limit stopped the search before an answer. */
  complete: boolean;
}

interface Solved {
  tree: Separation;
  total: number;
}

interface StateNode {
  pos: Cell[];
  parent: string | null;
  move: PlanMove | null;
}

class Budget extends Error {}

export class Disassembler {
  readonly motion: Motion;
  nodes = 0;
  private readonly memo = new Map<string, Solved | null>();

  constructor(
    readonly shapes: readonly (readonly Cell[])[],
    private readonly opts: DisassemblyOptions = {},
  ) {
    this.motion = new Motion(shapes);
  }

  /** True when the pieces need no separating: one piece, or all of one BurrTools group. */
  done(ids: readonly number[]): boolean {
    if (ids.length <= 1) return true;
    const g = this.opts.groups;
    if (!g) return false;
    const first = g[ids[0] as number] ?? 0;
    return first !== 0 && ids.every((i) => (g[i] ?? 0) === first);
  }

  /** The cheapest full disassembly of these pieces at these positions, or null if none. */
  solve(ids: readonly number[], pos: readonly Cell[]): Solved | null {
    const key = `${ids.join(",")}@${relativeKey(pos)}`;
    if (this.memo.has(key)) return this.memo.get(key) ?? null;
    const result = this.search(ids, pos);
    this.memo.set(key, result);
    return result;
  }

  /**
   * Breadth-first over the positions of these pieces. "burrtools": the first separation met in
   * BurrTools' order ends the search, whether or not its parts come apart. "cheapest": every
   * separation (every group that can slide out) at every depth is tried until no deeper one can
   * beat the best plan (a part of m pieces needs at least m − 1 more moves), so the plan is the
   * shortest there is with the environment's moves.
   */
  private search(ids: readonly number[], start: readonly Cell[]): Solved | null {
    const seen = new Map<string, StateNode>();
    const startKey = relativeKey(start);
    seen.set(startKey, { pos: start.map((c) => [...c] as Cell), parent: null, move: null });
    let frontier = [startKey];
    const limit = this.opts.nodeLimit ?? Number.POSITIVE_INFINITY;
    const first = this.opts.choice === "burrtools";
    const grouped = this.opts.groups?.some((g) => g !== 0) ?? false;
    const least = grouped ? 1 : ids.length - 1;
    let best: Solved | null = null;
    for (let depth = 0; frontier.length > 0; depth++) {
      if (best && best.total <= depth + least) return best;
      const next: string[] = [];
      for (const key of frontier) {
        if (++this.nodes > limit) throw new Budget();
        const node = seen.get(key) as StateNode;
        const table = new GapTable(this.motion, ids, node.pos);
        const cells = (i: number) => this.worldCells(ids[i] as number, node.pos[i] as Cell);
        if (first) {
          const o = separations(table)[0];
          if (o) return this.separate(ids, node, key, seen, o.mask, o.dir);
        } else {
          for (const o of allSeparations(table)) {
            const solved = this.separate(ids, node, key, seen, o.mask, o.dir);
            if (solved && (best === null || solved.total < best.total)) best = solved;
          }
        }
        for (const gm of slides(table, first ? undefined : apartOf(cells, ids.length))) {
          const d = step(gm.dir, gm.distance);
          const pos = node.pos.map((c, i) => (gm.mask & (1 << i) ? add(c, d) : c));
          const nk = relativeKey(pos);
          if (seen.has(nk)) continue;
          const pieces = ids.filter((_, i) => gm.mask & (1 << i));
          seen.set(nk, {
            pos,
            parent: key,
            move: { pieces, dir: gm.dir, distance: gm.distance, separates: false },
          });
          next.push(nk);
        }
      }
      frontier = next;
    }
    return best;
  }

  private separate(
    ids: readonly number[],
    node: StateNode,
    key: string,
    seen: Map<string, StateNode>,
    mask: number,
    dir: number,
  ): Solved | null {
    const n = ids.length;
    const moved = ids.filter((_, i) => mask & (1 << i));
    const rest = ids.filter((_, i) => !(mask & (1 << i)));
    const posOf = (list: readonly number[]) => list.map((id) => node.pos[ids.indexOf(id)] as Cell);
    const parts: { ids: number[]; solved: Solved | null }[] = [];
    for (const part of [rest, moved]) {
      if (this.done(part)) parts.push({ ids: part, solved: null });
      else {
        const solved = this.solve(part, posOf(part));
        if (!solved) return null;
        parts.push({ ids: part, solved });
      }
    }
    const cells = (i: number) => this.worldCells(ids[i] as number, node.pos[i] as Cell);
    const distance = clearance(cells, mask, n, dir);
    const moves = pathTo(seen, key);
    moves.push({ pieces: moved, dir, distance, separates: true });
    const [stay, out] = this.stayingFirst(parts[0] as (typeof parts)[0], parts[1] as (typeof parts)[0]);
    const tree: Separation = {
      pieces: [...ids],
      moves,
      left: stay.solved?.tree ?? null,
      removed: out.solved?.tree ?? null,
    };
    return { tree, total: moves.length + (stay.solved?.total ?? 0) + (out.solved?.total ?? 0) };
  }

  /** BurrTools keeps the heavier part, else the larger; otherwise the moved group is the removed one. */
  private stayingFirst<T extends { ids: number[] }>(rest: T, moved: T): [T, T] {
    const w = this.opts.weights;
    const weight = (p: T) => Math.max(...p.ids.map((i) => w?.[i] ?? 1));
    if (weight(moved) > weight(rest)) return [moved, rest];
    if (weight(moved) === weight(rest) && moved.ids.length > rest.ids.length) return [moved, rest];
    return [rest, moved];
  }

  worldCells(id: number, pos: Cell): Cell[] {
    return (this.shapes[id] as Cell[]).map((c) => add(c, pos));
  }
}

function relativeKey(pos: readonly Cell[]): string {
  const o = pos[0] as Cell;
  let s = "";
  for (const p of pos) s += `${p[0] - o[0]},${p[1] - o[1]},${p[2] - o[2]};`;
  return s;
}

function pathTo(seen: Map<string, StateNode>, key: string): PlanMove[] {
  const out: PlanMove[] = [];
  let at: StateNode | undefined = seen.get(key);
  while (at?.move) {
    out.push(at.move);
    at = at.parent === null ? undefined : seen.get(at.parent);
  }
  return out.reverse();
}

/**
 * The moves of a separation tree in play order: each separation, then its staying part, then the
 * removed one. The staying part is taken completely apart first while the other part waits where
 * the separation left it, so the separating move slides out farther than the clearance: by as far
 * as any piece of the staying part ever advances towards the waiting part. Then no move of the
 * plan meets a waiting part, here or higher up the tree (their distances count what is below).
 */
export function flattenPlan(tree: Separation | null): PlanMove[] {
  if (!tree) return [];
  const left = flattenPlan(tree.left);
  const moves = tree.moves.map((m) => ({ ...m, pieces: [...m.pieces] }));
  const out = moves.at(-1);
  if (out?.separates) {
    const leftMoved = tree.left?.pieces.includes(out.pieces[0] as number) ?? false;
    out.distance += advance(left, leftMoved ? out.dir ^ 1 : out.dir);
  }
  return [...moves, ...left, ...flattenPlan(tree.removed)];
}

/** The farthest any piece of a plan gets from where it starts, in direction `dir` (0 if never). */
function advance(plan: readonly PlanMove[], dir: number): number {
  const offset = new Map<number, number>();
  let most = 0;
  for (const m of plan) {
    if (axisOf(m.dir) !== axisOf(dir)) continue;
    const by = signOf(m.dir) * signOf(dir) * m.distance;
    for (const p of m.pieces) {
      const at = (offset.get(p) ?? 0) + by;
      offset.set(p, at);
      most = Math.max(most, at);
    }
  }
  return most;
}

function multiMove(tree: Separation | null): boolean {
  return tree !== null && (tree.moves.length > 1 || multiMove(tree.left) || multiMove(tree.removed));
}

/** BurrTools' level text: moves of a separation, then its parts' texts where some step takes more than one move. */
export function levelString(tree: Separation | null): string {
  if (!tree) return "";
  let s = String(tree.moves.length);
  if (multiMove(tree.left)) s += `.${levelString(tree.left)}`;
  if (multiMove(tree.removed)) s += `.${levelString(tree.removed)}`;
  return s;
}

/** Disassembles pieces given by their cells in the assembled position. */
export function disassemble(
  pieces: readonly (readonly Cell[])[],
  opts: DisassemblyOptions = {},
): Disassembly {
  const d = new Disassembler(pieces, opts);
  const ids = pieces.map((_, i) => i);
  const pos = pieces.map((): Cell => [0, 0, 0]);
  let found: Solved | null;
  try {
    found = d.done(ids) ? null : d.solve(ids, pos);
  } catch (e) {
    if (e instanceof Budget)
      return { tree: null, solved: false, moves: 0, level: "", plan: [], nodes: d.nodes, complete: false };
    throw e;
  }
  const tree = found?.tree ?? null;
  const plan = flattenPlan(tree);
  const solved = tree !== null || d.done(ids);
  return { tree, solved, moves: plan.length, level: levelString(tree), plan, nodes: d.nodes, complete: true };
}
