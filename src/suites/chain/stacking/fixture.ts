import type { Cell } from "../../../geometry/voxels.ts";
import type { StackingData } from "./schema.ts";
import { puzzleSignature } from "./signature.ts";

/**
 * A hand-made 2×2×3 puzzle for the tests: red is a chiral screw tetracube, green the rest of the
 * bottom 2×2×2, yellow a flat square on top. Shapes are given in the solution's orientation.
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

export function handPuzzle(): StackingData {
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
