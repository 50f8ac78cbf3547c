import { type Measures, measure } from "./measure.ts";
import { Rain, type RainStats } from "./rain.ts";
import type { Earthwork } from "./schema.ts";
import { applyEarthworks, settleRock, terrainWorld, type World } from "./world.ts";

export interface Simulation {
  world: World;
  /** Rock pieces that fell. */
  falls: number;
  rain: RainStats;
  measures: Measures;
}

/** Earthworks (already validated) → rock stability → rain → measures. */
export function simulate(heights: readonly (readonly number[])[], works: readonly Earthwork[]): Simulation {
  const world = terrainWorld(heights);
  applyEarthworks(world, works);
  const falls = settleRock(world);
  const rain = new Rain(world).fall();
  return { world, falls, rain, measures: measure(world) };
}
