import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "../core/rng.ts";
import { fractalNoise2, noiseGrid, perlin2 } from "./noise.ts";

describe("perlin2", () => {
  it("is zero on every lattice point and bounded elsewhere", () => {
    const noise = perlin2(new Rng("lattice"));
    for (let x = -3; x <= 3; x++) for (let y = -3; y <= 3; y++) expect(Math.abs(noise(x, y))).toBe(0);
    fc.assert(
      fc.property(
        fc.double({ min: -300, max: 300, noNaN: true }),
        fc.double({ min: -300, max: 300, noNaN: true }),
        (x, y) => {
          expect(Math.abs(noise(x, y))).toBeLessThanOrEqual(Math.SQRT1_2 + 1e-9);
        },
      ),
    );
  });

  it("is continuous: nearby points give nearby values", () => {
    const noise = perlin2(new Rng("smooth"));
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (x, y) => {
          expect(Math.abs(noise(x + 1e-4, y) - noise(x, y))).toBeLessThan(1e-3);
        },
      ),
    );
  });
});

describe("fractalNoise2 and noiseGrid", () => {
  it("depend only on the seed", () => {
    const a = noiseGrid(fractalNoise2(new Rng("s"), { octaves: 4 }), 8, 9, 6, [0, 10]);
    const b = noiseGrid(fractalNoise2(new Rng("s"), { octaves: 4 }), 8, 9, 6, [0, 10]);
    const c = noiseGrid(fractalNoise2(new Rng("t"), { octaves: 4 }), 8, 9, 6, [0, 10]);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a).toHaveLength(8);
    expect(a[0]).toHaveLength(9);
  });

  it("rescales to exactly the requested range", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 6 }), (seed, octaves) => {
        const flat = noiseGrid(fractalNoise2(new Rng(seed), { octaves }), 12, 12, 5, [2, 7]).flat();
        expect(Math.min(...flat)).toBeCloseTo(2, 12);
        expect(Math.max(...flat)).toBeCloseTo(7, 12);
      }),
      { numRuns: 30 },
    );
  });

  it("adds finer detail with more octaves and rejects a bad octave count", () => {
    const rough = (octaves: number): number => {
      const g = noiseGrid(fractalNoise2(new Rng("detail"), { octaves }), 32, 32, 16, [0, 1]);
      let sum = 0;
      for (const row of g)
        for (let x = 1; x < row.length; x++) sum += Math.abs((row[x] as number) - (row[x - 1] as number));
      return sum;
    };
    expect(rough(5)).toBeGreaterThan(rough(1));
    expect(() => fractalNoise2(new Rng("x"), { octaves: 0 })).toThrow(RangeError);
  });
});
