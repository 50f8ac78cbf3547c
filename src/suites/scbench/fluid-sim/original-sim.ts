import { pairHash, pythonSetOrder } from "./python-set-order.ts";
import { LAYERS } from "./schema.ts";
import { AIR, cellIndex, ROCK, WATER, type World } from "./world.ts";

/**
 * The simulator of the SCBench original (23.py), rule for rule: a flat world with rock at
 * z = 0, 1, 2; boxes applied leniently; floating rock dropped piece by piece; rain in three phases.
 */

/** Rock fills z < GROUND_LAYERS of every column before the earthworks. */
export const GROUND_LAYERS = 3;
/** Consecutive rounds of four centre drops that must all run off before the rain stops. */
export const RUN_OFF_ROUNDS = 500;
/** Rounds of four centre drops always let fall after the one drop per column. */
export const DOWNPOUR_ROUNDS = 500;

/** A box with its three-number corners; the original truncates them to integers. */
export interface OriginalBox {
  min: readonly number[];
  max: readonly number[];
  material: "rock" | "air";
}

export interface OriginalRun {
  world: World;
  /** Indices of the boxes the original skips (a corner outside the world, or min > max). */
  skipped: number[];
  /** Rock pieces moved by the stability pass. */
  falls: number;
  drops: { settled: number; escaped: number };
}

export function flatWorld(side: number): World {
  const cells = new Uint8Array(side * side * LAYERS);
  cells.fill(ROCK, 0, side * side * GROUND_LAYERS);
  return { side, cells };
}

/** Applies the boxes in order; a box the original would skip is listed and left out. */
export function applyOriginalBoxes(world: World, boxes: readonly OriginalBox[]): number[] {
  const { side, cells } = world;
  const hi = [side - 1, side - 1, LAYERS - 1];
  const skipped: number[] = [];
  for (const [k, box] of boxes.entries()) {
    const lo = box.min.slice(0, 3).map(Math.trunc);
    const up = box.max.slice(0, 3).map(Math.trunc);
    const inside = [0, 1, 2].every((a) => {
      const l = lo[a] as number;
      const u = up[a] as number;
      return Number.isFinite(l) && Number.isFinite(u) && l >= 0 && u <= (hi[a] as number) && l <= u;
    });
    if (!inside) {
      skipped.push(k);
      continue;
    }
    const value = box.material === "rock" ? ROCK : AIR;
    const [x0, y0, z0] = lo as [number, number, number];
    const [x1, y1, z1] = up as [number, number, number];
    for (let z = z0; z <= z1; z++)
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) cells[cellIndex(side, x, y, z)] = value;
  }
  return skipped;
}

const STEPS_3D = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
] as const;

/**
 * Face-connected pieces of the cells `member` accepts, in the original's order: pieces by their
 * first cell in x-major, then y, then z order, each listed breadth-first from that cell.
 */
export function piecesInScanOrder(world: World, member: (value: number) => boolean): number[][] {
  const { side, cells } = world;
  const seen = new Uint8Array(cells.length);
  const pieces: number[][] = [];
  for (let x = 0; x < side; x++)
    for (let y = 0; y < side; y++)
      for (let z = 0; z < LAYERS; z++) {
        const start = cellIndex(side, x, y, z);
        if (seen[start] || !member(cells[start] as number)) continue;
        seen[start] = 1;
        const piece = [start];
        for (let k = 0; k < piece.length; k++) {
          const i = piece[k] as number;
          const cx = i % side;
          const cy = Math.floor(i / side) % side;
          const cz = Math.floor(i / (side * side));
          for (const [dx, dy, dz] of STEPS_3D) {
            const nx = cx + dx;
            const ny = cy + dy;
            const nz = cz + dz;
            if (nx < 0 || ny < 0 || nz < 0 || nx >= side || ny >= side || nz >= LAYERS) continue;
            const j = cellIndex(side, nx, ny, nz);
            if (!seen[j] && member(cells[j] as number)) {
              seen[j] = 1;
              piece.push(j);
            }
          }
        }
        pieces.push(piece);
      }
  return pieces;
}

/**
 * The original's stability pass: every piece of rock with no cell at z = 0 drops straight down,
 * as far as the rock outside it allows, pieces taken in scan order; repeated until all are grounded.
 */
export function settleOriginalRock(world: World): number {
  const { side, cells } = world;
  const layer = side * side;
  let falls = 0;
  for (;;) {
    let moved = false;
    for (const piece of piecesInScanOrder(world, (v) => v === ROCK)) {
      const lowest = piece.reduce((m, i) => Math.min(m, Math.floor(i / layer)), LAYERS);
      if (lowest === 0) continue;
      const own = new Set(piece);
      let drop = 0;
      for (let d = 1; d <= lowest; d++) {
        if (piece.some((i) => cells[i - d * layer] === ROCK && !own.has(i - d * layer))) break;
        drop = d;
      }
      for (const i of piece) cells[i] = AIR;
      for (const i of piece) cells[i - drop * layer] = ROCK;
      falls++;
      moved = true;
    }
    if (!moved) return falls;
  }
}

/** CPython's hash of the pair (x, y) for each column x + side·y. */
export type ColumnHashes = (p: number) => bigint;

export function columnHashes(side: number): ColumnHashes {
  const table = new BigUint64Array(side * side);
  for (let p = 0; p < side * side; p++) table[p] = pairHash(p % side, Math.floor(p / side));
  return (p) => table[p] as bigint;
}

/** The first column of `reached` (in CPython set order) that `wanted` accepts, or −1. */
function firstInSetOrder(
  reached: readonly number[],
  hashes: ColumnHashes,
  wanted: (p: number) => boolean,
): number {
  const hits = reached.filter(wanted);
  if (hits.length <= 1) return hits[0] ?? -1;
  return pythonSetOrder(reached, hashes).find(wanted) ?? -1;
}

/** One drop of the original's rain, from the top layer of column (x, y); true when it is lost. */
export function originalDrop(
  world: World,
  x0: number,
  y0: number,
  scratch: Int32Array,
  hashes: ColumnHashes,
): boolean {
  const { side, cells } = world;
  const layer = side * side;
  let x = x0;
  let y = y0;
  let z = LAYERS - 1;
  for (;;) {
    if (z <= 0) return true;
    if (cells[cellIndex(side, x, y, z - 1)] === AIR) {
      z--;
      continue;
    }
    // Breadth-first over the non-rock cells of layer z; edge columns are reached but not explored.
    const seen = scratch.fill(-1, 0, layer);
    const queue: number[] = [x + side * y];
    seen[x + side * y] = 0;
    let best = -1;
    let edge = false;
    for (let k = 0; k < queue.length; k++) {
      const p = queue[k] as number;
      const cx = p % side;
      const cy = Math.floor(p / side);
      if (cx === 0 || cy === 0 || cx === side - 1 || cy === side - 1) {
        edge = true;
        continue;
      }
      if (best < 0 && cells[p + layer * (z - 1)] === AIR) best = p;
      for (const q of [p + 1, p - 1, p + side, p - side])
        if (seen[q] === -1 && cells[q + layer * z] !== ROCK) {
          seen[q] = 0;
          queue.push(q);
        }
    }
    if (best >= 0) {
      x = best % side;
      y = Math.floor(best / side);
      z--;
      continue;
    }
    if (edge) return true;
    // A closed pool: the original walks its set of reached columns and fills the first air cell.
    const filled = firstInSetOrder(queue, hashes, (p) => cells[p + layer * z] === AIR);
    if (filled >= 0) {
      cells[filled + layer * z] = WATER;
      return false;
    }
    if (z + 1 < LAYERS) {
      const risen = firstInSetOrder(queue, hashes, (p) => cells[p + layer * (z + 1)] === AIR);
      if (risen >= 0) {
        cells[risen + layer * (z + 1)] = WATER;
        return false;
      }
    }
    return true;
  }
}

/**
 * The original's rain: one drop per column (x outer, y inner); 500 rounds of a drop into each of
 * the four centre columns (S/2 and S/2 + 1 on both axes); then rounds until 500 in a row lose all
 * four drops. Rounds stop after S²·8 + 500 further drops at most (the original asserts this bound).
 */
export function originalRain(world: World): { settled: number; escaped: number } {
  const { side } = world;
  const scratch = new Int32Array(side * side);
  const hashes = columnHashes(side);
  const stats = { settled: 0, escaped: 0 };
  const drop = (x: number, y: number): boolean => {
    const lost = originalDrop(world, x, y, scratch, hashes);
    stats[lost ? "escaped" : "settled"]++;
    return lost;
  };
  const c = Math.floor(side / 2);
  const round = (): boolean => {
    let lost = drop(c, c);
    lost = drop(c + 1, c) && lost;
    lost = drop(c, c + 1) && lost;
    return drop(c + 1, c + 1) && lost;
  };
  for (let x = 0; x < side; x++) for (let y = 0; y < side; y++) drop(x, y);
  for (let k = 0; k < DOWNPOUR_ROUNDS; k++) round();
  // Once a round loses all four drops the world no longer changes, so the next 499 would too.
  const cap = (side * side * LAYERS + 500) / 4;
  for (let k = 0; k < cap; k++) if (round()) break;
  return stats;
}

/** Earthworks → stability → rain, on the original's flat world of the given side. */
export function runOriginal(side: number, boxes: readonly OriginalBox[]): OriginalRun {
  const world = flatWorld(side);
  const skipped = applyOriginalBoxes(world, boxes);
  const falls = settleOriginalRock(world);
  const drops = originalRain(world);
  return { world, skipped, falls, drops };
}
