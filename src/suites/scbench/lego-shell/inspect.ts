import { convexHull, insideConvex } from "../../../geometry/plane.ts";
import {
  alignedBox,
  type Box,
  brickBox,
  brickCentre,
  bricksOverlap,
  farthestDistance,
  footprint,
  isRightAngle,
  MAX_SPAN,
  nearestDistance,
  type Point,
  studsAligned,
} from "./brick-geometry.ts";
import { type Brick, type LegoShellData, TOLERANCE } from "./schema.ts";

/** One rule's outcome: the offending bricks (indices into the answer) and what is wrong. */
export interface RuleResult {
  bad: number[];
  detail?: string;
  /** The rule could not be checked (the detail says why): it fails. */
  unchecked?: boolean;
}

export interface Inspection {
  connected: RuleResult;
  studAligned: RuleResult;
  noOverlap: RuleResult;
  stable: RuleResult;
  inBounds: RuleResult;
}

/**
 * Bricks that do not overlap each other each meet about a dozen bricks of the next layer at most;
 * past this many stud connections per brick, bricks are stacked on top of each other and the
 * connections are not enumerated (that would be quadratic).
 */
const MAX_LINKS_PER_BRICK = 16;
/** Overlapping pairs listed at most (the search stops there). */
const MAX_CLASHES = 1000;

const fmt = (v: number): string => String(Math.round(v * 100) / 100);
const show = (bricks: readonly Brick[], i: number): string => {
  const b = bricks[i] as Brick;
  if (isRightAngle(b))
    return `#${i} (x ${fmt(b.x)}, y ${fmt(b.y)}, layer ${b.layer}, orientation ${b.orientation})`;
  const [cx, cy] = brickCentre(b);
  return `#${i} (centre ${fmt(cx)}, ${fmt(cy)}, layer ${b.layer}, turned ${fmt(b.orientation)}°)`;
};

function byLayer(bricks: readonly Brick[]): Map<number, number[]> {
  const map = new Map<number, number[]>();
  bricks.forEach((b, i) => {
    const list = map.get(b.layer);
    if (list) list.push(i);
    else map.set(b.layer, [i]);
  });
  return map;
}

function find(parent: number[], i: number): number {
  let r = i;
  while (parent[r] !== r) r = parent[r] as number;
  while (parent[i] !== r) {
    const next = parent[i] as number;
    parent[i] = r;
    i = next;
  }
  return r;
}

/**
 * Pairs (i, j), i from `lower` and j from `upper`, whose footprints overlap (i < j when the lists
 * are the same), appended to `out` until it holds `limit` pairs. A sweep along x: footprints'
 * bounding boxes are at most a brick's diagonal wide, so only bricks starting within that before
 * a brick's end can meet it. Returns false when it stopped at the limit.
 */
function overlappingPairs(
  bricks: readonly Brick[],
  boxes: readonly Box[],
  lower: number[],
  upper: number[],
  out: [number, number][],
  limit: number,
): boolean {
  const minX = (i: number) => (boxes[i] as Box).min[0];
  const sorted = [...upper].sort((a, b) => minX(a) - minX(b));
  for (const i of lower) {
    const box = boxes[i] as Box;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (minX(sorted[mid] as number) < box.min[0] - MAX_SPAN) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < sorted.length && minX(sorted[k] as number) < box.max[0]; k++) {
      const j = sorted[k] as number;
      if (
        (lower !== upper || i < j) &&
        bricksOverlap(bricks[i] as Brick, bricks[j] as Brick, box, boxes[j] as Box)
      ) {
        if (out.length >= limit) return false;
        out.push([i, j]);
      }
    }
  }
  return true;
}

/** Pairs (i, j) of bricks in layers L and L+1 whose footprints overlap: the stud connections (null past the limit). */
function connections(
  bricks: readonly Brick[],
  boxes: readonly Box[],
  layers: Map<number, number[]>,
  limit = MAX_LINKS_PER_BRICK * boxes.length,
): [number, number][] | null {
  const pairs: [number, number][] = [];
  for (const [layer, lower] of layers) {
    const upper = layers.get(layer + 1);
    if (upper && !overlappingPairs(bricks, boxes, lower, upper, pairs, limit)) return null;
  }
  return pairs;
}

/** The parts: index lists of the bricks joined by chains of links. */
function components(count: number, links: [number, number][]): number[][] {
  const parent = Array.from({ length: count }, (_, i) => i);
  for (const [i, j] of links) parent[find(parent, i)] = find(parent, j);
  const parts = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const r = find(parent, i);
    const list = parts.get(r);
    if (list) list.push(i);
    else parts.set(r, [i]);
  }
  return [...parts.values()];
}

/** The parts of a build: index lists of the bricks joined by stud connections (null: bricks overlap too much to tell). */
export function partsOf(bricks: readonly Brick[]): number[][] | null {
  const links = connections(bricks, bricks.map(brickBox), byLayer(bricks));
  return links && components(bricks.length, links);
}

/** Rule 4: each part (bricks joined by studs) has a ground brick and its centre of mass over its ground footprint. */
function stability(bricks: readonly Brick[], links: [number, number][]): RuleResult {
  const bad: number[] = [];
  let detail: string | undefined;
  for (const members of components(bricks.length, links)) {
    const ground = members.filter((i) => (bricks[i] as Brick).layer === 0);
    const centre: Point = [0, 0];
    for (const i of members) {
      const [cx, cy] = brickCentre(bricks[i] as Brick);
      centre[0] += cx / members.length;
      centre[1] += cy / members.length;
    }
    const hull = convexHull(ground.flatMap((i) => footprint(bricks[i] as Brick)));
    let why: string | undefined;
    if (ground.length === 0) why = "has no brick on the ground (layer 0)";
    else if (!insideConvex(hull, centre, TOLERANCE))
      why = `has its centre of mass at (${fmt(centre[0])}, ${fmt(centre[1])}), outside the convex hull of its ${ground.length} ground brick(s)`;
    if (why) {
      bad.push(...members);
      detail ??= `the part of ${members.length} brick(s) holding ${show(bricks, members[0] as number)} ${why}`;
    }
  }
  return { bad, detail: detail && `${detail}; ${bad.length} brick(s) in unstable parts` };
}

/** Rule 5: above ground, not wholly inside the inner sphere, not wholly outside the outer one. */
function bounds(data: LegoShellData, bricks: readonly Brick[]): RuleResult {
  const bad: number[] = [];
  let detail: string | undefined;
  bricks.map(alignedBox).forEach((box, i) => {
    const why =
      box.min[2] < 0
        ? "is below the ground"
        : farthestDistance(box) <= data.inner
          ? `lies wholly inside the inner sphere (farthest corner ${fmt(farthestDistance(box))} mm ≤ ${data.inner} mm)`
          : nearestDistance(box) >= data.outer
            ? `lies wholly outside the outer sphere (nearest point ${fmt(nearestDistance(box))} mm ≥ ${data.outer} mm)`
            : undefined;
    if (why) {
      bad.push(i);
      detail ??= `brick ${show(bricks, i)} ${why}`;
    }
  });
  return {
    bad,
    detail: detail && `${detail}${bad.length > 1 ? ` (${bad.length} bricks break this rule)` : ""}`,
  };
}

/** The five construction rules, each with the bricks that break it. */
export function inspectBricks(data: LegoShellData, bricks: readonly Brick[]): Inspection {
  const boxes = bricks.map(brickBox);
  const layers = byLayer(bricks);

  const overlapping: [number, number][] = [];
  for (const members of layers.values())
    if (!overlappingPairs(bricks, boxes, members, members, overlapping, MAX_CLASHES)) break;
  const clash = overlapping[0];
  const count = overlapping.length >= MAX_CLASHES ? `at least ${MAX_CLASHES}` : String(overlapping.length);
  const noOverlap: RuleResult = {
    bad: [...new Set(overlapping.flat())],
    detail: clash
      ? `bricks ${show(bricks, clash[0])} and ${show(bricks, clash[1])} occupy the same volume (${count} such pair(s))`
      : undefined,
  };
  const inBounds = bounds(data, bricks);

  const links = connections(bricks, boxes, layers);
  if (links === null) {
    const unchecked: RuleResult = {
      bad: [],
      unchecked: true,
      detail: `not checked: more than ${MAX_LINKS_PER_BRICK} stud connections per brick, so bricks are stacked inside each other`,
    };
    return { connected: unchecked, studAligned: unchecked, noOverlap, stable: unchecked, inBounds };
  }

  const linked = new Set(links.flat());
  const floating = bricks.map((_, i) => i).filter((i) => (bricks[i] as Brick).layer > 0 && !linked.has(i));
  const connected: RuleResult = {
    bad: floating,
    detail:
      floating.length === 0
        ? undefined
        : `brick ${show(bricks, floating[0] as number)} is off the ground and overlaps no brick in the layer above or below (${floating.length} such brick(s))`,
  };

  const misaligned = links.filter(([i, j]) => !studsAligned(bricks[i] as Brick, bricks[j] as Brick));
  const first = misaligned[0];
  const why = (i: number, j: number): string =>
    isRightAngle(bricks[i] as Brick) && isRightAngle(bricks[j] as Brick)
      ? "their x or y differ by a non-multiple of 8 mm"
      : "their stud grids differ (turns not a multiple of 90° apart, or centres not whole multiples of 8 mm apart along the bricks' sides)";
  const studAligned: RuleResult = {
    bad: [...new Set(misaligned.flat())],
    detail: first
      ? `brick ${show(bricks, first[1])} sits on ${show(bricks, first[0])} but ${why(first[0], first[1])} (${misaligned.length} such pair(s))`
      : undefined,
  };

  return { connected, studAligned, noOverlap, stable: stability(bricks, links), inBounds };
}
