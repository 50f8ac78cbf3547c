import { type Puzzle, puzzleFromRecord, type RuleSymbol } from "./puzzle.ts";
import type { SparcRecord } from "./record.ts";

/**
 * Numeric features of a SPaRC record, for telling two puzzle sets apart (the generator's drift
 * check). Each is defined for every puzzle; a mean over an absent kind is 0 and its presence is a
 * feature of its own.
 */
export const FEATURES = [
  "width",
  "height",
  "area",
  "shortest_path",
  "line_coverage",
  "solution_count",
  "ends_on_edge",
  "end_distance",
  "colors",
  "rule_kinds",
  "rule_density",
  "has_gaps",
  "has_dots",
  "has_stones",
  "has_stars",
  "has_triangles",
  "has_polys",
  "has_ylops",
  "n_gaps",
  "n_dots",
  "n_stones",
  "n_stars",
  "n_triangles",
  "n_polys",
  "n_ylops",
  "poly_size_mean",
  "poly_small_share",
  "poly_size5_share",
  "ylop_size_mean",
  "triangle_count_mean",
  "triangle_count4_share",
  "triangle_count3_share",
] as const;

export type Feature = (typeof FEATURES)[number];
export type FeatureRow = Record<Feature, number>;

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const share = (xs: number[], keep: (x: number) => boolean) =>
  xs.length === 0 ? 0 : xs.filter(keep).length / xs.length;

export function recordFeatures(record: SparcRecord, puzzle: Puzzle = puzzleFromRecord(record)): FeatureRow {
  const { width, height, cols, rows, start, end, gaps, dots, shapes } = puzzle;
  const area = width * height;
  const of = <K extends RuleSymbol["kind"]>(kind: K) =>
    puzzle.symbols.map((s) => s.symbol).filter((s): s is Extract<RuleSymbol, { kind: K }> => s.kind === kind);
  const stones = of("square");
  const stars = of("star");
  const triangles = of("triangle").map((t) => t.count);
  const polySizes = of("poly").map((p) => shapes.get(p.shape)?.length ?? 0);
  const ylopSizes = of("ylop").map((p) => shapes.get(p.shape)?.length ?? 0);
  const lengths = record.solutions.map((s) => s.path.length);
  const shortest = lengths.length === 0 ? 0 : Math.min(...lengths);
  // Positions a line may use: vertices and edges (every position but the rule cells).
  const linePositions = cols * rows - area;
  const counts = {
    gaps: gaps.length,
    dots: dots.length,
    stones: stones.length,
    stars: stars.length,
    triangles: triangles.length,
    polys: polySizes.length,
    ylops: ylopSizes.length,
  };
  const onEdge = (p: { x: number; y: number }) => (p.x + p.y) % 2 === 1;
  return {
    width,
    height,
    area,
    shortest_path: shortest,
    line_coverage: shortest / linePositions,
    solution_count: record.solution_count,
    ends_on_edge: (onEdge(start) ? 1 : 0) + (onEdge(end) ? 1 : 0),
    end_distance: (Math.abs(start.x - end.x) + Math.abs(start.y - end.y)) / (cols + rows),
    colors: new Set(puzzle.symbols.map((s) => s.symbol.color)).size,
    rule_kinds: Object.values(counts).filter((n) => n > 0).length,
    rule_density: puzzle.symbols.length / area,
    has_gaps: counts.gaps > 0 ? 1 : 0,
    has_dots: counts.dots > 0 ? 1 : 0,
    has_stones: counts.stones > 0 ? 1 : 0,
    has_stars: counts.stars > 0 ? 1 : 0,
    has_triangles: counts.triangles > 0 ? 1 : 0,
    has_polys: counts.polys > 0 ? 1 : 0,
    has_ylops: counts.ylops > 0 ? 1 : 0,
    n_gaps: counts.gaps,
    n_dots: counts.dots,
    n_stones: counts.stones,
    n_stars: counts.stars,
    n_triangles: counts.triangles,
    n_polys: counts.polys,
    n_ylops: counts.ylops,
    poly_size_mean: mean(polySizes),
    poly_small_share: share(polySizes, (n) => n <= 2),
    poly_size5_share: share(polySizes, (n) => n >= 5),
    ylop_size_mean: mean(ylopSizes),
    triangle_count_mean: mean(triangles),
    triangle_count4_share: share(triangles, (n) => n === 4),
    triangle_count3_share: share(triangles, (n) => n === 3),
  };
}

export const featureVector = (row: FeatureRow): number[] => FEATURES.map((f) => row[f]);
