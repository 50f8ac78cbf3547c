/**
 * The assembler: every way to fill a result shape with a problem's pieces (any rotation, any
 * translation), where each shape may be used between `min` and `max` times, variable cells may
 * stay empty and coloured cells must meet allowed colours. Assemblies are counted as BurrTools
 * counts them: up to the result's own rotations, and, by choice, its mirror symmetries too.
 *
 * The search is searchCover (cover.ts); one shape used exactly once keeps only one placement per
 * orbit of the result's rotations, and the canonical form of each assembly removes what the
 * stabiliser of that placement still lets through.
 */
import {
  applyMat,
  bounds,
  type Cell,
  cellKey,
  ROTATIONS,
  SYMMETRIES,
  transform,
} from "../../../geometry/voxels.ts";
import { searchCover } from "./cover.ts";

export interface ShapeSpec {
  cells: Cell[];
  /** Colour per cell (0 = neutral), parallel to `cells`. */
  colours?: number[];
  min: number;
  max: number;
}

export interface AssemblyProblem {
  shapes: ShapeSpec[];
  /** Cells that must be filled. */
  result: Cell[];
  /** Cells that may stay empty. */
  optional?: Cell[];
  /** Colour of result cells by cellKey (absent = neutral). */
  resultColours?: Map<string, number>;
  /** Whether a piece cell of one colour may fill a result cell of another (both non-zero). */
  allowed?: (pieceColour: number, resultColour: number) => boolean;
}

export interface Placement {
  shape: number;
  cells: Cell[];
}

/**
 * How mirror images of an assembly are counted, when the result has a mirror symmetry:
 * false keeps them apart; true counts them once (a chiral piece becomes its mirror partner), as
 * BurrTools' solver does by default (DemoMirrorParadox 1 / 1, SolidSixPieceBurrs 588 / 179);
 * "achiral-only" counts them once only when every shape of the problem is achiral, which gives the
 * counts stored in BurrTools' example files (DemoPieceGenerator 928 merged; SolidSixPieceBurrs
 * 1063 kept, although its chiral sticks come in mirror pairs).
 */
export type MirrorRule = boolean | "achiral-only";

export interface AssemblyOptions {
  mirrors?: MirrorRule;
  /** Stop after this many distinct assemblies. */
  limit?: number;
  /** Stop after this many search nodes. */
  nodeLimit?: number;
}

export interface AssemblyResult {
  count: number;
  /** One representative of each distinct assembly, in the order found. */
  assemblies: Placement[][];
  complete: boolean;
  nodes: number;
}

interface Row {
  shape: number;
  cells: number[];
}

export function assemble(problem: AssemblyProblem, opts: AssemblyOptions = {}): AssemblyResult {
  const optional = problem.optional ?? [];
  const region = [...problem.result, ...optional];
  const grid = gridOf(region);
  const colourOf = region.map((c) => problem.resultColours?.get(cellKey(c)) ?? 0);
  const fits = (pc: number, rc: number) => pc === 0 || rc === 0 || (problem.allowed?.(pc, rc) ?? true);

  const forms = problem.shapes.map((s) => ({ own: shapeKey(s.cells), mirror: shapeKey(mirrored(s.cells)) }));
  const achiral = forms.map((f) => f.own === f.mirror);
  const rule = opts.mirrors ?? false;
  const mirrors =
    rule === true || (rule === "achiral-only" && problem.shapes.every((s, i) => s.max === 0 || achiral[i]));
  const group = resultSymmetries(problem.result.length, region, grid, colourOf, mirrors);
  const rotations = group.filter((g) => !g.mirror);
  const perShape = problem.shapes.map((shape) =>
    shape.max > 0 ? placementsOf(shape, region, grid, colourOf, fits) : [],
  );
  const anchor = rotations.length > 1 ? chooseAnchor(problem.shapes, perShape) : null;
  if (anchor !== null) perShape[anchor] = oncePerOrbit(perShape[anchor] as number[][], rotations);
  const rows: Row[] = perShape.flatMap((list, shape) => list.map((cells) => ({ shape, cells })));

  const images = group.length > 1 ? new RowImages(forms, achiral, rows, group) : null;
  const seen = new Set<string>();
  const assemblies: Placement[][] = [];
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  const search = searchCover(
    {
      nRequired: problem.result.length,
      nOptional: optional.length,
      min: problem.shapes.map((s) => s.min),
      max: problem.shapes.map((s) => s.max),
      rows,
    },
    (chosen) => {
      if (images) {
        const key = images.canonical(chosen);
        if (seen.has(key)) return true;
        seen.add(key);
      }
      assemblies.push(
        chosen.map((r) => ({
          shape: (rows[r] as Row).shape,
          cells: (rows[r] as Row).cells.map((c) => region[c] as Cell),
        })),
      );
      return assemblies.length < limit;
    },
    opts.nodeLimit,
  );
  return {
    count: assemblies.length,
    assemblies,
    complete: search.complete && assemblies.length < limit,
    nodes: search.nodes,
  };
}

/** The region's cells on a dense box: the index of each cell, −1 for a cell outside the region. */
interface Grid {
  min: Cell;
  size: Cell;
  at: Int32Array;
}

function gridOf(region: readonly Cell[]): Grid {
  if (region.length === 0) return { min: [0, 0, 0], size: [0, 0, 0], at: new Int32Array(0) };
  const { min, size } = bounds(region);
  const at = new Int32Array(size[0] * size[1] * size[2]).fill(-1);
  region.forEach((c, i) => {
    at[c[0] - min[0] + size[0] * (c[1] - min[1] + size[1] * (c[2] - min[2]))] = i;
  });
  return { min, size, at };
}

function gridIndex(grid: Grid, x: number, y: number, z: number): number {
  const u = x - grid.min[0];
  const v = y - grid.min[1];
  const w = z - grid.min[2];
  if (u < 0 || v < 0 || w < 0 || u >= grid.size[0] || v >= grid.size[1] || w >= grid.size[2]) return -1;
  return grid.at[u + grid.size[0] * (v + grid.size[1] * w)] as number;
}

/** A shape used exactly once, with the most placements (so the cut saves the most). */
function chooseAnchor(shapes: readonly ShapeSpec[], perShape: readonly number[][][]): number | null {
  let best: number | null = null;
  shapes.forEach((s, i) => {
    if (
      s.min === 1 &&
      s.max === 1 &&
      (best === null || (perShape[i]?.length ?? 0) > (perShape[best]?.length ?? 0))
    )
      best = i;
  });
  return best;
}

/**
 * The placements that are the smallest of their orbit under the given symmetries, in the order of
 * their cell lists sorted and written out in decimal ("3,12" < "3,4").
 */
function oncePerOrbit(list: readonly number[][], group: readonly Symmetry[]): number[][] {
  const sorted = (cells: readonly number[]) => Int32Array.from(cells).sort();
  return list.filter((cells) => {
    const own = sorted(cells);
    return group.every((g) => textOrder(sorted(cells.map((c) => g.map[c] as number)), own) >= 0);
  });
}

/** The order of the decimal texts of two sorted lists of equal length joined by commas. */
function textOrder(a: Int32Array, b: Int32Array): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const x = String(a[i]);
    const y = String(b[i]);
    return x < y ? -1 : 1;
  }
  return 0;
}

/** Beyond any coordinate, and still a small integer to V8. */
const BIG = 0x3fffffff;

// Coordinates here go through Int32Arrays: rotated cells can hold −0, whose double arrays give
// the optimised code new maps and make V8 compile it again and again.
function placementsOf(
  shape: ShapeSpec,
  region: readonly Cell[],
  grid: Grid,
  colourOf: readonly number[],
  fits: (pc: number, rc: number) => boolean,
): number[][] {
  const colours = shape.colours ?? shape.cells.map(() => 0);
  const coloured = colours.some((c) => c !== 0);
  const out: number[][] = [];
  const seen = new Set<string>();
  const orientations: Set<number>[] = [];
  const n = shape.cells.length;
  const sx = grid.size[0] | 0;
  const sy = grid.size[1] | 0;
  const sz = grid.size[2] | 0;
  const gx = grid.min[0] | 0;
  const gy = grid.min[1] | 0;
  const gz = grid.min[2] | 0;
  const src = new Int32Array(3 * n);
  shape.cells.forEach((c, i) => {
    src[3 * i] = c[0];
    src[3 * i + 1] = c[1];
    src[3 * i + 2] = c[2];
  });
  const at = new Int32Array(3 * region.length);
  region.forEach((c, i) => {
    at[3 * i] = c[0] - gx;
    at[3 * i + 1] = c[1] - gy;
    at[3 * i + 2] = c[2] - gz;
  });
  const moved = new Int32Array(3 * n);
  const offsets = new Int32Array(n);
  const cells = new Int32Array(n);
  const codes: number[] = new Array(n).fill(0);
  for (const m of ROTATIONS) {
    let lx = BIG;
    let ly = BIG;
    let lz = BIG;
    let hx = -BIG;
    let hy = -BIG;
    let hz = -BIG;
    for (let i = 0; i < 3 * n; i += 3) {
      const x = src[i] as number;
      const y = src[i + 1] as number;
      const z = src[i + 2] as number;
      const u = ((m[0] as number) * x + (m[1] as number) * y + (m[2] as number) * z) | 0;
      const v = ((m[3] as number) * x + (m[4] as number) * y + (m[5] as number) * z) | 0;
      const w = ((m[6] as number) * x + (m[7] as number) * y + (m[8] as number) * z) | 0;
      moved[i] = u;
      moved[i + 1] = v;
      moved[i + 2] = w;
      if (u < lx) lx = u;
      if (u > hx) hx = u;
      if (v < ly) ly = v;
      if (v > hy) hy = v;
      if (w < lz) lz = w;
      if (w > hz) hz = w;
    }
    for (let i = 0; i < n; i++) {
      const u = (moved[3 * i] as number) - lx;
      const v = (moved[3 * i + 1] as number) - ly;
      const w = (moved[3 * i + 2] as number) - lz;
      moved[3 * i] = u;
      moved[3 * i + 1] = v;
      moved[3 * i + 2] = w;
      codes[i] = ((u * 4096 + v) * 4096 + w) * 65536 + (colours[i] as number);
    }
    // A rotation that gives an orientation met before gives only placements met before.
    if (orientations.some((known) => known.size === n && codes.every((v) => known.has(v)))) continue;
    orientations.push(new Set(codes));
    const fx = moved[0] as number;
    const fy = moved[1] as number;
    const fz = moved[2] as number;
    for (let i = 0; i < n; i++)
      offsets[i] =
        (moved[3 * i] as number) -
        fx +
        sx * ((moved[3 * i + 1] as number) - fy + sy * ((moved[3 * i + 2] as number) - fz));
    const wx = hx - lx + 1;
    const wy = hy - ly + 1;
    const wz = hz - lz + 1;
    for (let t = 0; t < 3 * region.length; t += 3) {
      const tx = at[t] as number;
      const ty = at[t + 1] as number;
      const tz = at[t + 2] as number;
      const dx = tx - fx;
      const dy = ty - fy;
      const dz = tz - fz;
      if (dx < 0 || dy < 0 || dz < 0 || dx + wx > sx || dy + wy > sy || dz + wz > sz) continue;
      const origin = tx + sx * (ty + sy * tz);
      let ok = true;
      for (let i = 0; i < n; i++) {
        const c = grid.at[origin + (offsets[i] as number)] as number;
        if (c < 0 || (coloured && !fits(colours[i] as number, colourOf[c] as number))) {
          ok = false;
          break;
        }
        cells[i] = c;
      }
      if (!ok) continue;
      if (coloured) {
        const key = cells.slice().sort().join(",");
        if (seen.has(key)) continue;
        seen.add(key);
      }
      out.push(Array.from(cells));
    }
  }
  return out;
}

/** The same text for two shapes exactly when one is a rotation of the other. */
function shapeKey(cells: readonly Cell[]): string {
  let best: Int32Array | null = null;
  const codes = new Int32Array(cells.length);
  for (const m of ROTATIONS) {
    const moved = cells.map((c) => applyMat(m, c));
    const { min } = bounds(moved);
    moved.forEach((c, i) => {
      codes[i] = ((c[0] - min[0]) * 1024 + c[1] - min[1]) * 1024 + c[2] - min[2];
    });
    codes.sort();
    if (best === null || lexLess(codes, best)) best = codes.slice();
  }
  return (best as Int32Array).join(",");
}

const mirrored = (cells: readonly Cell[]): Cell[] => cells.map((c) => [-c[0], c[1], c[2]]);

interface Symmetry {
  map: number[];
  mirror: boolean;
}

/** The rotations (and, when asked, reflections) mapping the result onto itself, as cell index maps. */
function resultSymmetries(
  nRequired: number,
  region: readonly Cell[],
  grid: Grid,
  colourOf: readonly number[],
  mirrors: boolean,
): Symmetry[] {
  const out: Symmetry[] = [];
  if (region.length === 0) return out;
  const { min } = bounds(region);
  (mirrors ? SYMMETRIES : ROTATIONS).forEach((m, g) => {
    const moved = transform(region, m);
    const b = bounds(moved).min;
    const map: number[] = [];
    for (let i = 0; i < moved.length; i++) {
      const c = moved[i] as Cell;
      const at = gridIndex(grid, c[0] - b[0] + min[0], c[1] - b[1] + min[1], c[2] - b[2] + min[2]);
      if (at < 0 || at < nRequired !== i < nRequired || colourOf[at] !== colourOf[i]) return;
      map.push(at);
    }
    out.push({ map, mirror: g >= 24 });
  });
  return out;
}

/**
 * Per symmetry, the image of a placement as a class id: the same id for the same cells filled by
 * the same shape; under a mirror a chiral shape becomes its mirror partner in the problem, or a
 * shape of its own that no assembly uses. Images are worked out when an assembly first needs them.
 */
class RowImages {
  /** Per shape, the tag of its image under a mirror: its partner's index, or nShapes + its own. */
  private readonly partner: number[];
  private readonly image: Int32Array;
  /** The distinct placement classes met so far: tag and sorted cells, found by a hash table. */
  private readonly classTag: number[] = [];
  private readonly classHash: number[] = [];
  private readonly classStart: number[] = [0];
  private readonly classCells: number[] = [];
  private slots = new Int32Array(1024).fill(-1);
  private readonly scratch: Int32Array;

  constructor(
    forms: readonly { own: string; mirror: string }[],
    achiral: readonly boolean[],
    private readonly rows: readonly Row[],
    private readonly group: readonly Symmetry[],
  ) {
    this.partner = forms.map((f, i) => {
      const j = forms.findIndex((k, t) => k.own === f.mirror && (t === i || !achiral[i]));
      return j >= 0 ? j : forms.length + i;
    });
    this.image = new Int32Array(group.length * rows.length).fill(-1);
    this.scratch = new Int32Array(rows.reduce((n, row) => Math.max(n, row.cells.length), 0));
  }

  private imageOf(g: number, r: number): number {
    const at = g * this.rows.length + r;
    const known = this.image[at] as number;
    if (known >= 0) return known;
    const sym = this.group[g] as Symmetry;
    const row = this.rows[r] as Row;
    const tag = sym.mirror ? (this.partner[row.shape] as number) : row.shape;
    const cells = this.scratch;
    const n = row.cells.length;
    for (let k = 0; k < n; k++) {
      const v = sym.map[row.cells[k] as number] as number;
      let j = k;
      for (; j > 0 && (cells[j - 1] as number) > v; j--) cells[j] = cells[j - 1] as number;
      cells[j] = v;
    }
    const id = this.classOf(tag, cells, n);
    this.image[at] = id;
    return id;
  }

  /** The id of the class (tag, the first n of cells, sorted), a new one when it is new. */
  private classOf(tag: number, cells: Int32Array, n: number): number {
    let h = Math.imul(tag + 1, 0x9e3779b1);
    for (let k = 0; k < n; k++) h = Math.imul(h ^ (cells[k] as number), 0x85ebca6b) ^ (h >>> 13);
    const mask = this.slots.length - 1;
    let i = h & mask;
    for (let id = this.slots[i] as number; id >= 0; id = this.slots[i] as number) {
      if (this.sameClass(id, tag, cells, n)) return id;
      i = (i + 1) & mask;
    }
    const id = this.classTag.length;
    this.classTag.push(tag);
    this.classHash.push(h);
    for (let k = 0; k < n; k++) this.classCells.push(cells[k] as number);
    this.classStart.push(this.classCells.length);
    this.slots[i] = id;
    if (2 * (id + 1) > this.slots.length) this.grow();
    return id;
  }

  private sameClass(id: number, tag: number, cells: Int32Array, n: number): boolean {
    const start = this.classStart[id] as number;
    if (this.classTag[id] !== tag || (this.classStart[id + 1] as number) - start !== n) return false;
    for (let k = 0; k < n; k++) if (this.classCells[start + k] !== cells[k]) return false;
    return true;
  }

  private grow(): void {
    this.slots = new Int32Array(2 * this.slots.length).fill(-1);
    const mask = this.slots.length - 1;
    for (let id = 0; id < this.classHash.length; id++) {
      let i = (this.classHash[id] as number) & mask;
      while ((this.slots[i] as number) >= 0) i = (i + 1) & mask;
      this.slots[i] = id;
    }
  }

  /** The smallest sorted list of placement class ids over the symmetries. */
  canonical(chosen: readonly number[]): string {
    let best: Int32Array | null = null;
    const list = new Int32Array(chosen.length);
    for (let g = 0; g < this.group.length; g++) {
      for (let k = 0; k < chosen.length; k++) list[k] = this.imageOf(g, chosen[k] as number);
      list.sort();
      if (best === null || lexLess(list, best)) best = list.slice();
    }
    return (best as Int32Array).join(",");
  }
}

function lexLess(a: Int32Array, b: Int32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number);
  return false;
}
