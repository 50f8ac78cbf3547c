import { type Earthwork, LAYERS } from "./schema.ts";

export const AIR = 0;
export const ROCK = 1;
export const WATER = 2;

/** A side × side × LAYERS voxel world; cell (x, y, z) is at index x + side·(y + side·z). */
export interface World {
  side: number;
  cells: Uint8Array;
}

export const cellIndex = (side: number, x: number, y: number, z: number): number => x + side * (y + side * z);

export function terrainWorld(heights: readonly (readonly number[])[]): World {
  const side = heights.length;
  const cells = new Uint8Array(side * side * LAYERS);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const h = heights[y]?.[x] ?? 0;
      for (let z = 0; z < h; z++) cells[cellIndex(side, x, y, z)] = ROCK;
    }
  return { side, cells };
}

/** Sets every cell of each box (inclusive corners, already validated) to its material, in order. */
export function applyEarthworks(world: World, works: readonly Earthwork[]): void {
  const { side, cells } = world;
  for (const w of works) {
    const value = w.material === "rock" ? ROCK : AIR;
    for (let z = w.min[2]; z <= w.max[2]; z++)
      for (let y = w.min[1]; y <= w.max[1]; y++)
        for (let x = w.min[0]; x <= w.max[0]; x++) cells[cellIndex(side, x, y, z)] = value;
  }
}

/** Face neighbours of cell i inside the world. */
export function neighbours(side: number, i: number, out: number[]): number[] {
  out.length = 0;
  const layer = side * side;
  const x = i % side;
  const y = Math.floor(i / side) % side;
  const z = Math.floor(i / layer);
  if (x > 0) out.push(i - 1);
  if (x < side - 1) out.push(i + 1);
  if (y > 0) out.push(i - side);
  if (y < side - 1) out.push(i + side);
  if (z > 0) out.push(i - layer);
  if (z < LAYERS - 1) out.push(i + layer);
  return out;
}

/**
 * Labels the face-connected components of the cells `member` accepts; components are numbered in
 * the order of their smallest cell index. Returns the labels (−1 outside) and the component count.
 */
export function components(
  side: number,
  size: number,
  member: (i: number) => boolean,
): { label: Int32Array; count: number } {
  const label = new Int32Array(size).fill(-1);
  const stack: number[] = [];
  const near: number[] = [];
  let count = 0;
  for (let start = 0; start < size; start++) {
    if (label[start] !== -1 || !member(start)) continue;
    label[start] = count;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop() as number;
      for (const j of neighbours(side, i, near))
        if (j < size && label[j] === -1 && member(j)) {
          label[j] = count;
          stack.push(j);
        }
    }
    count++;
  }
  return { label, count };
}

/**
 * Rock stability: a rock piece (face-connected) touching z = 0 is supported. While some piece is
 * not, the one whose lowest cell is lowest (ties: the piece holding the smallest cell index) drops
 * straight down as a rigid body until a cell of it rests on other rock or on z = 0; then regroup.
 * Returns how many pieces fell.
 */
export function settleRock(world: World): number {
  const { side, cells } = world;
  const layer = side * side;
  let falls = 0;
  for (;;) {
    const { label, count } = components(side, cells.length, (i) => cells[i] === ROCK);
    const lowest = new Int32Array(count).fill(LAYERS);
    for (let i = 0; i < cells.length; i++) {
      const c = label[i] as number;
      if (c >= 0) lowest[c] = Math.min(lowest[c] as number, Math.floor(i / layer));
    }
    let pick = -1;
    for (let c = 0; c < count; c++)
      if ((lowest[c] as number) > 0 && (pick < 0 || (lowest[c] as number) < (lowest[pick] as number)))
        pick = c;
    if (pick < 0) return falls;
    const members: number[] = [];
    for (let i = 0; i < cells.length; i++) if (label[i] === pick) members.push(i);
    let drop = LAYERS;
    for (const i of members) {
      let gap = 0;
      let j = i - layer;
      while (j >= 0 && cells[j] === AIR) {
        gap++;
        j -= layer;
      }
      if (j < 0 || label[j] !== pick) drop = Math.min(drop, gap);
    }
    for (const i of members) cells[i] = AIR;
    for (const i of members) cells[i - drop * layer] = ROCK;
    falls++;
  }
}
