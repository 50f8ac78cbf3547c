/**
 * The disassembler's search space for one sub-assembly: states packed in typed arrays (each
 * piece's offset from the first piece), a hash set of them, and per state the gap matrix from
 * the pair cache. It yields exactly the moves of motion.ts (`separations`, `allSeparations`,
 * `slides`) in the same order, so the search visits the same states as the reference.
 *
 * Groups are bit masks: 32-bit integers up to 30 pieces, bigints beyond (no piece limit). The
 * closures themselves run on piece lists; masks only name the groups found.
 */
import type { Cell } from "../../../geometry/voxels.ts";
import { FAR, type GapCache } from "./kernel-gaps.ts";
import type { Motion } from "./motion.ts";

/** Set operations on groups of pieces, by bit. */
export interface Masks<M> {
  readonly none: M;
  readonly all: M;
  bit(i: number): M;
  or(a: M, b: M): M;
  xor(a: M, b: M): M;
  has(m: M, i: number): boolean;
}

/** The widest sub-assembly whose groups fit in a 32-bit integer mask. */
export const SMALL = 30;

const SMALL_MASKS: Masks<number>[] = Array.from({ length: SMALL + 1 }, (_, n) => ({
  none: 0,
  all: (1 << n) - 1,
  bit: (i) => 1 << i,
  or: (a, b) => a | b,
  xor: (a, b) => a ^ b,
  has: (m, i) => (m & (1 << i)) !== 0,
}));

export const smallMasks = (n: number): Masks<number> => SMALL_MASKS[n] as Masks<number>;

export function wideMasks(n: number): Masks<bigint> {
  return {
    none: 0n,
    all: (1n << BigInt(n)) - 1n,
    bit: (i) => 1n << BigInt(i),
    or: (a, b) => a | b,
    xor: (a, b) => a ^ b,
    has: (m, i) => ((m >> BigInt(i)) & 1n) === 1n,
  };
}

export interface KernelMove<M> {
  mask: M;
  dir: number;
  /** FAR for a separation. */
  distance: number;
}

/** Groups that may slide away for good, and how far they must go to part (cheapest plans). */
export interface Parting<M> {
  span: number;
  clear: (mask: M, dir: number) => number;
}

export class StateSpace<M> {
  n = 0;
  ids: readonly number[] = [];
  /** States so far, numbered in the order found. */
  count = 0;
  /** The slides of the loaded state found by `slides`: mask, direction and distance of each. */
  readonly slideMask: M[] = [];
  slideDir = new Uint8Array(16);
  slideDistance = new Int32Array(16);
  slideCount = 0;
  private pos = new Int32Array(0);
  private hashes = new Int32Array(64);
  private parent = new Int32Array(64);
  private moveDir = new Uint8Array(64);
  private moveDistance = new Int32Array(64);
  private readonly moveMask: M[] = [];
  private hash = new Int32Array(256);
  private cache: GapCache;
  private forms = new Int32Array(0);
  /** Per piece: where its form's frame sits relative to its position. */
  private frame = new Int32Array(0);
  /** Gaps of the loaded state: (i·n + j)·6 + direction. */
  private gap = new Int32Array(0);
  /** Positions of the loaded state. */
  private cur = new Int32Array(0);
  private scratch = new Int32Array(0);
  /** A closure under construction: its pieces in the order they joined, and a flag per piece. */
  private members = new Int32Array(0);
  private inside = new Uint8Array(0);
  /** Pieces flagged in `inside`: the first `used` of `members`. */
  private used = 0;
  /** Groups met in the current direction, with their distances. */
  private readonly foundMask: M[] = [];
  private foundDistance = new Int32Array(16);
  private foundCount = 0;
  /** The first group free to slide out met by `slides`. */
  private group: M;
  private groupDir = -1;

  constructor(
    motion: Motion,
    ids: readonly number[],
    start: readonly Cell[],
    public masks: Masks<M>,
  ) {
    this.cache = motion.cache;
    this.group = masks.none;
    this.reset(motion, ids, start, masks);
  }

  /** Starts over with these pieces at these positions, keeping the storage. */
  reset(motion: Motion, ids: readonly number[], start: readonly Cell[], masks: Masks<M>): void {
    const n = ids.length;
    this.n = n;
    this.ids = ids;
    this.masks = masks;
    this.cache = motion.cache;
    if (this.cur.length < 3 * n) {
      this.forms = new Int32Array(n);
      this.frame = new Int32Array(3 * n);
      this.gap = new Int32Array(n * n * 6);
      this.cur = new Int32Array(3 * n);
      this.scratch = new Int32Array(3 * n);
      this.members = new Int32Array(n);
      this.inside = new Uint8Array(n);
    }
    if (this.pos.length < 3 * n * this.parent.length) this.pos = new Int32Array(3 * n * this.parent.length);
    if (this.count > 0) this.hash.fill(0);
    this.count = 0;
    this.inside.fill(0);
    this.used = 0;
    ids.forEach((id, i) => {
      this.forms[i] = motion.forms[id] as number;
      this.frame.set(motion.offsets[id] as Cell, 3 * i);
    });
    const o = start[0] as Cell;
    start.forEach((c, i) => {
      this.scratch[3 * i] = c[0] - o[0];
      this.scratch[3 * i + 1] = c[1] - o[1];
      this.scratch[3 * i + 2] = c[2] - o[2];
    });
    this.insert(-1, masks.none, 0, 0);
  }

  /** Positions of a state, relative to the first piece. */
  positions(s: number): Cell[] {
    const base = 3 * this.n * s;
    return this.ids.map((_, i): Cell => {
      const at = base + 3 * i;
      return [this.pos[at] as number, this.pos[at + 1] as number, this.pos[at + 2] as number];
    });
  }

  /** The moves from the start to a state. */
  path(s: number): KernelMove<M>[] {
    const out: KernelMove<M>[] = [];
    for (let at = s; at > 0; at = this.parent[at] as number)
      out.push({
        mask: this.moveMask[at] as M,
        dir: this.moveDir[at] as number,
        distance: this.moveDistance[at] as number,
      });
    return out.reverse();
  }

  /** Makes state s the current one: its positions and gap matrix. */
  load(s: number): void {
    const n = this.n;
    const cur = this.cur;
    const frame = this.frame;
    const g = this.gap;
    const base = 3 * n * s;
    for (let q = 0; q < 3 * n; q++) cur[q] = this.pos[base + q] as number;
    for (let i = 0; i < n; i++) {
      const xi = (cur[3 * i] as number) + (frame[3 * i] as number);
      const yi = (cur[3 * i + 1] as number) + (frame[3 * i + 1] as number);
      const zi = (cur[3 * i + 2] as number) + (frame[3 * i + 2] as number);
      const fi = this.forms[i] as number;
      for (let j = i + 1; j < n; j++) {
        const at = (i * n + j) * 6;
        this.cache.gaps(
          fi,
          this.forms[j] as number,
          (cur[3 * j] as number) + (frame[3 * j] as number) - xi,
          (cur[3 * j + 1] as number) + (frame[3 * j + 1] as number) - yi,
          (cur[3 * j + 2] as number) + (frame[3 * j + 2] as number) - zi,
          g,
          at,
        );
        // Piece j sliding one way meets piece i as i sliding the other way meets j.
        const back = (j * n + i) * 6;
        for (let d = 0; d < 6; d++) g[back + d] = g[at + (d ^ 1)] as number;
      }
    }
  }

  /** Starts a closure at piece p, clearing the flags of the last one. */
  private start(p: number): void {
    for (let q = 0; q < this.used; q++) this.inside[this.members[q] as number] = 0;
    this.inside[p] = 1;
    this.members[0] = p;
    this.used = 1;
  }

  /**
   * Grows the closure in `members[0 … size)` under "a gap below `below` ahead": every piece a
   * member meets within fewer units comes along. Returns the new size, or n + 1 as soon as it
   * would pass `most`.
   */
  private grow(size: number, below: number, dir: number, most: number): number {
    const n = this.n;
    const g = this.gap;
    const members = this.members;
    const inside = this.inside;
    for (let q = 0; q < size; q++) {
      const row = (members[q] as number) * n * 6 + dir;
      for (let b = 0; b < n; b++) {
        if (inside[b] || (g[row + b * 6] as number) >= below) continue;
        if (size === most) {
          this.used = size;
          return n + 1;
        }
        inside[b] = 1;
        members[size++] = b;
      }
    }
    this.used = size;
    return size;
  }

  /** The least gap from a member of the closure to a piece outside it. */
  private reach(size: number, dir: number): number {
    const n = this.n;
    const g = this.gap;
    let most = FAR;
    for (let q = 0; q < size; q++) {
      const row = (this.members[q] as number) * n * 6 + dir;
      for (let b = 0; b < n; b++) {
        if (this.inside[b]) continue;
        const gb = g[row + b * 6] as number;
        if (gb < most) most = gb;
      }
    }
    return most;
  }

  private maskOf(size: number): M {
    let mask = this.masks.none;
    for (let q = 0; q < size; q++) mask = this.masks.or(mask, this.masks.bit(this.members[q] as number));
    return mask;
  }

  /** How far a group slides before a member meets a piece outside it (FAR: for good). */
  private groupReach(mask: M, dir: number): number {
    const n = this.n;
    let most = FAR;
    for (let i = 0; i < n; i++) {
      if (!this.masks.has(mask, i)) continue;
      for (let j = 0; j < n; j++) {
        if (this.masks.has(mask, j)) continue;
        const gij = this.gap[(i * n + j) * 6 + dir] as number;
        if (gij < most) most = gij;
      }
    }
    return most;
  }

  /** The first piece of motion.ts `separations` that slides out alone, or null. */
  firstAlone(): KernelMove<M> | null {
    const n = this.n;
    const g = this.gap;
    for (let dir = 0; dir < 6; dir++) {
      for (let p = 0; p < n; p++) {
        let alone = true;
        const row = p * n * 6 + dir;
        for (let b = 0; b < n && alone; b++) if (b !== p && (g[row + b * 6] as number) < FAR) alone = false;
        if (alone) return { mask: this.masks.bit(p), dir, distance: FAR };
      }
    }
    return null;
  }

  /**
   * The first group of motion.ts `separations` (when no piece slides out alone): the first that
   * `slides` met free to slide out, or null.
   */
  firstGroup(): KernelMove<M> | null {
    return this.groupDir >= 0 ? { mask: this.group, dir: this.groupDir, distance: FAR } : null;
  }

  /** motion.ts `allSeparations`. */
  separations(): KernelMove<M>[] {
    const { masks, n } = this;
    const out: KernelMove<M>[] = [];
    const seen = [0, 1, 2, 3, 4, 5].map(() => new Set<M>());
    for (let dir = 0; dir < 6; dir++) {
      const unions = new Set<M>([masks.none]);
      const bases = new Set<M>();
      for (let p = 0; p < n; p++) {
        this.start(p);
        bases.add(this.maskOf(this.grow(1, FAR, dir, n)));
      }
      for (const b of bases) {
        for (const u of [...unions]) unions.add(masks.or(u, b));
      }
      for (const mask of unions) {
        if (mask === masks.none || mask === masks.all) continue;
        // The rest sliding out the other way is the same separation.
        const flip = masks.has(mask, 0);
        const key = flip ? masks.xor(masks.all, mask) : mask;
        const set = seen[flip ? dir ^ 1 : dir] as Set<M>;
        if (set.has(key)) continue;
        set.add(key);
        out.push({ mask, dir, distance: FAR });
      }
    }
    return out;
  }

  /**
   * motion.ts `slides` of the loaded state, into `slideMask`, `slideDir` and `slideDistance`.
   * With `parting`, groups free to leave take part in slides too short to part them.
   */
  slides(parting: Parting<M> | null): void {
    const n = this.n;
    const half = Math.floor(n / 2);
    this.slideCount = 0;
    this.groupDir = -1;
    for (let dir = 0; dir < 6; dir++) {
      this.foundCount = 0;
      for (let p = 0; p < n; p++) {
        this.start(p);
        let size = 1;
        for (let s = 1; ; ) {
          size = this.grow(size, s, dir, half);
          if (size > half) break;
          const reach = this.reach(size, dir);
          const mask = this.maskOf(size);
          // The group is the same for every distance up to its reach.
          const last = reach < FAR ? reach : parting === null ? 0 : parting.span - 1;
          for (; s <= last; s++) {
            if (!this.note(mask, dir, s, reach, parting)) continue;
            const before = this.foundCount - 1;
            for (let q = 0; q < before; q++) {
              if (this.foundDistance[q] !== s) continue;
              const other = this.foundMask[q] as M;
              const union = this.masks.or(mask, other);
              if (union === mask || union === other || union === this.masks.all) continue;
              this.note(union, dir, s, -1, parting);
            }
          }
          if (reach >= FAR) {
            if (this.groupDir < 0) {
              this.group = mask;
              this.groupDir = dir;
            }
            break;
          }
        }
      }
    }
  }

  /** Records a group met at a distance, unless met before, and adds it to the slides when it is one. */
  private note(mask: M, dir: number, distance: number, reach: number, parting: Parting<M> | null): boolean {
    for (let q = 0; q < this.foundCount; q++)
      if (this.foundDistance[q] === distance && this.foundMask[q] === mask) return false;
    if (this.foundCount === this.foundDistance.length) this.foundDistance = grown(this.foundDistance);
    this.foundMask[this.foundCount] = mask;
    this.foundDistance[this.foundCount++] = distance;
    if (parting !== null) {
      const free = (reach < 0 ? this.groupReach(mask, dir) : reach) >= FAR;
      if (free && distance >= parting.clear(mask, dir)) return true;
    }
    if (this.slideCount === this.slideDir.length) {
      this.slideDir = grown(this.slideDir);
      this.slideDistance = grown(this.slideDistance);
    }
    this.slideMask[this.slideCount] = mask;
    this.slideDir[this.slideCount] = dir;
    this.slideDistance[this.slideCount++] = distance;
    return true;
  }

  /** The state reached from the loaded state s by its k-th slide; −1 when it was met before. */
  child(s: number, k: number): number {
    const n = this.n;
    const next = this.scratch;
    const mask = this.slideMask[k] as M;
    const dir = this.slideDir[k] as number;
    const distance = this.slideDistance[k] as number;
    for (let q = 0; q < 3 * n; q++) next[q] = this.cur[q] as number;
    const axis = dir >> 1;
    const d = dir & 1 ? -distance : distance;
    if (this.masks.has(mask, 0)) {
      // Keep the first piece at the origin: the rest slides back instead.
      for (let i = 0; i < n; i++)
        if (!this.masks.has(mask, i)) next[3 * i + axis] = (next[3 * i + axis] as number) - d;
    } else {
      for (let i = 0; i < n; i++)
        if (this.masks.has(mask, i)) next[3 * i + axis] = (next[3 * i + axis] as number) + d;
    }
    return this.insert(s, mask, dir, distance);
  }

  /** Adds the positions in `scratch` as a new state, unless known; returns its number or −1. */
  private insert(parent: number, mask: M, dir: number, distance: number): number {
    const len = 3 * this.n;
    const next = this.scratch;
    const slots = this.hash.length - 1;
    const h = hashOf(next, 0, len);
    let slot = h & slots;
    for (;;) {
      const at = this.hash[slot] as number;
      if (at === 0) break;
      if (this.hashes[at - 1] !== h) {
        slot = (slot + 1) & slots;
        continue;
      }
      const base = (at - 1) * len;
      let same = true;
      for (let q = 0; q < len && same; q++) if (this.pos[base + q] !== next[q]) same = false;
      if (same) return -1;
      slot = (slot + 1) & slots;
    }
    const s = this.count++;
    if (this.parent.length <= s) {
      const pos = new Int32Array(2 * this.parent.length * len);
      pos.set(this.pos.subarray(0, this.parent.length * len));
      this.pos = pos;
      this.hashes = grown(this.hashes);
      this.parent = grown(this.parent);
      this.moveDir = grown(this.moveDir);
      this.moveDistance = grown(this.moveDistance);
    }
    const base = s * len;
    for (let q = 0; q < len; q++) this.pos[base + q] = next[q] as number;
    this.hashes[s] = h;
    this.parent[s] = parent;
    this.moveDir[s] = dir;
    this.moveDistance[s] = distance;
    this.moveMask[s] = mask;
    this.hash[slot] = s + 1;
    if (this.count * 2 > this.hash.length) this.rehash();
    return s;
  }

  private rehash(): void {
    this.hash = new Int32Array(this.hash.length * 2);
    const slots = this.hash.length - 1;
    for (let s = 0; s < this.count; s++) {
      let slot = (this.hashes[s] as number) & slots;
      while (this.hash[slot] !== 0) slot = (slot + 1) & slots;
      this.hash[slot] = s + 1;
    }
  }
}

function hashOf(a: Int32Array, from: number, len: number): number {
  let h = 0x811c9dc5;
  for (let q = from; q < from + len; q++) h = Math.imul(h ^ (a[q] as number), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function grown<T extends Int32Array | Uint8Array>(a: T): T {
  const out = new (a.constructor as new (size: number) => T)(a.length * 2);
  out.set(a);
  return out;
}
