import { convexHull } from "../../../geometry/plane.ts";
import type { HideData } from "./scene.ts";

export type Vec2 = readonly [number, number];
export type Vec3 = readonly [number, number, number];

/** Slack for touching contacts: faces that meet count as touching, not overlapping. */
export const EPS = 1e-9;

export interface Box {
  lo: Vec3;
  hi: Vec3;
}

export function buildingBox(data: HideData): Box {
  const h = data.building.width / 2;
  return { lo: [-h, -h, 0], hi: [h, h, data.building.height] };
}

export function personBox(data: HideData, [x, y]: Vec2): Box {
  const h = data.person.width / 2;
  return { lo: [x - h, y - h, 0], hi: [x + h, y + h, data.person.height] };
}

export function corners(box: Box): Vec3[] {
  const out: Vec3[] = [];
  for (const x of [box.lo[0], box.hi[0]])
    for (const y of [box.lo[1], box.hi[1]]) for (const z of [box.lo[2], box.hi[2]]) out.push([x, y, z]);
  return out;
}

/** Does the closed segment from `a` to `b` meet the closed box (grown by EPS)? Slab test. */
export function segmentHitsBox(a: Vec3, b: Vec3, box: Box): boolean {
  let t0 = 0;
  let t1 = 1;
  for (let k = 0; k < 3; k++) {
    const lo = box.lo[k]! - EPS;
    const hi = box.hi[k]! + EPS;
    const d = b[k]! - a[k]!;
    if (d === 0) {
      if (a[k]! < lo || a[k]! > hi) return false;
      continue;
    }
    let ta = (lo - a[k]!) / d;
    let tb = (hi - a[k]!) / d;
    if (ta > tb) [ta, tb] = [tb, ta];
    t0 = Math.max(t0, ta);
    t1 = Math.min(t1, tb);
    if (t0 > t1) return false;
  }
  return true;
}

/**
 * A person is hidden when every point of their box is hidden, i.e. the segment from the sniper's eye
 * to the point meets the building. That holds exactly when it holds for the 8 corners: the hidden set
 * O = {S + k(b − S) : k ≥ 1, b ∈ B} is convex for a convex building B (a convex combination of
 * S + k1(b1 − S) and S + k2(b2 − S) is S + K(b − S) with K = λk1 + (1−λ)k2 ≥ 1 and b a convex
 * combination of b1 and b2, so b ∈ B), and the person's box is the convex hull of its corners.
 */
export function isHidden(data: HideData, at: Vec2): boolean {
  const building = buildingBox(data);
  return corners(personBox(data, at)).every((c) => segmentHitsBox(data.sniper, c, building));
}

/** Do the open boxes overlap in volume (touching faces allowed)? Both stand on the ground. */
export function footprintsOverlap(a: Box, b: Box): boolean {
  return (
    a.lo[0] < b.hi[0] - EPS && b.lo[0] < a.hi[0] - EPS && a.lo[1] < b.hi[1] - EPS && b.lo[1] < a.hi[1] - EPS
  );
}

export function overlapsBuilding(data: HideData, at: Vec2): boolean {
  return footprintsOverlap(personBox(data, at), buildingBox(data));
}

export function withinRange(data: HideData, [x, y]: Vec2): boolean {
  return Math.hypot(x, y) <= data.maxDistance + EPS;
}

/**
 * The hidden region of the horizontal plane at height z (0 ≤ z < building height, eye above the
 * roof): the hull of the building's footprint and the roof projected from the eye onto the plane.
 */
export function shadowAt(data: HideData, z: number): Vec2[] {
  const h = data.building.width / 2;
  const [sx, sy, sz] = data.sniper;
  const k = (sz - z) / (sz - data.building.height);
  const pts: Vec2[] = [];
  for (const [x, y] of [
    [-h, -h],
    [h, -h],
    [h, h],
    [-h, h],
  ] as const) {
    pts.push([x, y], [sx + k * (x - sx), sy + k * (y - sy)]);
  }
  return convexHull(pts);
}
