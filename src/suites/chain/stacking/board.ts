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
import { inBox, isSupported } from "./rules.ts";
import type { StackingData } from "./schema.ts";

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
  | "not_placed"
  | "would_leave_floating";

export const fmtCells = (cells: readonly Cell[]): string => JSON.stringify(cells);

/** The box and the pieces in it: placing and picking up under the stacking rules. */
export class Board {
  readonly box: Cell;
  readonly names: string[];
  /** Each piece's shape as presented (its own frame). */
  readonly shapes: Cell[][];
  private readonly orientationKeys: Set<string>[];
  private readonly placed = new Map<number, Cell[]>();
  private readonly owner = new Map<string, number>();

  constructor(data: Pick<StackingData, "box" | "pieces">) {
    this.box = data.box;
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
    return null;
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
    const own = this.placed.get(i);
    if (!own) return { code: "not_placed", message: `${piece} is not in the box` };
    const rest = new Set([...this.owner.keys()].filter((k) => this.owner.get(k) !== i));
    const stranded = this.placedPieces().filter(({ index, cells }) => {
      if (index === i) return false;
      const others = new Set([...rest].filter((k) => this.owner.get(k) !== index));
      return !isSupported(cells, others);
    });
    if (stranded.length > 0) {
      const names = stranded.map((s) => this.names[s.index]).join(", ");
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
    return placements(this.shapes[i] as Cell[], free).filter((p) => isSupported(p, occupied));
  }
}
