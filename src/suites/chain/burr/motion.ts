/**
 * How far pieces can slide past each other: the kinematics shared by the disassembler and the
 * environment. Directions are numbered 0 +x, 1 −x, 2 +y, 3 −y, 4 +z, 5 −z.
 */
import type { Cell } from "../../../geometry/voxels.ts";

export const DIRECTIONS = ["+x", "-x", "+y", "-y", "+z", "-z"] as const;
export const axisOf = (dir: number): number => dir >> 1;
export const signOf = (dir: number): 1 | -1 => (dir & 1 ? -1 : 1);
export const dirOf = (axis: number, sign: number): number => 2 * axis + (sign < 0 ? 1 : 0);

export function step(dir: number, k: number): Cell {
  const d: Cell = [0, 0, 0];
  d[axisOf(dir)] = signOf(dir) * k;
  return d;
}

export const add = (a: Cell, b: Cell): Cell => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Cell, b: Cell): Cell => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];

/** Per piece and axis: the coordinates along the axis of its cells, by the other two coordinates. */
type Lines = Map<string, number[]>[];

function linesOf(cells: readonly Cell[]): Lines {
  const out: Lines = [new Map(), new Map(), new Map()];
  for (const c of cells) {
    for (let a = 0; a < 3; a++) {
      const key = otherKey(c, a);
      const list = out[a]?.get(key);
      if (list) list.push(c[a] as number);
      else out[a]?.set(key, [c[a] as number]);
    }
  }
  return out;
}

function otherKey(c: Cell, axis: number): string {
  return axis === 0 ? `${c[1]},${c[2]}` : axis === 1 ? `${c[0]},${c[2]}` : `${c[0]},${c[1]}`;
}

/**
 * Gap tables for a fixed set of piece shapes (cells in each piece's own frame). `gaps(i, j, r)`
 * gives, per direction, how many units piece i can slide before touching piece j when j sits at
 * offset r from i: Infinity when j is never in the way, −1 when the two already overlap.
 */
export class Motion {
  private readonly lines: Lines[];
  private readonly cache = new Map<string, number[]>();

  constructor(readonly shapes: readonly (readonly Cell[])[]) {
    this.lines = shapes.map(linesOf);
  }

  gaps(i: number, j: number, r: Cell): number[] {
    const key = `${i}|${j}|${r[0]},${r[1]},${r[2]}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const out = [Infinity, Infinity, Infinity, Infinity, Infinity, Infinity];
    const li = this.lines[i] as Lines;
    const lj = this.lines[j] as Lines;
    for (let a = 0; a < 3; a++) {
      const [b, c] = a === 0 ? [1, 2] : a === 1 ? [0, 2] : [0, 1];
      for (const [k, mine] of li[a] as Map<string, number[]>) {
        const [p, q] = k.split(",").map(Number) as [number, number];
        const theirs = (lj[a] as Map<string, number[]>).get(
          `${p - (r[b] as number)},${q - (r[c] as number)}`,
        );
        if (!theirs) continue;
        for (const u of mine) {
          for (const t of theirs) {
            const v = t + (r[a] as number);
            if (v === u) {
              out.fill(-1);
              this.cache.set(key, out);
              return out;
            }
            if (v > u) out[2 * a] = Math.min(out[2 * a] as number, v - u - 1);
            else out[2 * a + 1] = Math.min(out[2 * a + 1] as number, u - v - 1);
          }
        }
      }
    }
    this.cache.set(key, out);
    return out;
  }
}

/** A set of pieces (bit i = the i-th piece of a sub-assembly) that can slide `max` units one way. */
export interface GroupMove {
  mask: number;
  dir: number;
  /** Infinity when the group can slide away for good: a separation. */
  max: number;
}

/**
 * Every rigid move of a sub-assembly up to its translation: the groups that never contain
 * piece 0 (moving the rest instead is the same relative move), in each direction, with how far
 * each can slide. A group must hold every piece it pushes at once (gap 0), so the groups are the
 * unions of those push closures.
 */
export function groupMoves(motion: Motion, ids: readonly number[], pos: readonly Cell[]): GroupMove[] {
  const n = ids.length;
  if (n > 30) throw new RangeError("burr: more than 30 pieces in one sub-assembly");
  const table: number[][][] = [];
  for (let i = 0; i < n; i++) {
    table.push([]);
    for (let j = 0; j < n; j++) {
      (table[i] as number[][]).push(
        i === j ? [] : motion.gaps(ids[i] as number, ids[j] as number, sub(pos[j] as Cell, pos[i] as Cell)),
      );
    }
  }
  const gap = (i: number, j: number, dir: number) => ((table[i] as number[][])[j] as number[])[dir] as number;
  const out: GroupMove[] = [];
  for (let dir = 0; dir < 6; dir++) {
    const closure: number[] = [];
    for (let i = 0; i < n; i++) {
      let mask = 1 << i;
      const stack = [i];
      while (stack.length > 0) {
        const a = stack.pop() as number;
        for (let b = 0; b < n; b++) {
          if (!(mask & (1 << b)) && gap(a, b, dir) === 0) {
            mask |= 1 << b;
            stack.push(b);
          }
        }
      }
      closure.push(mask);
    }
    const bases = closure.filter((m, i) => i > 0 && !(m & 1));
    const seen = new Set<number>(bases);
    const queue = [...seen];
    for (let q = 0; q < queue.length; q++) {
      for (const b of bases) {
        const u = (queue[q] as number) | b;
        if (!seen.has(u)) {
          seen.add(u);
          queue.push(u);
        }
      }
    }
    for (const mask of queue) {
      let max = Infinity;
      for (let i = 0; i < n && max > 0; i++) {
        if (!(mask & (1 << i))) continue;
        for (let j = 0; j < n; j++) if (!(mask & (1 << j))) max = Math.min(max, gap(i, j, dir));
      }
      if (max > 0) out.push({ mask, dir, max });
    }
  }
  return out;
}

/** Units a group must slide (it can slide for good) before its bounding box clears the rest's. */
export function clearance(
  cells: (i: number) => readonly Cell[],
  mask: number,
  n: number,
  dir: number,
): number {
  const a = axisOf(dir);
  let gMin = Infinity;
  let gMax = -Infinity;
  let rMin = Infinity;
  let rMax = -Infinity;
  for (let i = 0; i < n; i++) {
    for (const c of cells(i)) {
      const v = c[a] as number;
      if (mask & (1 << i)) {
        gMin = Math.min(gMin, v);
        gMax = Math.max(gMax, v);
      } else {
        rMin = Math.min(rMin, v);
        rMax = Math.max(rMax, v);
      }
    }
  }
  return signOf(dir) > 0 ? Math.max(1, rMax - gMin + 1) : Math.max(1, gMax - rMin + 1);
}
