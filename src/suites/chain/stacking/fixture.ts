import { boxCells, type Cell, cellKey, NEIGHBOURS, normalize } from "../../../geometry/voxels.ts";
import type { InsertionRule, StackingData } from "./schema.ts";
import { puzzleSignature } from "./signature.ts";

/**
 * A hand-made 2×2×3 puzzle for the tests: red is a chiral screw tetracube, green the rest of the
 * bottom 2×2×2, yellow a flat square on top. Shapes are given in the solution's orientation.
 * Green lies partly above red, so under "down" red must go in first; under "axis" red can also
 * slide in along -x past green.
 */
export const SCREW: Cell[] = [
  [0, 0, 0],
  [1, 0, 0],
  [1, 1, 0],
  [1, 1, 1],
];
const GREEN: Cell[] = [
  [0, 1, 0],
  [0, 0, 1],
  [1, 0, 1],
  [0, 1, 1],
];
const SQUARE: Cell[] = [
  [0, 0, 2],
  [1, 0, 2],
  [0, 1, 2],
  [1, 1, 2],
];

export function handPuzzle(insertion: InsertionRule = "down"): StackingData {
  const solution = [SCREW, GREEN, SQUARE];
  const pieces = [
    { name: "red", cells: SCREW },
    { name: "green", cells: GREEN },
    { name: "yellow", cells: SQUARE.map(([x, y]) => [x, y, 0] as Cell) },
  ];
  return {
    box: [2, 2, 3],
    mode: "hard",
    pieces,
    solution,
    insertion,
    assembly: [
      { piece: "red", direction: "-z" },
      { piece: "green", direction: "-z" },
      { piece: "yellow", direction: "-z" },
    ],
    minPiece: 4,
    stats: { nodes: 3, rows: 0, attempts: 1 },
    signature: puzzleSignature(pieces.map((p) => p.cells)),
  };
}

/** A puzzle of the given packing for environment tests, pieces named in order, shapes as packed. */
export function packedPuzzle(
  box: Cell,
  solution: Cell[][],
  names: string[],
  insertion: InsertionRule,
): StackingData {
  const pieces = names.map((name, i) => ({ name, cells: normalize(solution[i] as Cell[]) }));
  return {
    box,
    mode: "hard",
    pieces,
    solution,
    insertion,
    assembly: pieces.map((p) => ({ piece: p.name, direction: "-z" })),
    minPiece: 1,
    stats: { nodes: 1, rows: 0, attempts: 1 },
    signature: puzzleSignature(pieces.map((p) => p.cells)),
  };
}

const layer = (z: number): Cell[] => boxCells([3, 3, 1]).map(([x, y]) => [x, y, z] as Cell);

/**
 * A 3×3×3 box for path tests: blue the floor layer, green the ring around the centre of the middle
 * layer, red the single centre cube, yellow the top layer. Once blue, green and yellow are in,
 * the centre is free and supported but every straight line to it is blocked.
 */
export function cagePuzzle(insertion: InsertionRule): StackingData {
  const ring = layer(1).filter(([x, y]) => x !== 1 || y !== 1);
  return packedPuzzle(
    [3, 3, 3],
    [layer(0), ring, [[1, 1, 1]], layer(2)],
    ["blue", "green", "red", "yellow"],
    insertion,
  );
}

/** The directions of travel into the box each rule allows, written out again for the tests. */
export const LINES: Record<InsertionRule, Cell[]> = {
  down: [[0, 0, -1]],
  axis: [...NEIGHBOURS],
};

/** Whether cells can come straight in from outside the box travelling d, past no occupied cell. */
export function clearLine(
  cells: readonly Cell[],
  d: Cell,
  occupied: ReadonlySet<string>,
  box: Cell,
): boolean {
  return cells.every((c) => {
    for (let k = 1; k <= Math.max(...box); k++) {
      if (occupied.has(cellKey([c[0] - k * d[0], c[1] - k * d[1], c[2] - k * d[2]]))) return false;
    }
    return true;
  });
}
