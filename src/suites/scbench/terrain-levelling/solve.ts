import { flatRegions, largestFlatRegion } from "./flat-region.ts";
import { type Blast, FLAT_TOLERANCE, type Heightmap, sphereCount } from "./schema.ts";
import { rememberSimulation } from "./sim-cache.ts";
import { type BlastOutcome, simulatePlan } from "./simulate.ts";

const STEPS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/**
 * A cheap stand-in for the physics, used only to plan: each rubble sphere runs down the steepest
 * descent from the blasted cell to a local minimum and raises it by depth/count.
 */
export function roughBlast(heights: Heightmap, blast: Blast): void {
  const n = heights.length;
  const at = (x: number, y: number): number => (heights[y] as number[])[x] as number;
  (heights[blast.y] as number[])[blast.x] = at(blast.x, blast.y) - blast.depth;
  const count = sphereCount(blast.depth);
  for (let k = 0; k < count; k++) {
    let x = blast.x;
    let y = blast.y;
    for (;;) {
      let best: [number, number] | undefined;
      for (const [dx, dy] of STEPS) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= n || ny >= n) continue;
        if (at(nx, ny) < (best ? at(best[0], best[1]) : at(x, y))) best = [nx, ny];
      }
      if (!best) break;
      [x, y] = best;
    }
    (heights[y] as number[])[x] = at(x, y) + blast.depth / count;
  }
}

export interface PlanOptions {
  /** Most blasts in the plan. */
  maxBlasts: number;
  /** How far below its flat neighbour a cut cell is aimed, leaving room for rubble that falls back. */
  undercut: number;
  /** How many of the largest flat regions to try to grow. */
  regions: number;
}

export const DEFAULT_PLAN: PlanOptions = { maxBlasts: 12, undercut: 0.1, regions: 4 };

/**
 * The reference planner. Greedy: at each step try, for every cell next to one of the largest
 * flat regions and too high to join it, a cut down to that neighbour's level (minus `undercut`),
 * score each try with `roughBlast`, and keep the one that grows the largest region most. Stops
 * when no cut helps or the plan is full.
 */
export function planBlasts(initial: Heightmap, opts: PlanOptions = DEFAULT_PLAN): Blast[] {
  const n = initial.length;
  let heights = initial.map((row) => [...row]);
  // Each cell's height with every blast so far and none of the rubble: the lowest the physics can
  // leave it, so a depth within it is legal whatever the rubble does.
  const bare = initial.map((row) => [...row]);
  const plan: Blast[] = [];
  while (plan.length < opts.maxBlasts) {
    const regions = flatRegions(heights).slice(0, opts.regions);
    const largest = regions[0]?.size ?? 0;
    let best: { blast: Blast; after: Heightmap; size: number } | undefined;
    const tried = new Set<string>();
    for (const region of regions) {
      const inRegion = new Uint8Array(n * n);
      for (const i of region.cells) inRegion[i] = 1;
      for (const i of region.cells) {
        const rx = i % n;
        const ry = Math.floor(i / n);
        const level = (heights[ry] as number[])[rx] as number;
        for (const [dx, dy] of STEPS) {
          const x = rx + dx;
          const y = ry + dy;
          if (x < 0 || y < 0 || x >= n || y >= n || inRegion[y * n + x]) continue;
          const h = (heights[y] as number[])[x] as number;
          const depth = Math.round((h - Math.max(0, level - opts.undercut)) * 100) / 100;
          if (h - level <= FLAT_TOLERANCE || depth <= 0 || depth > ((bare[y] as number[])[x] as number))
            continue;
          const key = `${x},${y},${depth}`;
          if (tried.has(key)) continue;
          tried.add(key);
          const blast = { x, y, depth };
          const after = heights.map((row) => [...row]);
          roughBlast(after, blast);
          const size = largestFlatRegion(after).size;
          if (size > (best?.size ?? largest)) best = { blast, after, size };
        }
      }
    }
    if (!best) break;
    plan.push(best.blast);
    const row = bare[best.blast.y] as number[];
    row[best.blast.x] = (row[best.blast.x] as number) - best.blast.depth;
    heights = best.after;
  }
  return plan;
}

/**
 * The reference plan: `planBlasts`, then the real simulation blast by blast (each blast is its
 * own physics world, so this equals simulating the whole plan), cut after the blast that leaves
 * the largest flat region biggest (`size`). Empty when no prefix grows the region. The result is
 * cached for the verifier.
 */
export function referencePlan(initial: Heightmap): { blasts: Blast[]; size: number } {
  const plan = planBlasts(initial);
  let heights = initial;
  let best = { length: 0, size: largestFlatRegion(initial).size, heights: initial };
  const outcomes: BlastOutcome[] = [];
  const trail: BlastOutcome[][] = [];
  for (const [k, blast] of plan.entries()) {
    const step = simulatePlan(heights, [blast]);
    if (step.tooDeep) break;
    heights = step.heights;
    outcomes.push(...step.outcomes);
    trail.push([...outcomes]);
    const size = largestFlatRegion(heights).size;
    if (size > best.size) best = { length: k + 1, size, heights };
  }
  const reference = plan.slice(0, best.length);
  if (reference.length > 0)
    rememberSimulation(initial, reference, {
      heights: best.heights,
      outcomes: trail[best.length - 1] ?? [],
    });
  return { blasts: reference, size: best.size };
}
