/**
 * The assembler: every way to fill a result shape with a problem's pieces (any rotation, any
 * translation), where each shape may be used between `min` and `max` times, variable cells may
 * stay empty and coloured cells must meet allowed colours. Assemblies are counted up to the
 * result's own rotations, or also its mirror images.
 *
 * A custom Algorithm X rather than geometry/dlx: copies of one shape are interchangeable, so a
 * row per copy would find every assembly once per permutation of the copies, and count ranges
 * have no exact-cover column.
 */
import { solveExactCover } from "../../../geometry/dlx.ts";
import {
  applyMat,
  bounds,
  type Cell,
  canonicalKey,
  cellKey,
  type Mat3,
  ROTATIONS,
  SYMMETRIES,
  transform,
} from "../../../geometry/voxels.ts";

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

export interface AssemblyOptions {
  /** Count an assembly and its mirror image once (default false: mirror images are kept). */
  mirrors?: boolean;
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
  const index = new Map<string, number>();
  region.forEach((c, i) => {
    index.set(cellKey(c), i);
  });
  const nRequired = problem.result.length;
  const colourAt = (i: number) => problem.resultColours?.get(cellKey(region[i] as Cell)) ?? 0;
  const fits = (pc: number, rc: number) => pc === 0 || rc === 0 || (problem.allowed?.(pc, rc) ?? true);

  const rows: Row[] = [];
  problem.shapes.forEach((shape, s) => {
    if (shape.max > 0)
      rows.push(...placementsOf(shape, region, index, colourAt, fits).map((cells) => ({ shape: s, cells })));
  });

  const group = resultSymmetries(problem, region, index, opts.mirrors ?? false);
  const images = rowImages(problem, rows, region, group);

  const seen = new Set<string>();
  const assemblies: Placement[][] = [];
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  const used = problem.shapes.map(() => 0);
  // Every cell is a primary column; an optional cell may instead take its own "empty" row, so
  // that pieces lying wholly in optional cells are placed too.
  const empties = optional.map((_, i) => [nRequired + i]);
  const dlx = solveExactCover(
    { primary: region.length, rows: [...rows.map((r) => r.cells), ...empties] },
    {
      nodeLimit: opts.nodeLimit,
      onSolution: (all) => {
        const chosen = all.filter((r) => r < rows.length);
        used.fill(0);
        for (const r of chosen) used[(rows[r] as Row).shape] = (used[(rows[r] as Row).shape] as number) + 1;
        if (!problem.shapes.every((s, i) => (used[i] as number) >= s.min && (used[i] as number) <= s.max))
          return true;
        const key = canonical(chosen, images);
        if (seen.has(key)) return true;
        seen.add(key);
        assemblies.push(
          chosen.map((r) => ({
            shape: (rows[r] as Row).shape,
            cells: (rows[r] as Row).cells.map((c) => region[c] as Cell),
          })),
        );
        return assemblies.length < limit;
      },
    },
  );
  return { count: assemblies.length, assemblies, complete: dlx.complete, nodes: dlx.nodes };
}

function placementsOf(
  shape: ShapeSpec,
  region: readonly Cell[],
  index: Map<string, number>,
  colourAt: (i: number) => number,
  fits: (pc: number, rc: number) => boolean,
): number[][] {
  const colours = shape.colours ?? shape.cells.map(() => 0);
  const out: number[][] = [];
  const seen = new Set<string>();
  for (const m of ROTATIONS) {
    const moved = shape.cells.map((c) => applyMat(m, c));
    const { min } = bounds(moved);
    const local = moved.map((c): Cell => [c[0] - min[0], c[1] - min[1], c[2] - min[2]]);
    for (const t of region) {
      const first = local[0] as Cell;
      const d: Cell = [t[0] - first[0], t[1] - first[1], t[2] - first[2]];
      const cells: number[] = [];
      let ok = true;
      for (let i = 0; i < local.length && ok; i++) {
        const c = local[i] as Cell;
        const at = index.get(cellKey([c[0] + d[0], c[1] + d[1], c[2] + d[2]]));
        if (at === undefined || !fits(colours[i] as number, colourAt(at))) ok = false;
        else cells.push(at);
      }
      if (!ok) continue;
      const key = cells
        .slice()
        .sort((a, b) => a - b)
        .join(",");
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(cells);
    }
  }
  return out;
}

interface Symmetry {
  map: number[];
  mirror: boolean;
}

/** The rotations (and, when asked, reflections) mapping the result onto itself, as cell index maps. */
function resultSymmetries(
  problem: AssemblyProblem,
  region: readonly Cell[],
  index: Map<string, number>,
  mirrors: boolean,
): Symmetry[] {
  const nRequired = problem.result.length;
  const { min } = bounds(region);
  const out: Symmetry[] = [];
  (mirrors ? SYMMETRIES : ROTATIONS).forEach((m, g) => {
    const moved = transform(region, m);
    const b = bounds(moved).min;
    const map: number[] = [];
    for (let i = 0; i < moved.length; i++) {
      const c = moved[i] as Cell;
      const at = index.get(cellKey([c[0] - b[0] + min[0], c[1] - b[1] + min[1], c[2] - b[2] + min[2]]));
      if (at === undefined || at < nRequired !== i < nRequired) return;
      const colour = (k: number) => problem.resultColours?.get(cellKey(region[k] as Cell)) ?? 0;
      if (colour(at) !== colour(i)) return;
      map.push(at);
    }
    out.push({ map, mirror: g >= 24 });
  });
  return out;
}

/**
 * Per symmetry, the image of every placement as a class id: the same id for the same cells filled
 * by the same shape up to rotation (a mirrored shape is its mirror twin), so that assemblies can
 * be compared as sorted id lists.
 */
function rowImages(
  problem: AssemblyProblem,
  rows: readonly Row[],
  region: readonly Cell[],
  group: readonly Symmetry[],
) {
  const keys = problem.shapes.map((s) => canonicalKey(s.cells));
  const mirrorKeys = problem.shapes.map((s) => canonicalKey(transform(s.cells, SYMMETRIES[24] as Mat3)));
  const ids = new Map<string, number>();
  const idOf = (tag: string, cells: number[]) => {
    const key = `${tag}:${cells.sort((a, b) => a - b).join(",")}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    return id;
  };
  rows.forEach((r) => {
    idOf(keys[r.shape] as string, r.cells.slice());
  });
  void region;
  return group.map((g) =>
    rows.map((r) =>
      idOf(
        (g.mirror ? mirrorKeys : keys)[r.shape] as string,
        r.cells.map((c) => g.map[c] as number),
      ),
    ),
  );
}

/** The smallest sorted list of placement class ids over the symmetries. */
function canonical(chosen: readonly number[], images: readonly number[][]): string {
  let best: number[] | null = null;
  for (const image of images) {
    const list = chosen.map((r) => image[r] as number).sort((a, b) => a - b);
    if (best === null || lexLess(list, best)) best = list;
  }
  return (best as number[]).join(",");
}

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number);
  return false;
}
