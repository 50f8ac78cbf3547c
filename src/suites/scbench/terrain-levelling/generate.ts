import { generatedInstance } from "../../../core/instances.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import { fractalNoise2, noiseGrid } from "../../../geometry/noise.ts";
import { largestFlatRegion } from "./flat-region.ts";
import {
  type Heightmap,
  MAX_HEIGHT,
  MIN_HEIGHT,
  MIN_REFERENCE_SCORE,
  TASK_ID,
  type TerrainData,
  type TerrainParams,
} from "./schema.ts";
import { referencePlan } from "./solve.ts";
import { levellingScore } from "./verify.ts";

/** Level k (1–9) is a square grid of side 12 + 4k: 16, 20, …, 48 cells. */
export const LEVEL_SIDES: Record<string, number> = Object.fromEntries(
  Array.from({ length: 9 }, (_, i) => [`level-${i + 1}`, 16 + 4 * i]),
);

/** Multi-octave Perlin terrain normalised to [MIN_HEIGHT, MAX_HEIGHT], rounded to 2 decimals. */
export function terrain(params: TerrainParams, rng: Rng): Heightmap {
  const noise = fractalNoise2(rng.split("terrain"), { octaves: params.octaves });
  return noiseGrid(noise, params.side, params.side, params.period, [MIN_HEIGHT, MAX_HEIGHT]).map((row) =>
    row.map((v) => Math.round(v * 100) / 100),
  );
}

/** Terrains drawn before giving up on a seed: the reference must really grow the flat region. */
const ATTEMPTS = 8;

/**
 * A terrain whose reference plan, run through the physics, scores at least MIN_REFERENCE_SCORE
 * (redrawn otherwise), so every instance is known to be improvable and its pass mark is a real gain.
 */
export function generateTerrain(params: TerrainParams, rng: Rng): Instance<TerrainData> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const heights = terrain(params, attempt === 0 ? rng : rng.split(`redraw-${attempt}`));
    const flatBefore = largestFlatRegion(heights).size;
    const { blasts: reference, size } = referencePlan(heights);
    if (reference.length === 0 || levellingScore(params.side, flatBefore, size) < MIN_REFERENCE_SCORE)
      continue;
    const data: TerrainData = { side: params.side, heights, flatBefore, flatTarget: size, reference };
    return generatedInstance(TASK_ID, params, rng, data);
  }
  throw new Error(`terrain-levelling: no improvable terrain in ${ATTEMPTS} draws for seed ${rng.seed}`);
}
