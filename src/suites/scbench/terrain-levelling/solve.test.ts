import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { generateTerrain } from "./generate.ts";
import { MAX_BLASTS, terrainParams } from "./schema.ts";
import { planBlasts, roughBlast } from "./solve.ts";

const total = (h: number[][]): number => h.flat().reduce((a, b) => a + b, 0);

describe("reference planner", () => {
  it("the rough rubble model conserves rock", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 0, max: 15 }),
        (seed, x, y) => {
          const h = generateTerrain(terrainParams.parse({ side: 16 }), new Rng(seed)).data.heights;
          const depth = Math.min(1.3, (h[y] as number[])[x] as number);
          if (depth <= 0) return;
          const after = h.map((r) => [...r]);
          roughBlast(after, { x, y, depth });
          expect(total(after)).toBeCloseTo(total(h), 9);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("plans short, legal plans under the no-rubble bound", () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const h = generateTerrain(terrainParams.parse({ side: 20 }), new Rng(seed)).data.heights;
        const plan = planBlasts(h);
        expect(plan.length).toBeLessThanOrEqual(Math.min(12, MAX_BLASTS));
        // Rubble only ever raises cells, so lowering alone gives each cell's lowest possible height.
        const low = h.map((r) => [...r]);
        for (const b of plan) {
          expect(Number.isInteger(b.x) && Number.isInteger(b.y)).toBe(true);
          expect(b.depth).toBeGreaterThan(0);
          expect(b.depth).toBeLessThanOrEqual((low[b.y] as number[])[b.x] as number);
          (low[b.y] as number[])[b.x] = ((low[b.y] as number[])[b.x] as number) - b.depth;
        }
      }),
      { numRuns: 10 },
    );
  });
});
