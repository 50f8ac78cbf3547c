/**
 * How far one piece can slide before touching another, by the offset between them, worked out
 * once per pair of pieces and offset and kept in a dense table per pair (BurrTools' movement
 * cache). Gaps are integers: FAR when the other piece is never in the way, −1 when the two
 * overlap. Directions are numbered as in motion.ts: 0 +x, 1 −x, 2 +y, 3 −y, 4 +z, 5 −z.
 */
import type { Cell } from "../../../geometry/voxels.ts";

/** A gap no slide ever closes. */
export const FAR = 0x3fffffff;

/** A piece's cells as lines along each axis, on a dense grid over the other two axes of its box. */
interface Form {
  lo: Cell;
  hi: Cell;
  /** Per axis: the sorted coordinates along it of the cells of each line (undefined: none). */
  lines: (Int32Array | undefined)[][];
}

const OTHER: readonly (readonly [number, number])[] = [
  [1, 2],
  [0, 2],
  [0, 1],
];

function formOf(cells: readonly Cell[]): Form {
  const lo: Cell = [Infinity, Infinity, Infinity];
  const hi: Cell = [-Infinity, -Infinity, -Infinity];
  for (const c of cells) {
    for (let a = 0; a < 3; a++) {
      lo[a] = Math.min(lo[a] as number, c[a] as number);
      hi[a] = Math.max(hi[a] as number, c[a] as number);
    }
  }
  const lines = OTHER.map(([b, c], a) => {
    const size = (hi[b] as number) - (lo[b] as number) + 1;
    const lists: number[][] = [];
    for (const cell of cells) {
      const at = (cell[b] as number) - (lo[b] as number) + size * ((cell[c] as number) - (lo[c] as number));
      const list = lists[at];
      if (list) list.push(cell[a] as number);
      else lists[at] = [cell[a] as number];
    }
    const out: (Int32Array | undefined)[] = [];
    for (let at = 0; at < lists.length; at++) {
      const list = lists[at];
      out.push(list ? Int32Array.from(list).sort() : undefined);
    }
    return out;
  });
  return { lo, hi, lines };
}

/**
 * The offsets of one ordered pair of forms (i, then j offset by r) that need working out: those
 * where the boxes overlap along every axis, and one layer more each way. Outside this window
 * along one axis, the gaps are those of its edge layer with the one along that axis grown by the
 * excess; outside along two axes, the pieces never meet.
 */
interface Window {
  lo: Cell;
  width: Cell;
}

/**
 * Gaps between pieces by their shapes: pieces of equal cells up to translation share one form,
 * so one cache serves every assembly of a puzzle (BurrTools keeps one per problem too). Worked
 * out gaps sit in an open-addressing table keyed by pair of forms and offset in the window.
 */
export class GapCache {
  private readonly forms: Form[] = [];
  /** Forms by an order-free hash of their cells, and each form's cell codes. */
  private readonly byHash = new Map<number, number[]>();
  private readonly codes: Set<number>[] = [];
  private windows: (Window | undefined)[] = [];
  private stride = 0;
  private keyPair = new Int32Array(1024).fill(-1);
  private keyOffset = new Int32Array(1024);
  private values = new Int32Array(1024 * 6);
  private used = 0;

  /** The form of a piece and where its frame sits: cells = the form's cells + offset. */
  add(cells: readonly Cell[]): { form: number; offset: Cell } {
    const n = cells.length;
    let x0 = FAR;
    let y0 = FAR;
    let z0 = FAR;
    let x1 = -FAR;
    let y1 = -FAR;
    let z1 = -FAR;
    for (let k = 0; k < n; k++) {
      const c = cells[k] as Cell;
      if (c[0] < x0) x0 = c[0];
      if (c[0] > x1) x1 = c[0];
      if (c[1] < y0) y0 = c[1];
      if (c[1] > y1) y1 = c[1];
      if (c[2] < z0) z0 = c[2];
      if (c[2] > z1) z1 = c[2];
    }
    const lo: Cell = [x0, y0, z0];
    // Cell codes name cells uniquely within 1024 units; a larger piece gets a form of its own.
    if (x1 - x0 >= 1024 || y1 - y0 >= 1024 || z1 - z0 >= 1024) return this.newForm(cells, lo, null);
    let h = n;
    for (let k = 0; k < n; k++) h = (h + mix(codeOf(cells[k] as Cell, lo))) | 0;
    const candidates = this.byHash.get(h);
    if (candidates)
      for (let q = 0; q < candidates.length; q++) {
        const form = candidates[q] as number;
        const known = this.codes[form] as Set<number>;
        if (known.size !== n) continue;
        let same = true;
        for (let k = 0; k < n && same; k++) same = known.has(codeOf(cells[k] as Cell, lo));
        if (same) return { form, offset: lo };
      }
    return this.newForm(cells, lo, h);
  }

  /** A new form for cells whose box starts at lo, found again by hash h (null: never). */
  private newForm(cells: readonly Cell[], lo: Cell, h: number | null): { form: number; offset: Cell } {
    const form = this.forms.length;
    if (h !== null) {
      const candidates = this.byHash.get(h);
      if (candidates) candidates.push(form);
      else this.byHash.set(h, [form]);
    }
    this.codes.push(new Set(h !== null ? cells.map((c) => codeOf(c, lo)) : []));
    this.forms.push(formOf(cells.map((c): Cell => [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]])));
    return { form, offset: lo };
  }

  /** The box of a form in its own frame. */
  box(form: number): { lo: Cell; hi: Cell } {
    return this.forms[form] as Form;
  }

  /** Writes, from out[at] on, how far form i slides each way before touching form j at offset r. */
  gaps(i: number, j: number, rx: number, ry: number, rz: number, out: Int32Array, at: number): void {
    const t =
      (i < this.stride && j < this.stride ? this.windows[i * this.stride + j] : undefined) ??
      this.window(i, j);
    const lo = t.lo;
    const w = t.width;
    let x = rx - lo[0];
    let y = ry - lo[1];
    let z = rz - lo[2];
    let outside = 0;
    let excess = 0;
    let dir = 0;
    if (x < 0) {
      outside++;
      excess = -x;
      dir = 1;
      x = 0;
    } else if (x >= w[0]) {
      outside++;
      excess = x - w[0] + 1;
      dir = 0;
      x = w[0] - 1;
    }
    if (y < 0) {
      outside++;
      excess = -y;
      dir = 3;
      y = 0;
    } else if (y >= w[1]) {
      outside++;
      excess = y - w[1] + 1;
      dir = 2;
      y = w[1] - 1;
    }
    if (z < 0) {
      outside++;
      excess = -z;
      dir = 5;
      z = 0;
    } else if (z >= w[2]) {
      outside++;
      excess = z - w[2] + 1;
      dir = 4;
      z = w[2] - 1;
    }
    if (outside > 1) {
      out.fill(FAR, at, at + 6);
      return;
    }
    const pair = i * 65536 + j;
    const offset = x + w[0] * (y + w[1] * z);
    const slots = this.keyPair.length - 1;
    let slot = mix(pair * 31 + offset) & slots;
    for (;;) {
      const key = this.keyPair[slot] as number;
      if (key === pair && this.keyOffset[slot] === offset) break;
      if (key === -1) {
        slot = this.insert(pair, offset, slot);
        this.fill(i, j, x + lo[0], y + lo[1], z + lo[2], this.values, slot * 6);
        break;
      }
      slot = (slot + 1) & slots;
    }
    const v = this.values;
    const k = slot * 6;
    for (let d = 0; d < 6; d++) out[at + d] = v[k + d] as number;
    if (outside === 1 && (out[at + dir] as number) < FAR) out[at + dir] = (out[at + dir] as number) + excess;
  }

  /** Takes an empty slot for a key (growing the table first when it is half full); returns the slot. */
  private insert(pair: number, offset: number, slot: number): number {
    if (2 * (this.used + 1) > this.keyPair.length) {
      const oldPair = this.keyPair;
      const oldOffset = this.keyOffset;
      const oldValues = this.values;
      this.keyPair = new Int32Array(2 * oldPair.length).fill(-1);
      this.keyOffset = new Int32Array(2 * oldPair.length);
      this.values = new Int32Array(12 * oldPair.length);
      this.used = 0;
      for (let q = 0; q < oldPair.length; q++) {
        if (oldPair[q] === -1) continue;
        const at = this.insert(oldPair[q] as number, oldOffset[q] as number, -1);
        this.values.set(oldValues.subarray(6 * q, 6 * q + 6), 6 * at);
      }
      slot = -1;
    }
    if (slot < 0) {
      const slots = this.keyPair.length - 1;
      slot = mix(pair * 31 + offset) & slots;
      while (this.keyPair[slot] !== -1) slot = (slot + 1) & slots;
    }
    this.keyPair[slot] = pair;
    this.keyOffset[slot] = offset;
    this.used++;
    return slot;
  }

  private window(i: number, j: number): Window {
    if (this.stride < this.forms.length) {
      const stride = Math.max(this.forms.length, 2 * this.stride);
      const windows: (Window | undefined)[] = new Array(stride * stride);
      for (let p = 0; p < this.stride; p++)
        for (let q = 0; q < this.stride; q++) windows[p * stride + q] = this.windows[p * this.stride + q];
      this.windows = windows;
      this.stride = stride;
    }
    const a = this.forms[i] as Form;
    const b = this.forms[j] as Form;
    const lo: Cell = [a.lo[0] - b.hi[0] - 1, a.lo[1] - b.hi[1] - 1, a.lo[2] - b.hi[2] - 1];
    const width: Cell = [
      a.hi[0] - b.lo[0] + 2 - lo[0],
      a.hi[1] - b.lo[1] + 2 - lo[1],
      a.hi[2] - b.lo[2] + 2 - lo[2],
    ];
    const t = { lo, width };
    this.windows[i * this.stride + j] = t;
    return t;
  }

  /** Works out the six gaps of pieces i and j at offset r, line by line along each axis. */
  private fill(i: number, j: number, rx: number, ry: number, rz: number, g: Int32Array, k: number): void {
    const a = this.forms[i] as Form;
    const b = this.forms[j] as Form;
    const r = [rx, ry, rz];
    g.fill(FAR, k, k + 6);
    for (let axis = 0; axis < 3; axis++) {
      const [u, v] = OTHER[axis] as [number, number];
      const ru = r[u] as number;
      const rv = r[v] as number;
      const ra = r[axis] as number;
      const uLo = Math.max(a.lo[u] as number, (b.lo[u] as number) + ru);
      const uHi = Math.min(a.hi[u] as number, (b.hi[u] as number) + ru);
      const vLo = Math.max(a.lo[v] as number, (b.lo[v] as number) + rv);
      const vHi = Math.min(a.hi[v] as number, (b.hi[v] as number) + rv);
      const aSize = (a.hi[u] as number) - (a.lo[u] as number) + 1;
      const bSize = (b.hi[u] as number) - (b.lo[u] as number) + 1;
      const aLines = a.lines[axis] as (Int32Array | undefined)[];
      const bLines = b.lines[axis] as (Int32Array | undefined)[];
      let up = FAR;
      let down = FAR;
      for (let pv = vLo; pv <= vHi; pv++) {
        for (let pu = uLo; pu <= uHi; pu++) {
          const mine = aLines[pu - (a.lo[u] as number) + aSize * (pv - (a.lo[v] as number))];
          if (!mine) continue;
          const theirs = bLines[pu - ru - (b.lo[u] as number) + bSize * (pv - rv - (b.lo[v] as number))];
          if (!theirs) continue;
          // Merge the two sorted lines: each cell of j against the last cell of i below it, and
          // each cell of i against the last cell of j below it.
          let p = 0;
          let q = 0;
          let lastMine = Number.NaN;
          let lastTheirs = Number.NaN;
          while (p < mine.length || q < theirs.length) {
            const x = p < mine.length ? (mine[p] as number) : Infinity;
            const y = q < theirs.length ? (theirs[q] as number) + ra : Infinity;
            if (x === y) {
              g.fill(-1, k, k + 6);
              return;
            }
            if (x < y) {
              if (x - lastTheirs - 1 < down) down = x - lastTheirs - 1;
              lastMine = x;
              p++;
            } else {
              if (y - lastMine - 1 < up) up = y - lastMine - 1;
              lastTheirs = y;
              q++;
            }
          }
        }
      }
      g[k + 2 * axis] = up;
      g[k + 2 * axis + 1] = down;
    }
  }
}

function codeOf(c: Cell, lo: Cell): number {
  return ((c[0] - lo[0]) * 1024 + c[1] - lo[1]) * 1024 + c[2] - lo[2];
}

function mix(v: number): number {
  let h = Math.imul(v ^ (v >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}
