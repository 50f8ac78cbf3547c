import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PENTOMINOES, SOMA } from "./shapes.ts";
import {
  applyMat,
  boxCells,
  type Cell,
  canonicalKey,
  isConnected,
  normalize,
  orientations,
  placements,
  ROTATIONS,
  SYMMETRIES,
  symmetriesOf,
  transform,
  translate,
} from "./voxels.ts";

const cell = fc.tuple(
  fc.integer({ min: -3, max: 3 }),
  fc.integer({ min: -3, max: 3 }),
  fc.integer({ min: -3, max: 3 }),
);
const shape = fc.uniqueArray(cell, { minLength: 1, maxLength: 8, selector: (c) => c.join(",") });

describe("the cube's symmetries", () => {
  it("are 24 distinct rotations and 24 reflections, closed under composition", () => {
    const keys = new Set(SYMMETRIES.map((m) => m.join(",")));
    expect(keys.size).toBe(48);
    expect(ROTATIONS[0]).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const probe: Cell = [1, 2, 3];
    const images = new Set(ROTATIONS.map((m) => applyMat(m, probe).join(",")));
    expect(images.size).toBe(24);
    for (const a of ROTATIONS) {
      for (const b of ROTATIONS) {
        const ab = applyMat(a, applyMat(b, probe)).join(",");
        expect(images.has(ab)).toBe(true);
      }
    }
  });

  it("give the known orientation counts", () => {
    expect(orientations(PENTOMINOES.X ?? []).length).toBe(3);
    expect(orientations(PENTOMINOES.I ?? []).length).toBe(3);
    expect(orientations(PENTOMINOES.F ?? []).length).toBe(24);
    expect(orientations(SOMA.V ?? []).length).toBe(12);
    expect(orientations(boxCells([2, 2, 2])).length).toBe(1);
    expect(symmetriesOf(boxCells([3, 3, 3])).length).toBe(48);
    expect(symmetriesOf(boxCells([6, 10, 1]), ROTATIONS).length).toBe(4);
  });
});

describe("canonical forms", () => {
  it("are invariant under rotation and translation", () => {
    fc.assert(
      fc.property(shape, fc.integer({ min: 0, max: 23 }), cell, (s, r, d) => {
        const moved = translate(transform(s, ROTATIONS[r] ?? []), d);
        expect(canonicalKey(moved)).toBe(canonicalKey(s));
      }),
    );
  });

  it("tell mirror twins apart unless mirrors are allowed", () => {
    const mirror = transform(SOMA.A ?? [], SYMMETRIES[30] ?? []);
    expect(canonicalKey(mirror)).not.toBe(canonicalKey(SOMA.A ?? []));
    expect(canonicalKey(mirror, SYMMETRIES)).toBe(canonicalKey(SOMA.A ?? [], SYMMETRIES));
  });

  it("normalise to the origin", () => {
    expect(
      normalize([
        [5, 5, 5],
        [4, 5, 5],
      ]),
    ).toEqual([
      [0, 0, 0],
      [1, 0, 0],
    ]);
  });
});

describe("connectivity and placements", () => {
  it("uses face neighbours only", () => {
    expect(
      isConnected([
        [0, 0, 0],
        [1, 0, 0],
      ]),
    ).toBe(true);
    expect(
      isConnected([
        [0, 0, 0],
        [1, 1, 0],
      ]),
    ).toBe(false);
    expect(isConnected([])).toBe(false);
  });

  it("counts placements of a domino in a 2×2×2 box", () => {
    expect(
      placements(
        [
          [0, 0, 0],
          [1, 0, 0],
        ],
        boxCells([2, 2, 2]),
      ).length,
    ).toBe(12);
  });
});
