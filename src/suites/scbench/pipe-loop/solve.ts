import { centroid } from "./geometry.ts";
import type { Constraints, PipeAnswer, PipeData, Pt } from "./model.ts";

/** A connector joining two points one unit apart: straight, a triangular peak, or a bowtie (one crossing). */
export type Connector = "straight" | "peak" | "bowtie";

const PEAK = Math.sqrt(3) / 2;
/** Bowtie: L → (C, D) → (0.5, E) → (1 − C, D) → R, its first and last pipes cross once. */
const BOW_C = 0.9;
const BOW_D = Math.sqrt(1 - BOW_C * BOW_C);
const BOW_E = BOW_D + Math.sqrt(1 - (BOW_C - 0.5) ** 2);
/** Steepest and flattest zig-zag rise per pipe the constructor uses. */
const MAX_RISE = 0.5;
export const MIN_RISE = 0.15;
/** Room kept below the square's size so rounding never pushes a vertex out. */
const SLACK = 1e-3;

const extraVertices = (c: Connector) => (c === "straight" ? 0 : c === "peak" ? 1 : 3);
const extraHeight = (c: Connector) => (c === "straight" ? 0 : c === "peak" ? PEAK : BOW_E);

/** Interior points of a connector from (0, 0) to (1, 0), bulging to the side of `sign`. */
function connectorPoints(c: Connector, sign: number): Pt[] {
  if (c === "peak") return [[0.5, sign * PEAK]];
  if (c === "bowtie")
    return [
      [BOW_C, sign * BOW_D],
      [0.5, sign * BOW_E],
      [1 - BOW_C, sign * BOW_D],
    ];
  return [];
}

export interface Shape {
  /** The loop in local coordinates, its bounding box starting at (0, 0). */
  points: Pt[];
  width: number;
  height: number;
}

/** The connectors for a loop of n pipes with `crossings` bowties (0–2), or null when impossible. */
export function connectorsFor(n: number, crossings: number): [Connector, Connector] | null {
  const top: Connector = crossings >= 1 ? "bowtie" : "straight";
  let bottom: Connector = crossings >= 2 ? "bowtie" : "straight";
  let top2: Connector = top;
  const rest = n - extraVertices(top) - extraVertices(bottom);
  if (rest % 2 === 1) {
    if (bottom === "straight") bottom = "peak";
    else if (top2 === "straight") top2 = "peak";
    else return null;
  }
  const chain = n - extraVertices(top2) - extraVertices(bottom);
  return chain >= 4 ? [top2, bottom] : null;
}

/** The tallest rise per pipe that fits n pipes into `height` (null when it would be flatter than MIN_RISE). */
export function riseFor(n: number, crossings: number, height: number): number | null {
  const conn = connectorsFor(n, crossings);
  if (conn === null) return null;
  const m = (n - extraVertices(conn[0]) - extraVertices(conn[1])) / 2 - 1;
  const h = Math.min(MAX_RISE, (height - SLACK - extraHeight(conn[0]) - extraHeight(conn[1])) / m);
  return h >= MIN_RISE ? h : null;
}

/**
 * A ring of two parallel zig-zag chains one unit apart (one going up, the other down), closed at
 * top and bottom by connectors; each bowtie connector adds exactly one crossing. For n = 3 it is
 * the unit equilateral triangle.
 */
export function ringShape(n: number, crossings: number, height: number): Shape {
  if (n === 3)
    return {
      points: [
        [0, 0],
        [1, 0],
        [0.5, PEAK],
      ],
      width: 1,
      height: PEAK,
    };
  const conn = connectorsFor(n, crossings);
  const h = riseFor(n, crossings, height);
  if (conn === null || h === null) throw new Error(`pipe-loop: no ring of ${n} pipes in height ${height}`);
  const [top, bottom] = conn;
  const m = (n - extraVertices(top) - extraVertices(bottom)) / 2 - 1;
  const w = Math.sqrt(1 - h * h);
  const base = extraHeight(bottom);
  const off = (j: number) => (j % 2 === 1 ? w : 0);
  const up: Pt[] = Array.from({ length: m + 1 }, (_, j) => [off(j), base + j * h]);
  const down: Pt[] = Array.from({ length: m + 1 }, (_, k) => [1 + off(m - k), base + (m - k) * h]);
  const topY = base + m * h;
  const topPts = connectorPoints(top, 1).map(([x, y]): Pt => [off(m) + x, topY + y]);
  // The bottom connector runs right to left, from (1, base) to (0, base).
  const bottomPts = connectorPoints(bottom, -1)
    .reverse()
    .map(([x, y]): Pt => [x, base + y]);
  const points = [...up, ...topPts, ...down, ...bottomPts];
  return { points, width: 1 + w, height: topY + extraHeight(top) };
}

/** Share of the side a compact ring (one that must be movable up and down) spans, when it fits. */
const COMPACT = 0.8;

/**
 * The reference ring for an instance: as tall as the square (inside the margin) allows, or, when
 * it must be placed at a chosen spot (`compact`), about COMPACT of the side so it can move.
 */
export function referenceShape(pipes: number, side: number, c: Constraints): Shape {
  const crossings = c.crossings ?? 0;
  const full = side - 2 * (c.margin ?? 0);
  const compact = c.centroid !== undefined || c.start !== undefined || c.touchEdges !== undefined;
  const height = compact && riseFor(pipes, crossings, COMPACT * full) !== null ? COMPACT * full : full;
  return ringShape(pipes, crossings, height);
}

/** The reference loop: the ring, placed where the instance's constraints want it. */
export function constructLoop(data: PipeData): PipeAnswer {
  const { pipes, side, constraints: c } = data;
  const shape = referenceShape(pipes, side, c);
  let dx = (side - shape.width) / 2;
  let dy = (side - shape.height) / 2;
  if (c.centroid) {
    const [mx, my] = centroid(shape.points);
    dx = c.centroid.x - mx;
    dy = c.centroid.y - my;
  }
  if (c.touchEdges) {
    for (const e of c.touchEdges) {
      if (e === "left") dx = 0;
      if (e === "right") dx = side - shape.width;
      if (e === "bottom") dy = 0;
      if (e === "top") dy = side - shape.height;
    }
  }
  if (c.start) {
    const first = shape.points[0] as Pt;
    dx = c.start.x - first[0];
    dy = c.start.y - first[1];
  }
  return { points: shape.points.map(([x, y]): [number, number] => [x + dx, y + dy]) };
}
