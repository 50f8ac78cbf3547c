/**
 * Classic six-piece burrs (Luban locks): solid burrs made of the 25 notchable sticks of
 * SOLID_NOTCHABLE, found by our own assembler (the 314 solid six-piece burrs, as in BurrTools'
 * SolidSixPieceBurrs) and kept here with distinct piece sets. Each entry gives the stick of
 * slots 0–5 of the standard frame by its notchable number, negative when turned end for end.
 * The first twelve take 1.2 (the key piece out, then two moves), the rest come apart at level 1.
 */
import type { Cell } from "../../../geometry/voxels.ts";
import { placeInSlot } from "./notchable.ts";

export const CLASSIC_BURRS: readonly (readonly number[])[] = [
  [1, -992, 792, -960, 120, -1024],
  [1, -1024, 792, -928, 120, -1024],
  [1, -960, 856, -960, 120, -992],
  [1, -960, 856, -928, 120, -1024],
  [1, -992, 928, -960, 120, 256],
  [1, -1024, 928, -928, 120, 256],
  [1, -256, 824, -992, 188, -1024],
  [1, -256, 960, -992, 188, 256],
  [1, 1024, 792, -960, 256, -975],
  [1, -256, 792, -960, 256, -992],
  [1, 1024, 792, -928, 256, -1007],
  [1, 960, 792, -992, 256, -1007],
  [1, -992, 824, -1024, 52, -1024],
  [1, -960, 888, -992, 52, -1024],
  [1, -928, 888, -1024, 52, -1024],
  [1, -992, 960, -1024, 52, 256],
  [1, -928, 1024, -1024, 52, 256],
  [1, -1024, 1024, -1024, 52, 188],
  [1, -928, 992, -960, 120, 256],
  [1, -1024, 992, -960, 120, 188],
  [1, 1024, 824, -992, 188, -1007],
  [1, -256, 824, -1024, 188, -992],
  [1, 1024, 824, -1024, 188, -975],
  [1, -256, 1024, -1024, 188, 188],
];

/** The six sticks of classic burr `index` in the frame, and their notchable numbers by slot. */
export function classicBurr(index: number): { pieces: Cell[][]; numbers: number[] } {
  const entry = CLASSIC_BURRS[index];
  if (!entry) throw new RangeError(`classic burrs run from 0 to ${CLASSIC_BURRS.length - 1}, got ${index}`);
  return {
    pieces: entry.map((n, slot) => placeInSlot(Math.abs(n), slot, n < 0)),
    numbers: entry.map(Math.abs),
  };
}
