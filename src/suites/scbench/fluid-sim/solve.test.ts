import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { basin, changedCells, rect } from "./earthworks.ts";
import { flatReference } from "./flat-reference.ts";
import { GOALS, LEVEL_SIDES } from "./goals.ts";
import { fluidSimTask as task } from "./index.ts";
import { type Earthwork, type FluidAnswer, type FluidData, LAYERS } from "./schema.ts";
import { localReference, referenceAnswer } from "./solve.ts";
import { makeTerrain } from "./terrain.ts";
import { verifyFluid } from "./verify.ts";
import { applyEarthworks, terrainWorld } from "./world.ts";

type T3 = [number, number, number];
const SEEDS = 30;

/** Columns touched by at least one box. */
function footprint(side: number, works: readonly Earthwork[]): number {
  const cols = new Set<number>();
  for (const w of works)
    for (let y = w.min[1]; y <= w.max[1]; y++)
      for (let x = w.min[0]; x <= w.max[0]; x++) cols.add(x + side * y);
  return cols.size;
}

const rawData = (goal: number, side: number, seed: string): FluidData => ({
  goalNumber: goal,
  goal: GOALS[goal - 1] as FluidData["goal"],
  side,
  heights: makeTerrain(side, new Rng(seed).split("terrain")),
});

describe("fluid-sim reference earthworks", () => {
  for (let goal = 1; goal <= 11; goal++)
    it(`goal ${goal}: a local construction passes on ${SEEDS} terrains, touching under half the columns`, () => {
      const side = LEVEL_SIDES[goal - 1] as number;
      for (let k = 0; k < SEEDS; k++) {
        const inst = task.generate(task.params.parse({ goal, side }), new Rng(`local-${k}`));
        const works = referenceAnswer(inst.data).earthworks;
        const verdict = verifyFluid(inst.data, { earthworks: works });
        expect(verdict.passed, verdict.failure?.message).toBe(true);
        expect(works.length).toBeLessThanOrEqual(12);
        expect(footprint(side, works)).toBeLessThan((side * side) / 2);
        for (const w of works)
          expect(w.min[0] === 0 && w.min[1] === 0 && w.max[0] === side - 1 && w.max[1] === side - 1).toBe(
            false,
          );
      }
    }, 30_000);

  it("is deterministic", () => {
    const d = rawData(11, 64, "det");
    expect(referenceAnswer(d)).toEqual(referenceAnswer(d));
  });

  it("falls back to levelling the world only where no local site works, and generation redraws such terrain", () => {
    // A 16 × 16 world leaves no room for a 100-column pond away from the centre, and on this
    // terrain every cistern at the centre dams some neighbouring column.
    const d = rawData(10, 16, "m2");
    expect(localReference(d)).toBeNull();
    const fallback: FluidAnswer = referenceAnswer(d);
    expect(fallback).toEqual(flatReference(d));
    expect(verifyFluid(d, fallback).passed).toBe(true);
    const inst = task.generate(task.params.parse({ goal: 10, side: 16 }), new Rng("m2"));
    expect(inst.data.heights).not.toEqual(d.heights);
    expect(localReference(inst.data)).not.toBeNull();
  });

  it("digs a basin into high enough ground without raising rock", () => {
    const heights = Array.from({ length: 16 }, () => new Array<number>(16).fill(4));
    const part = basin(heights, rect(5, 5, 3, 3), 2, 2);
    expect(part.works).toEqual([{ material: "air", min: [5, 5, 2], max: [7, 7, LAYERS - 1] }]);
    const raised = basin(heights, rect(5, 5, 3, 3), 4, 4);
    expect(raised.works.map((w) => w.material)).toEqual(["rock", "air"]);
    expect(raised.works[0]).toEqual({ material: "rock", min: [4, 4, 4], max: [8, 8, 4] });
  });

  it("changedCells counts exactly the cells the boxes change", () => {
    const corner = fc.tuple(fc.nat(15), fc.nat(15), fc.nat(LAYERS - 1));
    const boxArb = fc.tuple(fc.boolean(), corner, corner).map(
      ([rock, a, b]): Earthwork => ({
        material: rock ? "rock" : "air",
        min: a.map((v, k) => Math.min(v, b[k] as number)) as T3,
        max: a.map((v, k) => Math.max(v, b[k] as number)) as T3,
      }),
    );
    fc.assert(
      fc.property(fc.nat(1000), fc.array(boxArb, { maxLength: 5 }), (seed, works) => {
        const heights = makeTerrain(16, new Rng(seed));
        const before = terrainWorld(heights);
        const after = terrainWorld(heights);
        applyEarthworks(after, works);
        const diff = before.cells.reduce((n, v, i) => n + (v === after.cells[i] ? 0 : 1), 0);
        expect(changedCells(heights, works)).toBe(diff);
      }),
      { numRuns: 50 },
    );
  });
});
