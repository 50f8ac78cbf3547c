import type { Rng } from "../../../core/rng.ts";
import { MAX_TERRAIN } from "./schema.ts";

/**
 * Smooth hills: a few cone-shaped bumps summed (exact arithmetic on small integers), heights
 * 1 … MAX_TERRAIN. Depressions are then raised to their spill height (priority flood from the
 * outer ring), so every column has a path to the ring that never climbs: the terrain holds no water.
 */
export function makeTerrain(side: number, rng: Rng): number[][] {
  const field = new Float64Array(side * side);
  const bumps = rng.int(3, 6);
  for (let b = 0; b < bumps; b++) {
    const cx = rng.int(0, side - 1);
    const cy = rng.int(0, side - 1);
    const r2 = rng.int(Math.ceil(side / 6), Math.ceil(side / 2.5)) ** 2;
    const amp = rng.int(1, 4);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) {
        const d2 = (x - cx) ** 2 + (y - cy) ** 2;
        if (d2 < r2) field[x + side * y] = (field[x + side * y] as number) + (amp * (r2 - d2)) / r2;
      }
  }
  const raw = Array.from(field, (f) => Math.min(MAX_TERRAIN, 1 + Math.floor(f)));
  const filled = fillDepressions(side, raw);
  return Array.from({ length: side }, (_, y) => filled.slice(y * side, (y + 1) * side));
}

/** Priority flood with one bucket per height: each column rises to the lowest level it can spill at. */
function fillDepressions(side: number, h: readonly number[]): number[] {
  const out = [...h];
  const seen = new Uint8Array(side * side);
  const buckets: number[][] = Array.from({ length: MAX_TERRAIN + 1 }, () => []);
  for (let k = 0; k < side * side; k++) {
    const x = k % side;
    const y = Math.floor(k / side);
    if (x === 0 || y === 0 || x === side - 1 || y === side - 1) {
      seen[k] = 1;
      buckets[out[k] as number]?.push(k);
    }
  }
  for (let level = 0; level <= MAX_TERRAIN; level++) {
    const bucket = buckets[level] as number[];
    while (bucket.length > 0) {
      const k = bucket.pop() as number;
      const x = k % side;
      const y = Math.floor(k / side);
      const near = [
        x > 0 ? k - 1 : -1,
        x < side - 1 ? k + 1 : -1,
        y > 0 ? k - side : -1,
        y < side - 1 ? k + side : -1,
      ];
      for (const n of near) {
        if (n < 0 || seen[n] === 1) continue;
        seen[n] = 1;
        out[n] = Math.max(out[n] as number, level);
        buckets[out[n] as number]?.push(n);
      }
    }
  }
  return out;
}
