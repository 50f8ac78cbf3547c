import { describe, expect, it } from "vitest";
import { boxCells, type Cell, cellKey } from "../../../geometry/voxels.ts";
import { cuboidsFill, easyCuboids, fillableCuboidSets } from "./cuboids.ts";
import { hasFull2x3Face, isSupported, noIsolatedPiece, sweptCells } from "./rules.ts";

describe("hasFull2x3Face", () => {
  it("finds a full 2×3 rectangle in any of the three planes, either way round", () => {
    expect(hasFull2x3Face(boxCells([2, 3, 1]))).toBe(true);
    expect(hasFull2x3Face(boxCells([3, 1, 2]))).toBe(true);
    expect(hasFull2x3Face(boxCells([1, 2, 3]))).toBe(true);
    expect(hasFull2x3Face(boxCells([2, 2, 2]))).toBe(false);
    expect(hasFull2x3Face(boxCells([2, 3, 1]).slice(1))).toBe(false);
  });
});

describe("sweptCells", () => {
  it("lists every box cell on the whole path out of the box, not only the first step", () => {
    const swept = (piece: Cell[], d: Cell, box: Cell) => sweptCells(piece, d, box).map(cellKey);
    expect(swept([[0, 0, 0]], [1, 0, 0], [3, 1, 1])).toEqual(["1,0,0", "2,0,0"]);
    expect(swept([[0, 0, 0]], [-1, 0, 0], [3, 1, 1])).toEqual([]);
    // A bar moving along its length passes over its own cells.
    expect(
      swept(
        [
          [0, 0, 0],
          [0, 0, 1],
        ],
        [0, 0, 1],
        [1, 1, 3],
      ),
    ).toEqual(["0,0,1", "0,0,2", "0,0,2"]);
  });
});

describe("support and isolation", () => {
  it("supports a piece on the floor or on an occupied cell directly below", () => {
    expect(isSupported([[0, 0, 0]], new Set())).toBe(true);
    expect(isSupported([[0, 0, 1]], new Set())).toBe(false);
    expect(isSupported([[0, 0, 1]], new Set([cellKey([0, 0, 0])]))).toBe(true);
    expect(isSupported([[0, 0, 1]], new Set([cellKey([1, 0, 0])]))).toBe(false);
  });

  it("flags a lone piece as isolated", () => {
    expect(noIsolatedPiece([boxCells([2, 2, 1])])).toBe(false);
    expect(noIsolatedPiece([[[0, 0, 0]], [[1, 0, 0]]])).toBe(true);
    expect(noIsolatedPiece([[[0, 0, 0]], [[2, 0, 0]]])).toBe(false);
  });
});

describe("easy cuboids", () => {
  it("keeps cuboids with two equal sides, within the sizes, fitting the box, without a 2×3 face", () => {
    expect(easyCuboids([4, 4, 4], 4, 8)).toEqual([
      [1, 1, 4],
      [1, 2, 2],
      [2, 2, 2],
    ]);
    expect(easyCuboids([3, 3, 3], 3, 6)).toEqual([
      [1, 1, 3],
      [1, 2, 2],
    ]);
  });

  it("fills a box exactly or proves it cannot, with a packing that covers every cell once", () => {
    const dims: Cell[] = [...Array(14).fill([1, 2, 2]), [1, 1, 4], [1, 1, 4]];
    const packing = cuboidsFill([4, 4, 4], dims);
    expect(packing).not.toBeNull();
    const cells = (packing ?? []).flat().map(cellKey);
    expect(new Set(cells).size).toBe(64);
    // An odd number of 1×1×4 bars cannot fill 4×4×4 together with 1×2×2 squares.
    expect(cuboidsFill([4, 4, 4], [...Array(15).fill([1, 2, 2]), [1, 1, 4]])).toBeNull();
    expect(fillableCuboidSets([2, 2, 3], 4, 6).map((s) => s.dims)).toEqual([
      [
        [1, 2, 2],
        [1, 2, 2],
        [1, 2, 2],
      ],
    ]);
  });
});
