import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cachedSimulation, clearSimulationCache, simulationKey, simulationStats } from "./sim-cache.ts";

const heights = Array.from({ length: 8 }, (_, y) => Array.from({ length: 8 }, (_, x) => (x + y) / 2));
const plan = [{ x: 6, y: 6, depth: 1 }];

describe("simulation cache", () => {
  const saved = process.env.PLUMB_SIM_CACHE;
  afterEach(() => {
    if (saved === undefined) delete process.env.PLUMB_SIM_CACHE;
    else process.env.PLUMB_SIM_CACHE = saved;
  });

  it("keys on the heightmap and the plan", () => {
    expect(simulationKey(heights, plan)).toMatch(/^[0-9a-f]{64}$/);
    expect(simulationKey(heights, plan)).toBe(
      simulationKey(
        heights.map((r) => [...r]),
        [{ ...plan[0] } as never],
      ),
    );
    expect(simulationKey(heights, [{ x: 6, y: 6, depth: 1.01 }])).not.toBe(simulationKey(heights, plan));
  });

  it("serves repeats from memory and from the disk directory, with identical results", () => {
    const dir = mkdtempSync(join(tmpdir(), "plumb-sim-"));
    try {
      process.env.PLUMB_SIM_CACHE = dir;
      clearSimulationCache();
      const runs = simulationStats.runs;
      const first = cachedSimulation(heights, plan);
      expect(simulationStats.runs).toBe(runs + 1);
      expect(readdirSync(dir)).toEqual([`${simulationKey(heights, plan)}.json`]);
      expect(cachedSimulation(heights, plan)).toEqual(first);
      clearSimulationCache();
      expect(cachedSimulation(heights, plan)).toEqual(first);
      expect(simulationStats.runs).toBe(runs + 1);
      delete process.env.PLUMB_SIM_CACHE;
      clearSimulationCache();
      expect(cachedSimulation(heights, plan)).toEqual(first);
      expect(simulationStats.runs).toBe(runs + 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
