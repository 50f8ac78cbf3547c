import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Blast, Heightmap } from "./schema.ts";
import { SIMULATOR_VERSION, type SimulationResult, simulatePlan } from "./simulate.ts";

const LRU_SIZE = 64;
const memory = new Map<string, SimulationResult>();

/** Physics runs actually carried out (cache misses), for tests. */
export const simulationStats = { runs: 0, hits: 0 };

/** sha256 of the simulator version, the heightmap and the plan. */
export function simulationKey(heights: Heightmap, blasts: readonly Blast[]): string {
  return createHash("sha256")
    .update(JSON.stringify([SIMULATOR_VERSION, heights, blasts.map((b) => [b.x, b.y, b.depth])]))
    .digest("hex");
}

function remember(key: string, result: SimulationResult): void {
  memory.delete(key);
  memory.set(key, result);
  while (memory.size > LRU_SIZE) memory.delete(memory.keys().next().value as string);
}

function readDisk(dir: string, key: string): SimulationResult | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, `${key}.json`), "utf8")) as SimulationResult;
  } catch {
    return undefined;
  }
}

function writeDisk(dir: string, key: string, result: SimulationResult): void {
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `${key}.${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(result));
  renameSync(tmp, join(dir, `${key}.json`));
}

/**
 * `simulatePlan` behind an in-memory LRU and, when PLUMB_SIM_CACHE names a directory, a disk
 * cache of JSON files named by the key. The simulation is deterministic, so a hit is exactly
 * what a fresh run would give.
 */
export function cachedSimulation(heights: Heightmap, blasts: readonly Blast[]): SimulationResult {
  const key = simulationKey(heights, blasts);
  const dir = process.env.PLUMB_SIM_CACHE;
  const hit = memory.get(key) ?? (dir ? readDisk(dir, key) : undefined);
  if (hit) {
    simulationStats.hits++;
    remember(key, hit);
    return hit;
  }
  simulationStats.runs++;
  const result = simulatePlan(heights, blasts);
  remember(key, result);
  if (dir) writeDisk(dir, key, result);
  return result;
}

/** Stores a result computed elsewhere (the planner simulates its plan blast by blast). */
export function rememberSimulation(
  heights: Heightmap,
  blasts: readonly Blast[],
  result: SimulationResult,
): void {
  remember(simulationKey(heights, blasts), result);
}

/** Empties the in-memory cache (the disk cache is left alone). */
export function clearSimulationCache(): void {
  memory.clear();
}
