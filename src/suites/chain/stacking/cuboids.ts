import { boxCells, type Cell, translate } from "../../../geometry/voxels.ts";

/**
 * Easy mode's shapes (A.5.2): axis-aligned cuboids with at least two equal sides, within the size
 * bounds, that fit the box in some orientation and hold no full 2×3 face.
 */
export function easyCuboids(box: Cell, min: number, max: number): Cell[] {
  const limit = [...box].sort((a, b) => a - b);
  const out: Cell[] = [];
  for (let p = 1; p <= 5; p++) {
    for (let q = p; q <= 5; q++) {
      for (let r = q; r <= 5; r++) {
        const volume = p * q * r;
        if (volume < min || volume > max) continue;
        if (p !== q && q !== r) continue;
        if (p > (limit[0] as number) || q > (limit[1] as number) || r > (limit[2] as number)) continue;
        if (q >= 2 && r >= 3) continue;
        out.push([p, q, r]);
      }
    }
  }
  return out;
}

export interface CuboidSet {
  /** Dimensions of each cuboid. */
  dims: Cell[];
  /** One packing: the world cells of cuboid i. */
  packing: Cell[][];
}

const fillableCache = new Map<string, CuboidSet[]>();

/**
 * Every multiset of the easy cuboids that fills the box exactly, with one packing each. The sets
 * are few (at most a few dozen for boxes up to 4×4×4), so easy mode draws among them uniformly
 * instead of sampling volumes blindly, which would almost never draw the lopsided ones.
 */
export function fillableCuboidSets(box: Cell, min: number, max: number): CuboidSet[] {
  const key = `${box.join("x")}/${min}-${max}`;
  const cached = fillableCache.get(key);
  if (cached) return cached;
  const shapes = easyCuboids(box, min, max);
  const out: CuboidSet[] = [];
  const walk = (from: number, left: number, chosen: Cell[]) => {
    if (left === 0) {
      const packing = cuboidsFill(box, chosen);
      if (packing) out.push({ dims: chosen, packing });
      return;
    }
    shapes.forEach((s, i) => {
      const v = volume(s);
      if (i >= from && v <= left) walk(i, left - v, [...chosen, s]);
    });
  };
  walk(0, box[0] * box[1] * box[2], []);
  fillableCache.set(key, out);
  return out;
}

const volume = (s: Cell) => s[0] * s[1] * s[2];

/**
 * Whether cuboids of these dimensions fill the box exactly. The search fills the first empty cell
 * (z, then y, then x) with a cuboid of a type still available, which must have its minimum corner
 * there; counting by type instead of by piece keeps identical pieces from being permuted, which is
 * what makes DLX over identical pieces crawl when the answer is no. Returns the packing, or null.
 */
export function cuboidsFill(box: Cell, dims: readonly Cell[]): Cell[][] | null {
  const types = [...new Set(dims.map((d) => d.join("x")))].map((k) => {
    const members = dims.flatMap((d, i) => (d.join("x") === k ? [i] : []));
    return { orientations: cuboidOrientations(dims[members[0] as number] as Cell), members, used: 0 };
  });
  const packing: Cell[][] = dims.map(() => []);
  const [a, b, c] = box;
  const filled = new Uint8Array(a * b * c);
  const at = (x: number, y: number, z: number) => x + a * (y + b * z);
  const fits = (x: number, y: number, z: number, [dx, dy, dz]: Cell) => {
    if (x + dx > a || y + dy > b || z + dz > c) return false;
    for (let k = z; k < z + dz; k++)
      for (let j = y; j < y + dy; j++) for (let i = x; i < x + dx; i++) if (filled[at(i, j, k)]) return false;
    return true;
  };
  const mark = (x: number, y: number, z: number, [dx, dy, dz]: Cell, v: number) => {
    for (let k = z; k < z + dz; k++)
      for (let j = y; j < y + dy; j++) for (let i = x; i < x + dx; i++) filled[at(i, j, k)] = v;
  };
  // Sub-problems already shown to fail: the filling from the first empty cell on, and what is left.
  const dead = new Set<string>();
  const search = (from: number): boolean => {
    let first = from;
    while (first < filled.length && filled[first]) first++;
    if (first === filled.length) return true;
    const state = `${first}:${filled.subarray(first).join("")}:${types.map((t) => t.used).join(",")}`;
    if (dead.has(state)) return false;
    const x = first % a;
    const y = Math.floor(first / a) % b;
    const z = Math.floor(first / (a * b));
    for (const t of types) {
      if (t.used === t.members.length) continue;
      for (const o of t.orientations) {
        if (!fits(x, y, z, o)) continue;
        mark(x, y, z, o, 1);
        const piece = t.members[t.used++] as number;
        packing[piece] = translate(boxCells(o), [x, y, z]);
        const ok = search(first);
        t.used--;
        mark(x, y, z, o, 0);
        if (ok) return true;
      }
    }
    dead.add(state);
    return false;
  };
  return search(0) ? packing : null;
}

function cuboidOrientations([p, q, r]: Cell): Cell[] {
  const all: Cell[] = [
    [p, q, r],
    [p, r, q],
    [q, p, r],
    [q, r, p],
    [r, p, q],
    [r, q, p],
  ];
  return all.filter((o, i) => all.findIndex((u) => u.join() === o.join()) === i);
}
