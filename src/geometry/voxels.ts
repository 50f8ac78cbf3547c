/**
 * Voxel sets on the cubic grid: the 24 proper rotations (48 with reflections), normalisation,
 * canonical forms up to rotation, connectivity and placements inside a target region.
 */

export type Cell = [number, number, number];
/** A 3×3 integer matrix, row-major: m[3·r + c]. */
export type Mat3 = readonly number[];

function det(m: Mat3): number {
  const [a, b, c, d, e, f, g, h, i] = m as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
}

/** The 48 signed permutation matrices, the 24 rotations (det +1) first, identity first of all. */
function signedPermutations(): Mat3[] {
  const perms = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [0, 2, 1],
    [2, 1, 0],
    [1, 0, 2],
  ] as const;
  const all: Mat3[] = [];
  for (const p of perms) {
    for (let signs = 0; signs < 8; signs++) {
      const m = new Array<number>(9).fill(0);
      for (let r = 0; r < 3; r++) m[3 * r + (p[r] as number)] = signs & (1 << r) ? -1 : 1;
      all.push(m);
    }
  }
  const rotations = all.filter((m) => det(m) === 1);
  const reflections = all.filter((m) => det(m) === -1);
  return [...rotations, ...reflections];
}

/** Every proper and improper symmetry of the cube: indices 0–23 rotate, 24–47 also mirror. */
export const SYMMETRIES: readonly Mat3[] = signedPermutations();
/** The 24 proper rotations of the cube, the identity first. */
export const ROTATIONS: readonly Mat3[] = SYMMETRIES.slice(0, 24);

export function applyMat(m: Mat3, c: Cell): Cell {
  const [x, y, z] = c;
  return [
    (m[0] as number) * x + (m[1] as number) * y + (m[2] as number) * z,
    (m[3] as number) * x + (m[4] as number) * y + (m[5] as number) * z,
    (m[6] as number) * x + (m[7] as number) * y + (m[8] as number) * z,
  ];
}

export const cellKey = (c: Cell): string => `${c[0]},${c[1]},${c[2]}`;

export function compareCells(a: Cell, b: Cell): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Lexicographic order of two sorted cell lists (shorter first when one is a prefix). */
export function compareCellLists(a: readonly Cell[], b: readonly Cell[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = compareCells(a[i] as Cell, b[i] as Cell);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

export function sortCells(cells: readonly Cell[]): Cell[] {
  return cells.map((c) => [c[0], c[1], c[2]] as Cell).sort(compareCells);
}

export interface Bounds {
  min: Cell;
  max: Cell;
  /** max − min + 1 per axis. */
  size: Cell;
}

export function bounds(cells: readonly Cell[]): Bounds {
  if (cells.length === 0) throw new RangeError("bounds of an empty voxel set");
  const min: Cell = [Infinity, Infinity, Infinity];
  const max: Cell = [-Infinity, -Infinity, -Infinity];
  for (const c of cells) {
    for (let a = 0; a < 3; a++) {
      const v = c[a] as number;
      if (v < (min[a] as number)) min[a] = v;
      if (v > (max[a] as number)) max[a] = v;
    }
  }
  return { min, max, size: [max[0] - min[0] + 1, max[1] - min[1] + 1, max[2] - min[2] + 1] };
}

export function translate(cells: readonly Cell[], d: Cell): Cell[] {
  return cells.map((c) => [c[0] + d[0], c[1] + d[1], c[2] + d[2]]);
}

/** Moved so that the minimum corner is the origin, and sorted. */
export function normalize(cells: readonly Cell[]): Cell[] {
  const { min } = bounds(cells);
  return sortCells(translate(cells, [-min[0], -min[1], -min[2]]));
}

export function transform(cells: readonly Cell[], m: Mat3): Cell[] {
  return cells.map((c) => applyMat(m, c));
}

/** The distinct normalised orientations under the given matrices, each with the first matrix giving it. */
export function orientations(
  cells: readonly Cell[],
  mats: readonly Mat3[] = ROTATIONS,
): { cells: Cell[]; mat: Mat3 }[] {
  const seen = new Set<string>();
  const out: { cells: Cell[]; mat: Mat3 }[] = [];
  for (const m of mats) {
    const o = normalize(transform(cells, m));
    const key = cellsKey(o);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ cells: o, mat: m });
  }
  return out;
}

export const cellsKey = (cells: readonly Cell[]): string => cells.map(cellKey).join(";");

/** The lexicographically smallest normalised orientation: equal for shapes equal up to rotation. */
export function canonical(cells: readonly Cell[], mats: readonly Mat3[] = ROTATIONS): Cell[] {
  let best: Cell[] | null = null;
  for (const m of mats) {
    const o = normalize(transform(cells, m));
    if (best === null || compareCellLists(o, best) < 0) best = o;
  }
  if (best === null) throw new RangeError("canonical form of an empty voxel set");
  return best;
}

export function canonicalKey(cells: readonly Cell[], mats: readonly Mat3[] = ROTATIONS): string {
  return cellsKey(canonical(cells, mats));
}

/** True when the shape equals its own mirror image up to rotation. */
export function isAchiral(cells: readonly Cell[]): boolean {
  return canonicalKey(cells) === canonicalKey(transform(cells, SYMMETRIES[24] as Mat3));
}

export const NEIGHBOURS: readonly Cell[] = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
];

/** 6-connected (faces shared); the empty set is not connected. */
export function isConnected(cells: readonly Cell[]): boolean {
  if (cells.length === 0) return false;
  const all = new Set(cells.map(cellKey));
  const seen = new Set<string>([cellKey(cells[0] as Cell)]);
  const stack: Cell[] = [cells[0] as Cell];
  while (stack.length > 0) {
    const c = stack.pop() as Cell;
    for (const d of NEIGHBOURS) {
      const n: Cell = [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
      const k = cellKey(n);
      if (all.has(k) && !seen.has(k)) {
        seen.add(k);
        stack.push(n);
      }
    }
  }
  return seen.size === all.size;
}

/** Cells of the a×b×c box at the origin, x fastest. */
export function boxCells(size: Cell): Cell[] {
  const out: Cell[] = [];
  for (let z = 0; z < size[2]; z++)
    for (let y = 0; y < size[1]; y++) for (let x = 0; x < size[0]; x++) out.push([x, y, z]);
  return out;
}

/**
 * Every distinct placement of the shape, under the given matrices and any translation, whose
 * cells all lie in the target. Each placement is sorted.
 */
export function placements(
  shape: readonly Cell[],
  target: readonly Cell[],
  mats: readonly Mat3[] = ROTATIONS,
): Cell[][] {
  const inTarget = new Set(target.map(cellKey));
  const seen = new Set<string>();
  const out: Cell[][] = [];
  for (const { cells } of orientations(shape, mats)) {
    const first = cells[0] as Cell;
    for (const t of target) {
      const d: Cell = [t[0] - first[0], t[1] - first[1], t[2] - first[2]];
      const moved = translate(cells, d);
      if (!moved.every((c) => inTarget.has(cellKey(c)))) continue;
      const key = cellsKey(moved);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(moved);
    }
  }
  return out;
}

/**
 * The symmetries of a voxel set: for each matrix that maps the set onto itself after a
 * translation, the map of cells. The identity comes first.
 */
export function symmetriesOf(
  cells: readonly Cell[],
  mats: readonly Mat3[] = SYMMETRIES,
): ((c: Cell) => Cell)[] {
  const { min } = bounds(cells);
  const key = cellsKey(sortCells(cells));
  const out: ((c: Cell) => Cell)[] = [];
  for (const m of mats) {
    const moved = transform(cells, m);
    const b = bounds(moved).min;
    const t: Cell = [min[0] - b[0], min[1] - b[1], min[2] - b[2]];
    if (cellsKey(sortCells(translate(moved, t))) !== key) continue;
    out.push((c) => {
      const r = applyMat(m, c);
      return [r[0] + t[0], r[1] + t[1], r[2] + t[2]];
    });
  }
  return out;
}
