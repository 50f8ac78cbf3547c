import { packPieces } from "../../../geometry/packing.ts";
import { boxCells, type Cell, canonical, canonicalKey } from "../../../geometry/voxels.ts";
import { pieceColour } from "../common/palette.ts";
import { defaultHardMinNodes, minPieceStages } from "./generate.ts";
import type { InsertionRule, StackingData, StackingParams } from "./schema.ts";
import { puzzleSignature } from "./signature.ts";

/*
 * An audit of generated puzzles that re-derives every generator constraint with its own code
 * (connectivity, 2×3 faces, the assembly path, the mode rules) rather than the generator's
 * helpers, so a bug in one is not hidden by the same bug in the other.
 */

const key = (x: number, y: number, z: number): string => `${x},${y},${z}`;
const keyOf = (c: Cell): string => key(c[0], c[1], c[2]);

function connected(cells: readonly Cell[]): boolean {
  const left = new Set(cells.map(keyOf));
  const queue = [cells[0] as Cell];
  left.delete(keyOf(queue[0] as Cell));
  while (queue.length > 0) {
    const [x, y, z] = queue.shift() as Cell;
    for (const n of [
      key(x + 1, y, z),
      key(x - 1, y, z),
      key(x, y + 1, z),
      key(x, y - 1, z),
      key(x, y, z + 1),
      key(x, y, z - 1),
    ]) {
      if (!left.delete(n)) continue;
      queue.push(n.split(",").map(Number) as Cell);
    }
  }
  return left.size === 0;
}

/** Scans every 2×3 and 3×2 window of every axis-aligned plane of the box for a full one. */
function full2x3Window(cells: readonly Cell[], box: Cell): boolean {
  const set = new Set(cells.map(keyOf));
  const at = (u: number, v: number, w: number, fixed: number, i: number, j: number): string => {
    const p = [0, 0, 0];
    const axes = [0, 1, 2].filter((a) => a !== fixed) as [number, number];
    p[fixed] = w;
    p[axes[0]] = u + i;
    p[axes[1]] = v + j;
    return key(p[0] as number, p[1] as number, p[2] as number);
  };
  for (let fixed = 0; fixed < 3; fixed++) {
    const [ua, va] = [0, 1, 2].filter((a) => a !== fixed) as [number, number];
    for (let w = 0; w < (box[fixed] as number); w++) {
      for (const [du, dv] of [
        [2, 3],
        [3, 2],
      ] as const) {
        for (let u = 0; u + du <= (box[ua] as number); u++) {
          for (let v = 0; v + dv <= (box[va] as number); v++) {
            let all = true;
            for (let i = 0; i < du; i++)
              for (let j = 0; j < dv; j++) all &&= set.has(at(u, v, w, fixed, i, j));
            if (all) return true;
          }
        }
      }
    }
  }
  return false;
}

const VECTORS: Record<string, Cell> = {
  "+x": [1, 0, 0],
  "-x": [-1, 0, 0],
  "+y": [0, 1, 0],
  "-y": [0, -1, 0],
  "+z": [0, 0, 1],
  "-z": [0, 0, -1],
};

/** The directions a piece may travel in on entry under each rule, as rules.ts defines them. */
const ALLOWED: Record<InsertionRule, readonly string[]> = {
  down: ["-z"],
  axis: Object.keys(VECTORS),
};

/** Inserting along d: the piece comes from far away, so every shift back along d must be clear. */
function insertionClear(cells: readonly Cell[], d: Cell, placed: ReadonlySet<string>, box: Cell): boolean {
  const reach = Math.max(...box);
  for (let k = 1; k <= reach; k++) {
    for (const [x, y, z] of cells) {
      if (placed.has(key(x - k * d[0], y - k * d[1], z - k * d[2]))) return false;
    }
  }
  return true;
}

const isCuboidWithTwoEqualSides = (cells: readonly Cell[]): boolean => {
  const dims = [0, 1, 2].map((a) => {
    const vs = cells.map((c) => c[a] as number);
    return Math.max(...vs) - Math.min(...vs) + 1;
  });
  const [p, q, r] = dims as [number, number, number];
  return p * q * r === cells.length && (p === q || q === r || p === r);
};

const planar = (cells: readonly Cell[]): boolean =>
  [0, 1, 2].some((a) => cells.every((c) => c[a] === (cells[0] as Cell)[a]));

/** Every constraint a generated puzzle must meet; an empty list means it passes. */
export function checkStackingPuzzle(data: StackingData, params: StackingParams): string[] {
  const problems: string[] = [];
  const box = data.box;
  const n = data.pieces.length;
  if (box.join() !== params.size.join()) problems.push(`box ${box} is not the asked size ${params.size}`);
  if (data.solution.length !== n) problems.push("the solution does not place every piece");
  if (!minPieceStages(params.minPiece).includes(data.minPiece))
    problems.push(`minPiece ${data.minPiece} is no stage`);
  if (params.maxPieces !== undefined && n > params.maxPieces) problems.push(`${n} pieces > maxPieces`);
  const owner = new Map<string, number>();
  data.pieces.forEach((piece, i) => {
    const where = data.solution[i] ?? [];
    if (piece.name !== pieceColour(i).name) problems.push(`piece ${i} is named ${piece.name}`);
    if (canonicalKey(piece.cells) !== canonicalKey(where))
      problems.push(`${piece.name}'s slot is not a rotation of it`);
    if (piece.cells.length < data.minPiece || piece.cells.length > params.maxPiece) {
      problems.push(`${piece.name} has ${piece.cells.length} cells`);
    }
    if (!connected(piece.cells)) problems.push(`${piece.name} is not connected`);
    if (full2x3Window(where, box)) problems.push(`${piece.name} holds a full 2×3 face`);
    if (params.mode === "easy" && !isCuboidWithTwoEqualSides(piece.cells))
      problems.push(`${piece.name} is no easy cuboid`);
    if (params.mode === "mid" && !planar(piece.cells)) problems.push(`${piece.name} is not planar`);
    for (const c of where) {
      if (c.some((v, a) => v < 0 || v >= (box[a] as number)))
        problems.push(`${piece.name} leaves the box at ${c}`);
      if (owner.has(keyOf(c))) problems.push(`${piece.name} overlaps another piece at ${c}`);
      owner.set(keyOf(c), i);
    }
  });
  if (owner.size !== box[0] * box[1] * box[2]) problems.push(`the solution covers ${owner.size} cells`);
  data.solution.forEach((cells, i) => {
    const touches = cells.some(([x, y, z]) =>
      [
        key(x + 1, y, z),
        key(x - 1, y, z),
        key(x, y + 1, z),
        key(x, y - 1, z),
        key(x, y, z + 1),
        key(x, y, z - 1),
      ].some((k) => owner.has(k) && owner.get(k) !== i),
    );
    if (!touches) problems.push(`piece ${i} is isolated`);
  });
  if (data.insertion !== params.insertion)
    problems.push(`the puzzle's insertion rule ${data.insertion} is not the asked ${params.insertion}`);
  problems.push(...assemblyProblems(data));
  if (params.mode === "hard") {
    if (new Set(data.pieces.map((p) => canonicalKey(p.cells))).size !== n)
      problems.push("hard pieces repeat a shape");
    const floor = params.hardMinNodes ?? defaultHardMinNodes(box);
    if (data.stats.nodes < floor) problems.push(`${data.stats.nodes} solver nodes < ${floor}`);
  }
  if (puzzleSignature(data.pieces.map((p) => p.cells)) !== data.signature)
    problems.push("the signature is stale");
  const resolved = packPieces(
    data.pieces.map((p) => canonical(p.cells)),
    boxCells(box),
    { symmetry: "rotations", limit: 1, nodeLimit: 10 * params.solverNodeLimit },
  );
  if (resolved.first === null) problems.push("packPieces does not re-solve the pieces");
  return problems;
}

/** The stored order, replayed: each piece allowed its direction, its path clear, and supported. */
function assemblyProblems(data: StackingData): string[] {
  const index = new Map(data.pieces.map((p, i) => [p.name, i]));
  if (new Set(data.assembly.map((s) => s.piece)).size !== data.pieces.length) {
    return ["the assembly order does not hold every piece once"];
  }
  const placed = new Set<string>();
  for (const step of data.assembly) {
    const cells = data.solution[index.get(step.piece) ?? -1];
    if (!cells) return [`the assembly names an unknown piece ${step.piece}`];
    if (!ALLOWED[data.insertion].includes(step.direction)) {
      return [`${step.piece} travels ${step.direction}, which the ${data.insertion} rule does not allow`];
    }
    if (!insertionClear(cells, VECTORS[step.direction] as Cell, placed, data.box)) {
      return [`${step.piece} cannot slide in along ${step.direction}`];
    }
    if (!cells.some(([x, y, z]) => z === 0 || placed.has(key(x, y, z - 1)))) {
      return [`${step.piece} would float when it arrives`];
    }
    for (const c of cells) placed.add(keyOf(c));
  }
  return [];
}
