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
  const [sx, sy] = grid.size;
  const offsets = new Int32Array(n);
  const cells = new Int32Array(n);
  for (const m of ROTATIONS) {
    const moved = shape.cells.map((c) => applyMat(m, c));
    const { min, size } = bounds(moved);
    const local = moved.map((c): Cell => [c[0] - min[0], c[1] - min[1], c[2] - min[2]]);
    // A rotation that gives an orientation met before gives only placements met before.
    const codes = local.map((c, i) => ((c[0] * 4096 + c[1]) * 4096 + c[2]) * 65536 + (colours[i] as number));
    if (orientations.some((known) => known.size === codes.length && codes.every((v) => known.has(v))))
      continue;
    orientations.push(new Set(codes));
    const first = local[0] as Cell;
    for (let i = 0; i < n; i++) {
      const c = local[i] as Cell;
      offsets[i] = c[0] - first[0] + sx * (c[1] - first[1] + sy * (c[2] - first[2]));
    }
    for (const t of region) {
      const dx = t[0] - first[0] - grid.min[0];
      const dy = t[1] - first[1] - grid.min[1];
      const dz = t[2] - first[2] - grid.min[2];
      if (dx < 0 || dy < 0 || dz < 0 || dx + size[0] > sx || dy + size[1] > sy || dz + size[2] > grid.size[2])
        continue;
      const origin = t[0] - grid.min[0] + sx * (t[1] - grid.min[1] + sy * (t[2] - grid.min[2]));
      let ok = true;
      for (let i = 0; i < n; i++) {
        const at = grid.at[origin + (offsets[i] as number)] as number;
        if (at < 0 || (coloured && !fits(colours[i] as number, colourOf[at] as number))) {
          ok = false;
          break;
        }
        cells[i] = at;
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
  private readonly partner: string[];
  private readonly ids = new Map<string, number>();
  private readonly image: Int32Array;

  constructor(
    forms: readonly { own: string; mirror: string }[],
    achiral: readonly boolean[],
    private readonly rows: readonly Row[],
    private readonly group: readonly Symmetry[],
  ) {
    this.partner = forms.map((f, i) => {
      const j = forms.findIndex((k, t) => k.own === f.mirror && (t === i || !achiral[i]));
      return j >= 0 ? `s${j}` : `m${i}`;
    });
    this.image = new Int32Array(group.length * rows.length).fill(-1);
  }

  private imageOf(g: number, r: number): number {
    const at = g * this.rows.length + r;
    const known = this.image[at] as number;
    if (known >= 0) return known;
    const sym = this.group[g] as Symmetry;
    const row = this.rows[r] as Row;
    const tag = sym.mirror ? (this.partner[row.shape] as string) : `s${row.shape}`;
    const key = `${tag}:${Int32Array.from(row.cells, (c) => sym.map[c] as number)
      .sort()
      .join(",")}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    this.image[at] = id;
    return id;
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
