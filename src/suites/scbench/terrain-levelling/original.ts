import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Instance } from "../../../core/task.ts";
import { dataSchema, TASK_ID, type TerrainData } from "./schema.ts";

/**
 * The original's terrains: its Perlin generator (seed 42, 4 octaves, persistence 0.5, one period
 * across the map, height = (noise + 0.5) · 10 to one decimal) at the nine sides 16, 20, …, 48.
 * flatBefore, flatTarget and reference were computed once by Plumb's flat-region rule and
 * reference planner (physics included) and are checked by the tests.
 */
const originalFile = z.array(dataSchema.extend({ side: z.number().int().min(16).max(48) })).length(9);

let cached: string | undefined;

export function originalInstances(): Instance<TerrainData>[] {
  cached ??= readFileSync(new URL("./original.json", import.meta.url), "utf8");
  return originalFile.parse(JSON.parse(cached)).map((data, k) => ({
    id: `${TASK_ID}/original/${k + 1}`,
    task: TASK_ID,
    params: { subtask: k + 1, side: data.side },
    seed: null,
    data,
  }));
}
