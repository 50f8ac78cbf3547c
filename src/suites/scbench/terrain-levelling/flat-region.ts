import { FLAT_TOLERANCE, type Heightmap } from "./schema.ts";

export interface FlatRegion {
  size: number;
  /** Cells of the region as y·side + x, in flood order. */
  cells: number[];
}

/**
 * The largest 4-connected region where each step between neighbours changes height by at most
 * FLAT_TOLERANCE (a slope or a cliff inside is fine while a gentle path joins both sides).
 * Ties go to the region met first in row-major order.
 */
export function largestFlatRegion(heights: Heightmap): FlatRegion {
  return flatRegions(heights)[0] ?? { size: 0, cells: [] };
}

/** Every flat region, largest first (ties: the one met first in row-major order). */
export function flatRegions(heights: Heightmap): FlatRegion[] {
  const rows = heights.length;
  const cols = heights[0]?.length ?? 0;
  const h = (i: number): number => (heights[Math.floor(i / cols)] as number[])[i % cols] as number;
  const seen = new Uint8Array(rows * cols);
  const regions: FlatRegion[] = [];
  for (let start = 0; start < rows * cols; start++) {
    if (seen[start]) continue;
    seen[start] = 1;
    const region = [start];
    for (let k = 0; k < region.length; k++) {
      const i = region[k] as number;
      const x = i % cols;
      const y = Math.floor(i / cols);
      const next = [
        x > 0 ? i - 1 : -1,
        x < cols - 1 ? i + 1 : -1,
        y > 0 ? i - cols : -1,
        y < rows - 1 ? i + cols : -1,
      ];
      for (const j of next)
        if (j >= 0 && !seen[j] && Math.abs(h(j) - h(i)) <= FLAT_TOLERANCE + 1e-9) {
          seen[j] = 1;
          region.push(j);
        }
    }
    regions.push({ size: region.length, cells: region });
  }
  // Array.prototype.sort is stable, so equal sizes keep row-major order.
  return regions.sort((a, b) => b.size - a.size);
}
