import {
  boxCells,
  type Cell,
  cellKey,
  cellsKey,
  normalize,
  orientations,
  placements,
  sortCells,
} from "../../../geometry/voxels.ts";
import { DIRECTION_VECTORS, ENTRY_DIRECTIONS, inBox, isSupported, OPPOSITE, sweptCells } from "./rules.ts";
import type { Direction, InsertionRule, StackingData } from "./schema.ts";

/** Why an action was refused: a stable code for programs and a sentence for the agent. */
export interface Refusal {
  code: RefusalCode;
  message: string;
}

export type RefusalCode =
  | "unknown_piece"
  | "already_placed"
  | "wrong_cell_count"
  | "shape_mismatch"
  | "out_of_bounds"
  | "collision"
  | "floating"
  | "blocked"
  | "not_placed"
  | "would_leave_floating";

export const fmtCells = (cells: readonly Cell[]): string => JSON.stringify(cells);

/** For each allowed direction of travel, the placed pieces on the way (none: the path is clear). */
export type PathBlockers = { direction: Direction; pieces: number[] }[];

/**
 * Why a piece cannot go in (or come out): under "down" the pieces above it, under "axis" the
 * pieces on each of the six lines, e.g. "travelling -z: blue; travelling +x: blue, red".
 */
function blockedText(board: Board, piece: string, paths: PathBlockers, into: boolean): string {
  if (board.insertion === "down") {
    const names = (paths[0]?.pieces ?? []).map((i) => board.names[i]);
    const verb = into ? "lowered straight down into these cells" : "lifted straight up out of the box";
    return `${piece} cannot be ${verb}: ${names.join(", ")} ${names.length === 1 ? "is" : "are"} in the way above ${into ? "them" : "it"}`;
  }
  const lines = paths
    .map((p) => `travelling ${p.direction}: ${p.pieces.map((i) => board.names[i]).join(", ")}`)
    .join("; ");
  return `${piece} has no straight path ${into ? "into these cells from outside the box" : "out of the box"} (${lines})`;
}

/** The box and the pieces in it: placing and picking up under the stacking rules. */
export class Board {
  readonly box: Cell;
  readonly insertion: InsertionRule;
  readonly names: string[];
  /** Each piece's shape as presented (its own frame). */
  readonly shapes: Cell[][];
  private readonly orientationKeys: Set<string>[];
  private readonly placed = new Map<number, Cell[]>();
  private readonly owner = new Map<string, number>();

  constructor(data: Pick<StackingData, "box" | "pieces" | "insertion">) {
    this.box = data.box;
    this.insertion = data.insertion;
    this.names = data.pieces.map((p) => p.name);
    this.shapes = data.pieces.map((p) => normalize(p.cells));
    this.orientationKeys = this.shapes.map((s) => new Set(orientations(s).map((o) => cellsKey(o.cells))));
  }

  get volume(): number {
    return this.box[0] * this.box[1] * this.box[2];
  }

  get filled(): number {
    return this.owner.size;
  }

  get full(): boolean {
    return this.filled === this.volume;
  }

  /** The piece called `name` (case and surrounding spaces ignored), or −1. */
  indexOf(name: string): number {
    return this.names.indexOf(name.trim().toLowerCase());
  }

  isPlaced(i: number): boolean {
    return this.placed.has(i);
  }

  cellsOf(i: number): Cell[] | undefined {
    return this.placed.get(i);
  }

  /** Placed pieces in piece order, with their world cells. */
  placedPieces(): { index: number; cells: Cell[] }[] {
    return [...this.placed.entries()].sort((a, b) => a[0] - b[0]).map(([index, cells]) => ({ index, cells }));
  }

  unplaced(): number[] {
    return this.names.map((_, i) => i).filter((i) => !this.placed.has(i));
  }

  ownerOf(c: Cell): number | undefined {
    return this.owner.get(cellKey(c));
  }

  /** The first rule a placement breaks, in the documented order, or null when it is allowed. */
  placeRefusal(name: string, cells: readonly Cell[]): Refusal | null {
    const i = this.indexOf(name);
    if (i < 0)
      return {
        code: "unknown_piece",
        message: `there is no piece "${name}"; pieces: ${this.names.join(", ")}`,
      };
    const piece = this.names[i] as string;
    if (this.placed.has(i))
      return { code: "already_placed", message: `${piece} is already in the box; pick it up first` };
    const shape = this.shapes[i] as Cell[];
    if (cells.length !== shape.length) {
      return {
        code: "wrong_cell_count",
        message: `${piece} has ${shape.length} cells, the action gives ${cells.length}`,
      };
    }
    const distinct = new Set(cells.map(cellKey)).size;
    if (distinct !== cells.length) {
      return {
        code: "shape_mismatch",
        message: `the cells for ${piece} repeat a cell, so they cannot be its shape`,
      };
    }
    if (!this.orientationKeys[i]?.has(cellsKey(normalize(cells)))) {
      return {
        code: "shape_mismatch",
        message: `${fmtCells(sortCells(cells))} is not a rotation of ${piece} moved in space (mirror images do not count)`,
      };
    }
    const outside = cells.filter((c) => !inBox(c, this.box));
    if (outside.length > 0) {
      const [a, b, c] = this.box;
      return {
        code: "out_of_bounds",
        message: `cells ${fmtCells(outside)} lie outside the box (x 0..${a - 1}, y 0..${b - 1}, z 0..${c - 1})`,
      };
    }
    const hit = cells.filter((c) => this.owner.has(cellKey(c)));
    if (hit.length > 0) {
      const pieces = [...new Set(hit.map((c) => this.names[this.owner.get(cellKey(c)) as number]))];
      return {
        code: "collision",
        message: `cells ${fmtCells(hit)} are already taken by ${pieces.join(", ")}`,
      };
    }
    if (!isSupported(cells, new Set(this.owner.keys()))) {
      return {
        code: "floating",
        message: `${piece} would float: none of its cells is on the floor (z = 0) or directly above a placed piece`,
      };
    }
    const paths = this.entryBlockers(cells);
    if (paths.every((p) => p.pieces.length > 0)) {
      return { code: "blocked", message: blockedText(this, piece, paths, true) };
    }
    return null;
  }

  /**
   * Who stands in the way of a piece entering `cells` along each allowed direction: the placed
   * pieces on the cells it sweeps as it comes straight in from outside the box.
   */
  entryBlockers(cells: readonly Cell[]): PathBlockers {
    return ENTRY_DIRECTIONS[this.insertion].map((direction) => ({
      direction,
      pieces: this.sweepOwners(cells, OPPOSITE[direction]),
    }));
  }

  /** Who stands in the way of placed piece i leaving the box along each allowed direction. */
  exitBlockers(i: number): PathBlockers {
    const cells = this.placed.get(i) ?? [];
    return ENTRY_DIRECTIONS[this.insertion].map((d) => ({
      direction: OPPOSITE[d],
      pieces: this.sweepOwners(cells, OPPOSITE[d], i),
    }));
  }

  /** The placed pieces other than `self` on the cells swept by moving `cells` along d out of the box. */
  private sweepOwners(cells: readonly Cell[], d: Direction, self?: number): number[] {
    const out = new Set<number>();
    for (const c of sweptCells(cells, DIRECTION_VECTORS[d], this.box)) {
      const o = this.owner.get(cellKey(c));
      if (o !== undefined && o !== self) out.add(o);
    }
    return [...out].sort((a, b) => a - b);
  }

  /**
   * The placed pieces that would be left floating if piece i were taken out: those that no longer
   * rest on the floor through a chain of pieces, each on a cell directly below it. Two pieces that
   * only rest on each other float: under "axis" their support could otherwise be slid out.
   */
  strandedBy(i: number): number[] {
    const rest = this.placedPieces().filter((p) => p.index !== i);
    const below = (c: Cell) => this.owner.get(cellKey([c[0], c[1], c[2] - 1]));
    const grounded = new Set<number>();
    let grew = true;
    while (grew) {
      grew = false;
      for (const { index, cells } of rest) {
        if (grounded.has(index)) continue;
        if (cells.some((c) => c[2] === 0 || grounded.has(below(c) ?? -1))) {
          grounded.add(index);
          grew = true;
        }
      }
    }
    return rest.filter((p) => !grounded.has(p.index)).map((p) => p.index);
  }

  /** Why the piece cannot be picked up, or null when it can. */
  pickupRefusal(name: string): Refusal | null {
    const i = this.indexOf(name);
    if (i < 0)
      return {
        code: "unknown_piece",
        message: `there is no piece "${name}"; pieces: ${this.names.join(", ")}`,
      };
    const piece = this.names[i] as string;
    if (!this.placed.has(i)) return { code: "not_placed", message: `${piece} is not in the box` };
    const paths = this.exitBlockers(i);
    if (paths.every((p) => p.pieces.length > 0)) {
      return { code: "blocked", message: blockedText(this, piece, paths, false) };
    }
    const stranded = this.strandedBy(i);
    if (stranded.length > 0) {
      const names = stranded.map((s) => this.names[s]).join(", ");
      return { code: "would_leave_floating", message: `picking up ${piece} would leave ${names} floating` };
    }
    return null;
  }

  place(i: number, cells: readonly Cell[]): void {
    const copy = sortCells(cells);
    this.placed.set(i, copy);
    for (const c of copy) this.owner.set(cellKey(c), i);
  }

  pickup(i: number): void {
    for (const c of this.placed.get(i) ?? []) this.owner.delete(cellKey(c));
    this.placed.delete(i);
  }

  /** Every placement of piece i that place() would accept now. */
  validPlacements(i: number): Cell[][] {
    if (this.placed.has(i)) return [];
    const free = boxCells(this.box).filter((c) => !this.owner.has(cellKey(c)));
    const occupied = new Set(this.owner.keys());
    return placements(this.shapes[i] as Cell[], free).filter(
      (p) => isSupported(p, occupied) && this.entryBlockers(p).some((path) => path.pieces.length === 0),
    );
  }
}
