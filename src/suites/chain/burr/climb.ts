/**
 * High-level burrs by hill climbing, for the hard tier: random notchable Luban locks rarely need
 * more than four moves before a piece comes out, while six-piece burrs with holes reach level 10
 * and more. The assembled shape is the standard burr's, less holes: a cell of a stick's outer part
 * stays filled, a cell where sticks cross may also be a hole. Starting from a burr that comes
 * apart, a change of one cell's owner (to a piece next to it, or to a hole) is kept when the puzzle
 * still comes apart completely and its first separation needs no fewer moves; ties go to fewer
 * ways out at the start, then to a wider search before the first separation. When more pieces are
 * wanted, a burr above the goal gets a new piece (one cut in two, or a few holes filled), the one
 * that keeps the level highest, and the climb goes on: pieces stop being plain sticks.
 */
import type { Rng } from "../../../core/rng.ts";
import { type Cell, cellKey, isConnected, NEIGHBOURS } from "../../../geometry/voxels.ts";
import { disassemble } from "./disassemble.ts";
import { allSeparations, GapTable, Motion } from "./motion.ts";
import { burrFrame } from "./notchable.ts";

export interface ClimbOptions {
  pieces: number;
  minLevel: number;
  /** Single-cell changes tried in all, before giving up on this start. */
  steps: number;
  nodeLimit: number;
}

const HOLE = -1;
/** Fewest cells of a piece: a cut never leaves a sliver. */
const MIN_CELLS = 4;

interface Score {
  level: number;
  tie: number;
}

class Frame {
  readonly cells: Cell[];
  readonly inner: boolean[];
  readonly neighbours: number[][];
  private readonly index = new Map<string, number>();

  constructor() {
    const { outer, inner } = burrFrame();
    this.cells = [...outer, ...inner];
    this.inner = this.cells.map((_, i) => i >= outer.length);
    this.cells.forEach((c, i) => {
      this.index.set(cellKey(c), i);
    });
    this.neighbours = this.cells.map((c) =>
      NEIGHBOURS.map((d) => this.index.get(cellKey([c[0] + d[0], c[1] + d[1], c[2] + d[2]])) ?? -1).filter(
        (j) => j >= 0,
      ),
    );
  }

  indexOf(c: Cell): number | undefined {
    return this.index.get(cellKey(c));
  }
}

let frame: Frame | null = null;

/**
 * Climbs from `start` (pieces within the standard burr frame) to a burr of `pieces` pieces whose
 * first separation needs at least `minLevel` moves, or null when the steps run out.
 */
export function climbBurr(
  start: readonly (readonly Cell[])[],
  opts: ClimbOptions,
  rng: Rng,
): Cell[][] | null {
  frame ??= new Frame();
  const f = frame;
  const owner = new Array<number>(f.cells.length).fill(HOLE);
  start.forEach((cells, p) => {
    for (const c of cells) {
      const i = f.indexOf(c);
      if (i === undefined) throw new RangeError("climbBurr: a start piece leaves the burr frame");
      owner[i] = p;
    }
  });
  let count = start.length;
  let current = score(piecesOf(owner, count), opts.nodeLimit);
  if (current.level < 1) return null;
  let cutFailedAt = 0;
  for (let step = 0; step < opts.steps; step++) {
    if (count >= opts.pieces && current.level >= opts.minLevel) return piecesOf(owner, count);
    // A new piece costs a level or so: add one only above the goal, and keep it if the goal holds.
    if (count < opts.pieces && current.level > opts.minLevel && current.level > cutFailedAt) {
      const cut = bestCut(owner, count, opts.nodeLimit, rng);
      step += CUT_DRAWS;
      if (cut && cut.score.level >= opts.minLevel) {
        owner.splice(0, owner.length, ...cut.owner);
        count++;
        current = cut.score;
        cutFailedAt = 0;
        continue;
      }
      // No new piece keeps the goal: climb higher before the next try.
      cutFailedAt = current.level;
    }
    const next = mutate(f, owner, rng);
    if (!next) continue;
    const s = score(piecesOf(next, count), opts.nodeLimit);
    if (s.level > current.level || (s.level === current.level && s.tie >= current.tie)) {
      owner.splice(0, owner.length, ...next);
      current = s;
    }
  }
  return null;
}

function piecesOf(owner: readonly number[], count: number): Cell[][] {
  const f = frame as Frame;
  const out: Cell[][] = Array.from({ length: count }, () => []);
  owner.forEach((p, i) => {
    if (p !== HOLE) out[p]?.push(f.cells[i] as Cell);
  });
  return out;
}

/** The moves before the first separation (−1 when the puzzle does not come apart), and a tie-break. */
function score(pieces: Cell[][], nodeLimit: number): Score {
  const d = disassemble(pieces, { choice: "burrtools", nodeLimit });
  if (!d.solved || !d.tree) return { level: -1, tie: 0 };
  const level = d.tree.moves.length;
  if (level > 1) return { level, tie: d.nodes };
  const ids = pieces.map((_, i) => i);
  const start = pieces.map((): Cell => [0, 0, 0]);
  return { level, tie: -allSeparations(new GapTable(new Motion(pieces), ids, start)).length };
}

/** One cell given to a neighbouring piece, or (where sticks cross) made a hole; null when that breaks a piece. */
function mutate(f: Frame, owner: readonly number[], rng: Rng): number[] | null {
  const i = rng.int(0, f.cells.length - 1);
  const was = owner[i] as number;
  const options = new Set<number>();
  for (const j of f.neighbours[i] as number[]) if (owner[j] !== HOLE) options.add(owner[j] as number);
  if (f.inner[i]) options.add(HOLE);
  options.delete(was);
  if (options.size === 0) return null;
  const next = [...owner];
  next[i] = rng.pick([...options].sort((a, b) => a - b));
  if (was !== HOLE && !pieceOk(next, was)) return null;
  return next;
}

function pieceOk(owner: readonly number[], p: number): boolean {
  const f = frame as Frame;
  const cells = f.cells.filter((_, i) => owner[i] === p);
  return cells.length >= MIN_CELLS && isConnected(cells);
}

/** New pieces (cuts and fills) drawn at a time; the one keeping the highest level goes on climbing. */
const CUT_DRAWS = 40;

function bestCut(
  owner: readonly number[],
  count: number,
  nodeLimit: number,
  rng: Rng,
): { owner: number[]; score: Score } | null {
  let best: { owner: number[]; score: Score } | null = null;
  for (let draw = 0; draw < CUT_DRAWS; draw++) {
    const cut = draw % 2 ? cutOne(owner, count, rng) : fillHoles(owner, count, rng);
    if (!cut) continue;
    const s = score(piecesOf(cut, count + 1), nodeLimit);
    if (
      s.level >= 1 &&
      (!best || s.level > best.score.level || (s.level === best.score.level && s.tie > best.score.tie))
    )
      best = { owner: cut, score: s };
  }
  return best;
}

/** A new piece of 2–4 connected holes, sitting inside the burr. */
function fillHoles(owner: readonly number[], count: number, rng: Rng): number[] | null {
  const f = frame as Frame;
  const holes = f.cells.map((_, i) => i).filter((i) => owner[i] === HOLE);
  if (holes.length < 2) return null;
  const want = rng.int(2, 4);
  const part = new Set([rng.pick(holes)]);
  while (part.size < want) {
    const frontier = [...part].flatMap((i) =>
      (f.neighbours[i] as number[]).filter((j) => owner[j] === HOLE && !part.has(j)),
    );
    if (frontier.length === 0) break;
    part.add(rng.pick(frontier));
  }
  if (part.size < 2) return null;
  const next = [...owner];
  for (const i of part) next[i] = count;
  return next;
}

/** A random piece cut into two connected parts of at least MIN_CELLS cells; null when the draw fails. */
function cutOne(owner: readonly number[], count: number, rng: Rng): number[] | null {
  const f = frame as Frame;
  const p = rng.int(0, count - 1);
  const mine = f.cells.map((_, i) => i).filter((i) => owner[i] === p);
  if (mine.length < 2 * MIN_CELLS) return null;
  const want = rng.int(MIN_CELLS, mine.length - MIN_CELLS);
  const part = new Set([rng.pick(mine)]);
  while (part.size < want) {
    const frontier = [...part].flatMap((i) =>
      (f.neighbours[i] as number[]).filter((j) => owner[j] === p && !part.has(j)),
    );
    if (frontier.length === 0) return null;
    part.add(rng.pick(frontier));
  }
  const next = [...owner];
  for (const i of part) next[i] = count;
  return pieceOk(next, p) ? next : null;
}
