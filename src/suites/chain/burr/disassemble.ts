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
 *
 * The states, moves and gaps live in kernel-search.ts and kernel-gaps.ts (packed integer states,
 * gaps cached per pair of piece shapes and offset); they yield motion.ts's moves in its order.
 */
import type { Cell } from "../../../geometry/voxels.ts";
import { FAR, type GapCache } from "./kernel-gaps.ts";
import { type Parting, SMALL, StateSpace, smallMasks, wideMasks } from "./kernel-search.ts";
import { axisOf, Motion, signOf } from "./motion.ts";

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

class Budget extends Error {}

/** Search spaces no search is using: their storage serves the next ones. */
const spaces: StateSpace<number>[] = [];

export class Disassembler {
  readonly motion: Motion;
  nodes = 0;
  private readonly memo = new Map<string, Solved | null>();

  /** `cache` may be shared by every disassembly of pieces of the same shapes (one puzzle's assemblies). */
  constructor(
    readonly shapes: readonly (readonly Cell[])[],
    private readonly opts: DisassemblyOptions = {},
    cache?: GapCache,
  ) {
    this.motion = new Motion(shapes, cache);
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
    // BurrTools' choice takes one separation per state: no part comes up twice.
    if (this.opts.choice === "burrtools") return this.search(ids, pos);
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
   *
   * A state where a single piece p can slide out for good is not expanded further: taking p out
   * first is optimal there. Any plan from the state, with p struck out of every moving group (and
   * moves left empty, or moving a whole part, dropped), still takes the other pieces apart, as p
   * only ever stood in the way; and the move that finally leaves p alone is dropped, so the other
   * pieces need at least one move fewer than the whole plan. Not with BurrTools groups, where p
   * need never be alone.
   */
  private search(ids: readonly number[], start: readonly Cell[]): Solved | null {
    if (ids.length > SMALL)
      return this.searchIn(new StateSpace(this.motion, ids, start, wideMasks(ids.length)));
    const space = spaces.pop() ?? new StateSpace(this.motion, ids, start, smallMasks(ids.length));
    space.reset(this.motion, ids, start, smallMasks(ids.length));
    try {
      return this.searchIn(space);
    } finally {
      spaces.push(space);
    }
  }

  private searchIn<M>(space: StateSpace<M>): Solved | null {
    const ids = space.ids;
    const limit = this.opts.nodeLimit ?? Number.POSITIVE_INFINITY;
    const first = this.opts.choice === "burrtools";
    const grouped = this.opts.groups?.some((g) => g !== 0) ?? false;
    const least = grouped ? 1 : ids.length - 1;
    let best: Solved | null = null;
    // The states of one depth are numbered one after another: the frontier is a range.
    for (let depth = 0, from = 0; from < space.count; depth++) {
      if (best && best.total <= depth + least) return best;
      const to = space.count;
      for (let s = from; s < to; s++) {
        if (++this.nodes > limit) throw new Budget();
        space.load(s);
        if (first) {
          const alone = space.firstAlone();
          if (alone) return this.separate(space, s, alone.mask, alone.dir);
          space.slides(null);
          const group = space.firstGroup();
          if (group) return this.separate(space, s, group.mask, group.dir);
        } else {
          // A piece that slides out alone here is best taken out at once (see `search`): a leaf.
          const alone = grouped ? null : space.firstAlone();
          if (alone) {
            const solved = this.separate(space, s, alone.mask, alone.dir);
            if (solved && (best === null || solved.total < best.total)) best = solved;
            continue;
          }
          space.slides(this.parting(space, s));
          for (const o of space.separations()) {
            const solved = this.separate(space, s, o.mask, o.dir);
            if (solved && (best === null || solved.total < best.total)) best = solved;
          }
        }
        for (let k = 0; k < space.slideCount; k++) space.child(s, k);
      }
      from = to;
    }
    return best;
  }

  /** motion.ts `apartOf` for a state: its largest extent and the clearance of a group. */
  private parting<M>(space: StateSpace<M>, s: number): Parting<M> {
    const ids = space.ids;
    const pos = space.positions(s);
    let span = 0;
    for (let a = 0; a < 3; a++) {
      let low = FAR;
      let high = -FAR;
      ids.forEach((id, i) => {
        const box = this.motion.cache.box(this.motion.forms[id] as number);
        const at = ((pos[i] as Cell)[a] as number) + ((this.motion.offsets[id] as Cell)[a] as number);
        low = Math.min(low, (box.lo[a] as number) + at);
        high = Math.max(high, (box.hi[a] as number) + at);
      });
      span = Math.max(span, high - low + 1);
    }
    return { span, clear: (mask, dir) => this.clearance(ids, pos, (i) => space.masks.has(mask, i), dir) };
  }

  private separate<M>(space: StateSpace<M>, s: number, mask: M, dir: number): Solved | null {
    const ids = space.ids;
    const inGroup = (i: number) => space.masks.has(mask, i);
    const pos = space.positions(s);
    const moved = ids.filter((_, i) => inGroup(i));
    const rest = ids.filter((_, i) => !inGroup(i));
    const posOf = (list: readonly number[]) => list.map((id) => pos[ids.indexOf(id)] as Cell);
    const parts: { ids: number[]; solved: Solved | null }[] = [];
    for (const part of [rest, moved]) {
      if (this.done(part)) parts.push({ ids: part, solved: null });
      else {
        const solved = this.solve(part, posOf(part));
        if (!solved) return null;
        parts.push({ ids: part, solved });
      }
    }
    const moves: PlanMove[] = space.path(s).map((m) => ({
      pieces: ids.filter((_, i) => space.masks.has(m.mask, i)),
      dir: m.dir,
      distance: m.distance,
      separates: false,
    }));
    moves.push({ pieces: moved, dir, distance: this.clearance(ids, pos, inGroup, dir), separates: true });
    const [stay, out] = this.stayingFirst(parts[0] as (typeof parts)[0], parts[1] as (typeof parts)[0]);
    const tree: Separation = {
      pieces: [...ids],
      moves,
      left: stay.solved?.tree ?? null,
      removed: out.solved?.tree ?? null,
    };
    return { tree, total: moves.length + (stay.solved?.total ?? 0) + (out.solved?.total ?? 0) };
  }

  /** motion.ts `clearance` from the pieces' boxes: units until the group's box clears the rest's. */
  private clearance(
    ids: readonly number[],
    pos: readonly Cell[],
    inGroup: (i: number) => boolean,
    dir: number,
  ): number {
    const a = axisOf(dir);
    let gMin = FAR;
    let gMax = -FAR;
    let rMin = FAR;
    let rMax = -FAR;
    ids.forEach((id, i) => {
      const box = this.motion.cache.box(this.motion.forms[id] as number);
      const at = ((pos[i] as Cell)[a] as number) + ((this.motion.offsets[id] as Cell)[a] as number);
      const low = (box.lo[a] as number) + at;
      const high = (box.hi[a] as number) + at;
      if (inGroup(i)) {
        gMin = Math.min(gMin, low);
        gMax = Math.max(gMax, high);
      } else {
        rMin = Math.min(rMin, low);
        rMax = Math.max(rMax, high);
      }
    });
    return signOf(dir) > 0 ? Math.max(1, rMax - gMin + 1) : Math.max(1, gMax - rMin + 1);
  }

  /** BurrTools keeps the heavier part, else the larger; otherwise the moved group is the removed one. */
  private stayingFirst<T extends { ids: number[] }>(rest: T, moved: T): [T, T] {
    const w = this.opts.weights;
    const weight = (p: T) => {
      let most = -Infinity;
      for (const i of p.ids) most = Math.max(most, w?.[i] ?? 1);
      return most;
    };
    if (weight(moved) > weight(rest)) return [moved, rest];
    if (weight(moved) === weight(rest) && moved.ids.length > rest.ids.length) return [moved, rest];
    return [rest, moved];
  }
}

function relativeKey(pos: readonly Cell[]): string {
  const o = pos[0] as Cell;
  let s = "";
  for (const p of pos) s += `${p[0] - o[0]},${p[1] - o[1]},${p[2] - o[2]};`;
  return s;
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

/**
 * Disassembles pieces given by their cells in the assembled position. Disassemblies of one
 * puzzle's assemblies may share a `cache` of gaps between its pieces.
 */
export function disassemble(
  pieces: readonly (readonly Cell[])[],
  opts: DisassemblyOptions = {},
  cache?: GapCache,
): Disassembly {
  const d = new Disassembler(pieces, opts, cache);
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
