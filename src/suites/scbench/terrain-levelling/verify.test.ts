import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { generateTerrain } from "./generate.ts";
import { type Blast, MIN_REFERENCE_SCORE, type TerrainData, terrainParams } from "./schema.ts";
import { simulationStats } from "./sim-cache.ts";
import { simulatePlan } from "./simulate.ts";
import { levellingScore, verifyTerrain } from "./verify.ts";

const data: TerrainData = generateTerrain(terrainParams.parse({ side: 16 }), new Rng("near-miss")).data;
const h = (x: number, y: number): number => (data.heights[y] as number[])[x] as number;
const failed = async (blasts: Blast[]): Promise<string[]> =>
  (await verifyTerrain(data, { blasts })).checks.filter((c) => !c.ok).map((c) => c.name);

describe("terrain-levelling verifier: near misses", () => {
  it("rejects a blast outside the grid or at a non-integer cell", async () => {
    for (const b of [
      { x: 16, y: 3, depth: 0.5 },
      { x: 3, y: -1, depth: 0.5 },
      { x: 2.5, y: 3, depth: 0.5 },
    ]) {
      const v = await verifyTerrain(data, { blasts: [{ x: 1, y: 1, depth: 0.1 }, b] });
      expect(v.checks.find((c) => !c.ok)?.name).toBe("blasts.in_grid");
      expect(v.failure?.kind).toBe("invalid");
      expect(v.score).toBe(0);
    }
  });

  it("rejects NaN, zero and negative depths", async () => {
    for (const depth of [Number.NaN, 0, -1, Number.POSITIVE_INFINITY])
      expect(await failed([{ x: 1, y: 1, depth }])).toEqual(["blasts.depth_positive", "score"]);
  });

  it("rejects a plan longer than 60 blasts", async () => {
    const blasts = Array.from({ length: 61 }, () => ({ x: 0, y: 0, depth: 0.01 }));
    expect(await failed(blasts)).toEqual(["plan.length", "score"]);
  });

  it("rejects a blast deeper than the cell's height", async () => {
    const v = await verifyTerrain(data, { blasts: [{ x: 4, y: 4, depth: h(4, 4) + 0.01 }] });
    expect(v.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["blasts.depth_within_height", "score"]);
    expect(v.score).toBe(0);
  });

  it("rejects a blast that is too deep only because an earlier blast lowered its cell", {
    timeout: 20_000,
  }, async () => {
    // A cell on a slope, blasted to the bottom: its rubble rolls away, so it ends below its old height.
    let found: { first: Blast; second: Blast } | undefined;
    for (let y = 2; y < 14 && !found; y++)
      for (let x = 2; x < 14 && !found; x++) {
        const first = { x, y, depth: h(x, y) };
        if (first.depth < 1) continue;
        const now = ((await simulatePlan(data.heights, [first])).heights[y] as number[])[x] as number;
        if (now < h(x, y) - 0.1) found = { first, second: { x, y, depth: (now + h(x, y)) / 2 } };
      }
    if (!found) throw new Error("no slope cell found");
    expect(found.second.depth).toBeLessThan(h(found.second.x, found.second.y));
    expect(await failed([found.first, found.second])).toEqual(["blasts.depth_within_height", "score"]);
  });

  it("scores an empty plan 0 without running the physics", async () => {
    const runs = simulationStats.runs;
    const v = await verifyTerrain(data, { blasts: [] });
    expect(v.score).toBe(0);
    expect(v.passed).toBe(false);
    expect(v.failure?.kind).toBe("wrong");
    expect(simulationStats.runs).toBe(runs);
  });

  it("passes from the reference plan's flat region up: one cell short of it fails with the same score", async () => {
    const reference = await verifyTerrain(data, { blasts: data.reference });
    expect(reference).toMatchObject({ passed: true });
    expect(reference.score).toBeGreaterThanOrEqual(MIN_REFERENCE_SCORE);
    const short = await verifyTerrain(
      { ...data, flatTarget: data.flatTarget + 1 },
      { blasts: data.reference },
    );
    expect(short).toMatchObject({ passed: false, score: reference.score, failure: { kind: "wrong" } });
    expect(short.failure?.message).toMatch(
      new RegExp(`score: .*a pass needs a largest flat region of at least ${data.flatTarget + 1} cells`),
    );
  });

  it("the score formula matches the closed form", () => {
    expect(levellingScore(16, 20, 20)).toBe(0);
    expect(levellingScore(16, 20, 84)).toBe(64 / 128);
    expect(levellingScore(16, 20, 10)).toBe(0);
    expect(levellingScore(16, 200, 256)).toBe(1);
    expect(levellingScore(16, 200, 228)).toBe(28 / 56);
    expect(levellingScore(16, 256, 256)).toBe(0);
  });
});
