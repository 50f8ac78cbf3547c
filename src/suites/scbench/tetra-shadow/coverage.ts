import { kernel, withKernel } from "../../../geometry/manifold.ts";
import { convexHull, polygonArea } from "../../../geometry/plane.ts";
import type { Rings } from "./shapes.ts";
import { HULL_TOLERANCE, type Vec2 } from "./tetra.ts";

export interface Coverage {
  /** area(T), area(U), area(U ∩ T), area(T ∖ U), area(U ∖ T), and Σ area(shadow) − area(U). */
  target: number;
  union: number;
  covered: number;
  missed: number;
  excess: number;
  overlap: number;
  /** 1 − area(U △ T) / area(T), clamped at 0. */
  accuracy: number;
}

export interface CoveragePolygons {
  missed: Vec2[][];
  excess: Vec2[][];
  union: Vec2[][];
}

/**
 * 2D booleans with manifold-3d's CrossSection (Clipper2): U is the union of the shadows (each
 * counter-clockwise, filled by the Positive rule), T the target (outer ring CCW, holes CW).
 */
export function coverage(rings: Rings, shadows: readonly Vec2[][], polygons?: CoveragePolygons): Coverage {
  return withKernel((keep) => {
    const target = keep(new kernel.CrossSection(rings as Vec2[][], "Positive"));
    const union = keep(new kernel.CrossSection(shadows.length > 0 ? (shadows as Vec2[][]) : [], "Positive"));
    const covered = keep(target.intersect(union));
    const missed = keep(target.subtract(union));
    const excess = keep(union.subtract(target));
    if (polygons) {
      polygons.missed = missed.toPolygons() as Vec2[][];
      polygons.excess = excess.toPolygons() as Vec2[][];
      polygons.union = union.toPolygons() as Vec2[][];
    }
    const t = target.area();
    const m = missed.area();
    const e = excess.area();
    return {
      target: t,
      union: union.area(),
      covered: covered.area(),
      missed: m,
      excess: e,
      overlap: shadows.reduce((s, p) => s + Math.abs(polygonArea(p)), 0) - union.area(),
      accuracy: Math.max(0, 1 - (m + e) / t),
    };
  });
}

/** Areas the original's score is built from (SCBench VolumeComparison.py, with the 0.1 thickness divided out). */
export interface OriginalCoverage {
  /** area(T), area(U), area(U ∩ T). */
  target: number;
  union: number;
  covered: number;
  /** area((U ∪ T) ∖ ((U ∩ T) ⊕ square)): the symmetric difference, less a band around U ∩ T. */
  difference: number;
}

/** Half the side of the axis-aligned square the original grows U ∩ T by (`minkowski` with `cube(0.1, center=true)`). */
export const ORIGINAL_BAND = 0.05;

/**
 * P ⊕ S for a polygon set P and the centred square S: P together with every boundary edge swept
 * by S (the hull of the edge's ends moved to S's corners) — any p + s outside P crosses an edge.
 */
function growBySquare(polygons: readonly Vec2[][], half: number): Vec2[][] {
  const swept: Vec2[][] = [];
  for (const ring of polygons)
    for (let k = 0; k < ring.length; k++) {
      const a = ring[k] as Vec2;
      const b = ring[(k + 1) % ring.length] as Vec2;
      const pts: Vec2[] = [];
      for (const [x, y] of [a, b])
        for (const dx of [-half, half]) for (const dy of [-half, half]) pts.push([x + dx, y + dy]);
      swept.push(convexHull(pts, HULL_TOLERANCE));
    }
  return swept;
}

export function originalCoverage(rings: Rings, shadows: readonly Vec2[][]): OriginalCoverage {
  return withKernel((keep) => {
    const target = keep(new kernel.CrossSection(rings as Vec2[][], "Positive"));
    const union = keep(new kernel.CrossSection(shadows.length > 0 ? (shadows as Vec2[][]) : [], "Positive"));
    const covered = keep(target.intersect(union));
    const both = keep(target.add(union));
    const band = keep(
      new kernel.CrossSection(growBySquare(covered.toPolygons() as Vec2[][], ORIGINAL_BAND), "Positive"),
    );
    const grown = keep(covered.add(band));
    return {
      target: target.area(),
      union: union.area(),
      covered: covered.area(),
      difference: keep(both.subtract(grown)).area(),
    };
  });
}
