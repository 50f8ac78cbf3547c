/**
 * How far pieces can slide past each other: the kinematics shared by the disassembler and the
 * environment. Directions are numbered 0 +x, 1 −x, 2 +y, 3 −y, 4 +z, 5 −z.
 */
import type { Cell } from "../../../geometry/voxels.ts";
import { FAR, GapCache } from "./kernel-gaps.ts";

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

/**
 * Gap tables for a fixed set of piece shapes (cells in each piece's own frame). `gaps(i, j, r)`
 * gives, per direction, how many units piece i can slide before touching piece j when j sits at
 * offset r from i: Infinity when j is never in the way, −1 when the two already overlap.
 */
export class Motion {
  /** Per piece: its form in the cache, and where the form's frame sits. */
  readonly forms: Int32Array;
  readonly offsets: readonly Cell[];
  private readonly out = new Int32Array(6);

  constructor(
    readonly shapes: readonly (readonly Cell[])[],
    readonly cache: GapCache = new GapCache(),
  ) {
    const placed = shapes.map((cells) => cache.add(cells));
    this.forms = Int32Array.from(placed, (p) => p.form);
    this.offsets = placed.map((p) => p.offset);
  }

  gaps(i: number, j: number, r: Cell): number[] {
    const a = this.offsets[i] as Cell;
    const b = this.offsets[j] as Cell;
    this.cache.gaps(
      this.forms[i] as number,
      this.forms[j] as number,
      r[0] + b[0] - a[0],
      r[1] + b[1] - a[1],
      r[2] + b[2] - a[2],
      this.out,
      0,
    );
    return Array.from(this.out, (g) => (g >= FAR ? Infinity : g));
  }
}

/** A set of pieces (bit i = the i-th piece of a sub-assembly) moved `distance` units one way. */
export interface GroupMove {
  mask: number;
  dir: number;
  /** Infinity for a group that slides away for good: a separation. */
  distance: number;
}

/** The gaps between every ordered pair of pieces of a sub-assembly at given positions. */
export class GapTable {
  readonly n: number;
  private readonly table: Float64Array;

  constructor(motion: Motion, ids: readonly number[], pos: readonly Cell[]) {
    const n = ids.length;
    if (n > 30) throw new RangeError("burr: more than 30 pieces in one sub-assembly");
    this.n = n;
    this.table = new Float64Array(n * n * 6).fill(Infinity);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const g = motion.gaps(ids[i] as number, ids[j] as number, sub(pos[j] as Cell, pos[i] as Cell));
        for (let d = 0; d < 6; d++) this.table[(i * n + j) * 6 + d] = g[d] as number;
      }
    }
  }

  gap(i: number, j: number, dir: number): number {
    return this.table[(i * this.n + j) * 6 + dir] as number;
  }

  /**
   * The pieces that must come along when piece p slides s units (Infinity: for good): the
   * closure of p under "closer than s units ahead", everything moving the same s units.
   */
  pushSet(p: number, dir: number, s: number): number {
    let mask = 1 << p;
    const stack = [p];
    while (stack.length > 0) {
      const a = stack.pop() as number;
      for (let b = 0; b < this.n; b++) {
        if (!(mask & (1 << b)) && this.gap(a, b, dir) < s) {
          mask |= 1 << b;
          stack.push(b);
        }
      }
    }
    return mask;
  }

  /** How far a group can slide before some member hits a piece outside it. */
  reach(mask: number, dir: number): number {
    let max = Infinity;
    for (let i = 0; i < this.n; i++) {
      if (!(mask & (1 << i))) continue;
      for (let j = 0; j < this.n; j++) if (!(mask & (1 << j))) max = Math.min(max, this.gap(i, j, dir));
    }
    return max;
  }
}

const popcount = (m: number): number => {
  let c = 0;
  for (let x = m; x; x &= x - 1) c++;
  return c;
};

/**
 * The separations of a sub-assembly in BurrTools' order: single pieces that slide out alone
 * (direction by direction, piece by piece), then the smallest group that must come along with
 * each piece, up to half the pieces (a larger group is the rest sliding out the other way).
 */
export function separations(t: GapTable): GroupMove[] {
  const out: GroupMove[] = [];
  const seen = new Set<number>();
  for (const limit of [1, Math.floor(t.n / 2)]) {
    for (let dir = 0; dir < 6; dir++) {
      for (let p = 0; p < t.n; p++) {
        const mask = t.pushSet(p, dir, Infinity);
        const size = popcount(mask);
        if (size > limit || seen.has(mask * 8 + dir)) continue;
        seen.add(mask * 8 + dir);
        out.push({ mask, dir, distance: Infinity });
      }
    }
  }
  return out;
}

/**
 * Every separation up to translation: each union of the groups of `separations` that slide out
 * the same way (not the whole sub-assembly). Any group that can slide away for good is such a
 * union, so this is every separating move there is.
 */
export function allSeparations(t: GapTable): GroupMove[] {
  const out: GroupMove[] = [];
  const all = (1 << t.n) - 1;
  const seen = new Set<number>();
  for (let dir = 0; dir < 6; dir++) {
    const bases = new Set<number>();
    for (let p = 0; p < t.n; p++) bases.add(t.pushSet(p, dir, Infinity));
    const unions = [0];
    for (const b of bases) {
      for (const u of [...unions]) {
        const v = u | b;
        if (!unions.includes(v)) unions.push(v);
      }
    }
    for (const mask of unions) {
      if (mask === 0 || mask === all) continue;
      // The rest sliding out the other way is the same separation.
      const key = mask & 1 ? (all ^ mask) * 8 + (dir ^ 1) : mask * 8 + dir;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ mask, dir, distance: Infinity });
    }
  }
  return out;
}

/** How far groups must slide to come apart, when slides of groups free to leave are wanted. */
export interface Apart {
  clear: (mask: number, dir: number) => number;
  /** The sub-assembly's largest extent along an axis: no group needs to slide farther. */
  span: number;
}

/**
 * Every slide of a sub-assembly that separates nothing, up to translation, in BurrTools' order:
 * per direction and piece, the group pushed along by each distance 1, 2, … while it holds at
 * most half the pieces; after each new group, its unions with the groups met before in that
 * direction at the same distance (independent groups sliding together). Any group that can
 * slide k units without collision is such a union, or the rest sliding the other way, so with
 * the separations this is every move the environment accepts, each counted as one move.
 *
 * Groups free to slide away for good only take part when `apart` is given, and then only in
 * slides too short to part them (a union of such groups may need farther than each alone).
 * BurrTools never needs these: it stops at the first state where something comes apart.
 */
export function slides(t: GapTable, apart?: Apart): GroupMove[] {
  const out: GroupMove[] = [];
  const all = (1 << t.n) - 1;
  for (let dir = 0; dir < 6; dir++) {
    const found: GroupMove[] = [];
    const known = new Set<number>();
    const note = (mask: number, distance: number): boolean => {
      const key = mask * 65536 + distance;
      if (known.has(key)) return false;
      known.add(key);
      const move = { mask, dir, distance };
      found.push(move);
      const free = t.reach(mask, dir) === Infinity;
      if (!free || apart === undefined || distance < apart.clear(mask, dir)) out.push(move);
      return true;
    };
    for (let p = 0; p < t.n; p++) {
      for (let s = 1; ; s++) {
        const mask = t.pushSet(p, dir, s);
        if (popcount(mask) > Math.floor(t.n / 2)) break;
        if (t.reach(mask, dir) === Infinity && (apart === undefined || s >= apart.span)) break;
        if (!note(mask, s)) continue;
        const before = found.length - 1;
        for (let q = 0; q < before; q++) {
          const other = found[q] as GroupMove;
          const union = mask | other.mask;
          if (other.distance !== s || union === mask || union === other.mask || union === all) continue;
          note(union, s);
        }
      }
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

/** Clearances of the groups of a sub-assembly whose pieces' world cells are `cells(i)`. */
export function apartOf(cells: (i: number) => readonly Cell[], n: number): Apart {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++) {
    for (const c of cells(i)) {
      for (let a = 0; a < 3; a++) {
        lo[a] = Math.min(lo[a] as number, c[a] as number);
        hi[a] = Math.max(hi[a] as number, c[a] as number);
      }
    }
  }
  return {
    clear: (mask, dir) => clearance(cells, mask, n, dir),
    span: Math.max(...hi.map((h, a) => h - (lo[a] as number) + 1)),
  };
}
