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
  canonicalKey,
  cellKey,
  isAchiral,
  type Mat3,
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
  const index = new Map<string, number>();
  region.forEach((c, i) => {
    index.set(cellKey(c), i);
  });
  const colourAt = (i: number) => problem.resultColours?.get(cellKey(region[i] as Cell)) ?? 0;
  const fits = (pc: number, rc: number) => pc === 0 || rc === 0 || (problem.allowed?.(pc, rc) ?? true);

  const achiral = problem.shapes.map((s) => isAchiral(s.cells));
  const rule = opts.mirrors ?? false;
  const mirrors =
    rule === true || (rule === "achiral-only" && problem.shapes.every((s, i) => s.max === 0 || achiral[i]));
  const group = resultSymmetries(problem, region, index, mirrors);
  const rotations = group.filter((g) => !g.mirror);
  const perShape = problem.shapes.map((shape) =>
    shape.max > 0 ? placementsOf(shape, region, index, colourAt, fits) : [],
  );
  const anchor = rotations.length > 1 ? chooseAnchor(problem.shapes, perShape) : null;
  if (anchor !== null) perShape[anchor] = oncePerOrbit(perShape[anchor] as number[][], rotations);
  const rows: Row[] = perShape.flatMap((list, shape) => list.map((cells) => ({ shape, cells })));

  const images = rowImages(problem, rows, group);
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
      if (group.length > 1) {
        const key = canonical(chosen, images);
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

/** The placements that are the smallest of their orbit under the given symmetries. */
function oncePerOrbit(list: readonly number[][], group: readonly Symmetry[]): number[][] {
  const key = (cells: readonly number[]) =>
    cells
      .slice()
      .sort((a, b) => a - b)
      .join(",");
  return list.filter((cells) => {
    const own = key(cells);
    return group.every((g) => key(cells.map((c) => g.map[c] as number)) >= own);
  });
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
 * by the same shape; under a mirror a chiral shape becomes its mirror partner in the problem, or
 * a shape of its own that no assembly uses.
 */
function rowImages(problem: AssemblyProblem, rows: readonly Row[], group: readonly Symmetry[]) {
  const keys = problem.shapes.map((s) => canonicalKey(s.cells));
  const partner = problem.shapes.map((s, i) => {
    const m = canonicalKey(transform(s.cells, SYMMETRIES[24] as Mat3));
    const j = keys.findIndex((k, t) => k === m && (t === i || !isAchiral(s.cells)));
    return j >= 0 ? `s${j}` : `m${i}`;
  });
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
  return group.map((g) =>
    rows.map((r) =>
      idOf(
        g.mirror ? (partner[r.shape] as string) : `s${r.shape}`,
        r.cells.map((c) => g.map[c] as number),
      ),
    ),
  );
}

/** The smallest sorted list of placement class ids over the symmetries. */
function canonical(chosen: readonly number[], images: readonly number[][]): string {
  let best: number[] | null = null;
  images.forEach((image) => {
    const list = chosen.map((r) => image[r] as number).sort((a, b) => a - b);
    if (best === null || lexLess(list, best)) best = list;
  });
  return (best as unknown as number[]).join(",");
}

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number);
  return false;
}
