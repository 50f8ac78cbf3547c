import { z } from "zod";
import { InputError } from "../../../core/errors.ts";
import type { Rng } from "../../../core/rng.ts";
import { inCircle, orient, type Pt } from "./geometry.ts";

/** Coordinates are integers in thousandths: the point (x, y) is shown as (x/1000, y/1000). */
export const SCALE = 1000;

export const LAYOUTS = [
  "uniform",
  "clustered",
  "near-collinear",
  "lattice",
  "circle",
  "circle-square",
] as const;
export type Layout = (typeof LAYOUTS)[number];

/** Layouts that keep points in general position (unique Delaunay triangulation). */
const GENERAL_POSITION: ReadonlySet<Layout> = new Set(["uniform", "clustered", "near-collinear"]);

/** Most points a generated instance may have. */
export const MAX_POINTS = 60;

/** Most points a loaded instance may have: the original's records go up to 76. */
export const MAX_LOADED_POINTS = 100;

export const delaunayParams = z.object({
  points: z.number().int().min(3).max(MAX_POINTS).default(10),
  /**
   * uniform: random points; clustered: 2–4 tight groups; near-collinear: most points within 0.008 of a
   * line; lattice: a (possibly rotated) square lattice, many co-circular squares and collinear hull sides;
   * circle: all points on one circle; circle-square: points on a circle plus a small square inside it. The circle layouts hold
   * up to about 30 points.
   */
  layout: z.enum(LAYOUTS).default("uniform"),
});
export type DelaunayParams = z.output<typeof delaunayParams>;

const coord = z.number().int().min(0).max(SCALE);
export const delaunayData = z
  .object({
    points: z
      .array(z.tuple([coord, coord]))
      .min(3)
      .max(MAX_LOADED_POINTS),
    /** The record an instance was loaded from: its id and the answer it stores as ground truth. */
    original: z.object({ id: z.string(), answer: z.array(z.array(z.int().min(0)).length(3)) }).optional(),
  })
  .refine((d) => new Set(d.points.map((p) => `${p[0]},${p[1]}`)).size === d.points.length, {
    message: "points must be distinct",
  })
  .refine(
    (d) =>
      d.points.length >= 3 && d.points.some((c) => orient(d.points[0] as Pt, d.points[1] as Pt, c) !== 0n),
    {
      message: "points must not all be collinear",
    },
  );
export type DelaunayData = z.output<typeof delaunayData>;

const LO = 25;
const HI = SCALE - 25;

export function generatePoints(params: DelaunayParams, rng: Rng): Pt[] {
  const n = params.points;
  for (let attempt = 0; attempt < 50; attempt++) {
    const pts = attemptLayout(params.layout, n, rng.split(attempt));
    if (pts) return rng.split("order").shuffle(pts);
  }
  throw new InputError(`could not place ${n} points in layout "${params.layout}"`, { field: "points" });
}

function attemptLayout(layout: Layout, n: number, rng: Rng): Pt[] | null {
  switch (layout) {
    case "uniform":
      return scatter(n, 30, () => [rng.int(LO, HI), rng.int(LO, HI)]);
    case "clustered": {
      const centres = Array.from(
        { length: rng.int(2, 4) },
        () => [rng.int(180, 820), rng.int(180, 820)] as const,
      );
      return scatter(n, 18, () => {
        const [cx, cy] = rng.pick(centres);
        const a = rng.float() * 2 * Math.PI;
        const r = 130 * Math.sqrt(rng.float());
        return [clamp(Math.round(cx + r * Math.cos(a))), clamp(Math.round(cy + r * Math.sin(a)))];
      });
    }
    case "near-collinear": {
      const onLine = Math.ceil(n * 0.6);
      const [ax, ay] = [rng.int(LO, 300), rng.int(LO, HI)];
      const [bx, by] = [rng.int(700, HI), rng.int(LO, HI)];
      const len = Math.hypot(bx - ax, by - ay);
      // Spread out, but close enough that the points meant for the line fit on it.
      const gap = Math.min(35, Math.floor(len / (onLine + 2)));
      return scatter(n, gap, (index) => {
        if (index >= onLine) return [rng.int(LO, HI), rng.int(LO, HI)];
        const t = rng.float();
        const off = rng.int(-8, 8) / len;
        return [
          clamp(Math.round(ax + t * (bx - ax) - off * (by - ay))),
          clamp(Math.round(ay + t * (by - ay) + off * (bx - ax))),
        ];
      });
    }
    case "lattice":
      return lattice(n, rng);
    case "circle":
      return circlePoints(n, rng, 500, 500);
    case "circle-square": {
      if (n < 7) throw new InputError('layout "circle-square" needs at least 7 points', { field: "points" });
      const ring = circlePoints(n - 4, rng, 500, 500);
      if (!ring) return null;
      const a = rng.int(70, 120);
      const b = rng.int(0, 40);
      const [px, py] = [rng.int(430, 470) - a / 2, rng.int(430, 470) - a / 2].map(Math.round) as [
        number,
        number,
      ];
      const square: Pt[] = [
        [px, py],
        [px + a, py + b],
        [px + a - b, py + b + a],
        [px - b, py + a],
      ];
      return [...ring, ...square];
    }
  }
}

/**
 * Draws points one at a time (`draw` gets the index of the point being placed), keeping each only
 * when it is far enough from the others and creates no collinear triple and no co-circular quadruple.
 */
function scatter(n: number, minGap: number, draw: (index: number) => Pt): Pt[] | null {
  const pts: Pt[] = [];
  let tries = 0;
  while (pts.length < n) {
    if (++tries > 200 * n) return null;
    const p = draw(pts.length);
    if (pts.some((q) => (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2 < minGap * minGap)) continue;
    if (!generalPosition(pts, p)) continue;
    pts.push(p);
  }
  return pts;
}

function generalPosition(pts: readonly Pt[], p: Pt): boolean {
  for (let i = 0; i < pts.length; i++) {
    for (let j = i + 1; j < pts.length; j++) {
      const a = pts[i] as Pt;
      const b = pts[j] as Pt;
      if (orient(a, b, p) === 0n) return false;
      for (let k = j + 1; k < pts.length; k++) {
        if (inCircle(a, b, pts[k] as Pt, p) === 0n) return false;
      }
    }
  }
  return true;
}

export function isGeneralPosition(layout: Layout): boolean {
  return GENERAL_POSITION.has(layout);
}

/** A square lattice with integer basis (a, b), (−b, a), filled row by row. */
function lattice(n: number, rng: Rng): Pt[] | null {
  const cols = Math.ceil(Math.sqrt(n));
  const rows = Math.ceil(n / cols);
  const span = Math.max(cols, rows) - 1;
  const maxSide = Math.floor((HI - LO) / Math.max(1, span));
  const a = rng.int(Math.min(60, maxSide), Math.min(220, maxSide));
  const b = rng.bool(0.5) ? 0 : rng.int(1, Math.floor(a / 3));
  const raw: Pt[] = [];
  for (let r = 0; r < rows && raw.length < n; r++) {
    for (let c = 0; c < cols && raw.length < n; c++) raw.push([c * a - r * b, c * b + r * a]);
  }
  const xs = raw.map((p) => p[0]);
  const ys = raw.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (x1 - x0 > HI - LO || y1 - y0 > HI - LO) return null;
  const dx = rng.int(LO - x0, HI - x1);
  const dy = rng.int(LO - y0, HI - y1);
  return raw.map((p) => [p[0] + dx, p[1] + dy]);
}

/** Radii with many integer points on their circle (products of primes 1 mod 4). */
const RADII = [325, 425, 377, 365, 390, 410, 442, 340, 350, 370, 400];

function circlePoints(n: number, rng: Rng, cx: number, cy: number): Pt[] | null {
  const r = rng.pick(RADII);
  const lattice: Pt[] = [];
  for (let x = -r; x <= r; x++) {
    const y = Math.round(Math.sqrt(r * r - x * x));
    if (x * x + y * y !== r * r) continue;
    lattice.push([cx + x, cy + y]);
    if (y !== 0) lattice.push([cx + x, cy - y]);
  }
  const chosen: Pt[] = [];
  for (const p of rng.shuffle(lattice)) {
    if (chosen.some((q) => (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2 < 50 * 50)) continue;
    chosen.push(p);
    if (chosen.length === n) return chosen;
  }
  return null;
}

function clamp(v: number): number {
  return Math.min(HI, Math.max(LO, v));
}
