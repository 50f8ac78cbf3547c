import { describe, expect, it } from "vitest";
import { packPieces } from "./packing.ts";
import { PENTOMINOES, SOMA } from "./shapes.ts";
import { boxCells, canonicalKey, isAchiral, SYMMETRIES, transform } from "./voxels.ts";

const pentominoes = Object.values(PENTOMINOES);
const soma = Object.values(SOMA);

describe("pentomino rectangles (known counts up to the rectangle's symmetries)", () => {
  it.each([
    [3, 20, 2],
    [6, 10, 2339],
    [4, 15, 368],
    [5, 12, 1010],
  ])("%i×%i has %i tilings", (a, b, expected) => {
    const r = packPieces(pentominoes, boxCells([a, b, 1]), { symmetry: "rotations" });
    expect(r.complete).toBe(true);
    expect(r.count).toBe(expected);
  });
});

describe("Soma cube", () => {
  it("has 240 solutions up to rotation and reflection, 11,520 counting every orientation", () => {
    const cube = boxCells([3, 3, 3]);
    expect(packPieces(soma, cube, { symmetry: "all" }).count).toBe(240);
    expect(packPieces(soma, cube, { symmetry: "rotations" }).count).toBe(480);
    expect(packPieces(soma, cube).count).toBe(11520);
  });

  it("has one chiral pair, the mirror twins A and B", () => {
    const chiral = Object.entries(SOMA).filter(([, c]) => !isAchiral(c));
    expect(chiral.map(([n]) => n)).toEqual(["A", "B"]);
    expect(canonicalKey(transform(SOMA.A ?? [], SYMMETRIES[24] ?? []))).toBe(canonicalKey(SOMA.B ?? []));
  });
});

describe("packing edge cases", () => {
  it("finds nothing when the volumes differ, and stops at a limit", () => {
    expect(packPieces([SOMA.V ?? []], boxCells([2, 2, 1])).count).toBe(0);
    const r = packPieces(soma, boxCells([3, 3, 3]), { limit: 5 });
    expect(r.count).toBe(5);
    expect(r.complete).toBe(false);
  });

  it("leaves optional cells empty or filled", () => {
    // A 1×3 bar in a 1×4 row whose last cell is optional: two placements.
    const bar = [
      [0, 0, 0],
      [1, 0, 0],
      [2, 0, 0],
    ] as [number, number, number][];
    const r = packPieces([bar], boxCells([3, 1, 1]).slice(1), {
      optional: [
        [0, 0, 0],
        [3, 0, 0],
      ],
    });
    expect(r.count).toBe(2);
  });
});
