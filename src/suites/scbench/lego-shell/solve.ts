import { boxShellVolume } from "./box-shell-volume.ts";
import {
  type Box,
  brickBox,
  farthestDistance,
  footprintsOverlap,
  nearestDistance,
} from "./brick-geometry.ts";
import {
  BRICK_HEIGHT,
  BRICK_VOLUME,
  type Brick,
  type LegoShellAnswer,
  PITCH,
  shellVolume,
} from "./schema.ts";

/** Candidate bricks of one strip: the in-shell volume of the brick starting at each cell. */
interface Strip {
  layer: number;
  orientation: 0 | 90;
  /** The strip's cross coordinate (mm): y for orientation 0, x for 90. */
  across: number;
  /** First start cell along the strip (in pitches). */
  first: number;
  volumes: number[];
}

function strips(inner: number, outer: number): Strip[] {
  const reach = Math.ceil(outer / PITCH) + 1;
  const layers = Math.ceil(outer / BRICK_HEIGHT);
  const out: Strip[] = [];
  for (let layer = 0; layer < layers; layer++) {
    // Orientation alternates every layer and the strips shift by one stud every other layer,
    // so each brick crosses the bricks below it (running bond).
    const orientation = layer % 2 === 0 ? 0 : 90;
    const shift = (layer >> 1) % 2;
    for (let v = -reach - shift; v < reach; v += 2) {
      const across = v * PITCH;
      const first = -reach - 4;
      const volumes: number[] = [];
      for (let u = first; u <= reach; u++) {
        const along = u * PITCH;
        const brick: Brick =
          orientation === 0
            ? { x: along, y: across, layer, orientation }
            : { x: across, y: along, layer, orientation };
        const box = brickBox(brick);
        const near = nearestDistance(box);
        const far = farthestDistance(box);
        volumes.push(
          near >= outer || far <= inner
            ? 0
            : near >= inner && far <= outer
              ? BRICK_VOLUME
              : boxShellVolume(box, inner, outer, 2),
        );
      }
      out.push({ layer, orientation, across, first, volumes });
    }
  }
  return out;
}

/** The bricks of a strip that maximise Σ (volume in the shell − θ·brick volume), without overlap. */
function bestInStrip(s: Strip, theta: number): Brick[] {
  const n = s.volumes.length + 3;
  const best = new Array<number>(n + 1).fill(0);
  for (let j = 1; j <= n; j++) {
    best[j] = best[j - 1] as number;
    const start = j - 4;
    if (start >= 0 && start < s.volumes.length) {
      const gain = (best[start] as number) + (s.volumes[start] as number) - theta * BRICK_VOLUME;
      if (gain > (best[j] as number)) best[j] = gain;
    }
  }
  const bricks: Brick[] = [];
  for (let j = n; j > 0; ) {
    if (best[j] === best[j - 1]) j--;
    else {
      const along = (s.first + j - 4) * PITCH;
      bricks.push(
        s.orientation === 0
          ? { x: along, y: s.across, layer: s.layer, orientation: 0 }
          : { x: s.across, y: along, layer: s.layer, orientation: 90 },
      );
      j -= 4;
    }
  }
  return bricks;
}

/** Only the bricks joined to a ground brick through a chain of stud connections. */
export function groundedOnly(bricks: readonly Brick[]): Brick[] {
  const boxes = bricks.map(brickBox);
  const byLayer = new Map<number, number[]>();
  bricks.forEach((b, i) => {
    byLayer.set(b.layer, [...(byLayer.get(b.layer) ?? []), i]);
  });
  const reached = new Set<number>(byLayer.get(0) ?? []);
  const queue = [...reached];
  while (queue.length > 0) {
    const i = queue.pop() as number;
    const layer = (bricks[i] as Brick).layer;
    for (const j of [...(byLayer.get(layer - 1) ?? []), ...(byLayer.get(layer + 1) ?? [])])
      if (!reached.has(j) && footprintsOverlap(boxes[i] as Box, boxes[j] as Box)) {
        reached.add(j);
        queue.push(j);
      }
  }
  return bricks.filter((_, i) => reached.has(i));
}

const THETAS = [0.4, 0.45, 0.5];

/** Estimated IoU with the shell from the bricks' in-shell volumes. */
const estimatedIou = (inShell: number, bricks: number, shell: number): number =>
  inShell / (bricks * BRICK_VOLUME + shell - inShell);

export interface Build {
  answer: LegoShellAnswer;
  /** The IoU the builder estimated from its own volumes. */
  iou: number;
}

/**
 * The reference builder: every layer is covered strip by strip with bricks on one 8 mm grid
 * (so all studs align), each strip chosen exactly by dynamic programming to maximise the
 * volume inside the shell minus θ times the brick volume; θ is swept for the best IoU, and
 * bricks not joined to the ground are dropped.
 */
export function buildShell(inner: number, outer: number): Build {
  const all = strips(inner, outer);
  const shell = shellVolume(inner, outer);
  let winner: Build | null = null;
  for (const theta of THETAS) {
    const chosen: Brick[] = [];
    const volumeOf = new Map<Brick, number>();
    for (const s of all)
      for (const b of bestInStrip(s, theta)) {
        chosen.push(b);
        volumeOf.set(b, s.volumes[Math.round((s.orientation === 0 ? b.x : b.y) / PITCH) - s.first] as number);
      }
    const kept = groundedOnly(chosen);
    const inShell = kept.reduce((sum, b) => sum + (volumeOf.get(b) as number), 0);
    const iou = estimatedIou(inShell, kept.length, shell);
    if (!winner || iou > winner.iou) winner = { answer: { bricks: kept }, iou };
  }
  return winner as Build;
}
