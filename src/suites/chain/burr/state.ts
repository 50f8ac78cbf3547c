/**
 * The play state of a burr: where each piece is, which pieces still hang together (sub-assemblies),
 * and which are taken out. Moves slide a group of pieces of one sub-assembly one unit at a time,
 * refused as a whole if any unit meets a piece still in play, of any sub-assembly: pieces in play
 * never overlap. Taken-out pieces are out of play. Distances are bounded (maxDistance), so
 * positions stay small exact integers.
 */

import { clip } from "../../../core/clip.ts";
import { bounds, type Cell } from "../../../geometry/voxels.ts";
import {
  add,
  allSeparations,
  apartOf,
  axisOf,
  clearance,
  DIRECTIONS,
  dirOf,
  GapTable,
  Motion,
  signOf,
  slides,
  step,
  sub,
} from "./motion.ts";

export type Axis = "x" | "y" | "z";
export const AXES: readonly Axis[] = ["x", "y", "z"];

/** A move in the agent's terms: piece names, an axis and a signed whole distance. */
export interface MoveSpec {
  pieces: string[];
  axis: Axis;
  distance: number;
}

export interface MoveOutcome {
  /** Why the move was refused (nothing moved), or null. */
  error: string | null;
  /** Parts that came apart, as piece names; empty when nothing separated. */
  split: string[][];
}

export class BurrState {
  readonly motion: Motion;
  pos: Cell[];
  /** Sub-assemblies of two or more pieces still in play, each a sorted list of piece indices. */
  assemblies: number[][];
  removed: number[];
  /** The longest slide accepted (maxSlide). */
  readonly maxDistance: number;

  constructor(
    readonly names: readonly string[],
    readonly shapes: readonly (readonly Cell[])[],
    motion?: Motion,
  ) {
    this.motion = motion ?? new Motion(shapes);
    this.pos = shapes.map((): Cell => [0, 0, 0]);
    this.assemblies = shapes.length > 1 ? [shapes.map((_, i) => i)] : [];
    this.removed = shapes.length > 1 ? [] : [0];
    this.maxDistance = maxSlide(shapes);
  }

  clone(): BurrState {
    const s = new BurrState(this.names, this.shapes, this.motion);
    s.pos = this.pos.map((c) => [...c] as Cell);
    s.assemblies = this.assemblies.map((a) => [...a]);
    s.removed = [...this.removed];
    return s;
  }

  get solved(): boolean {
    return this.assemblies.length === 0;
  }

  cells(i: number): Cell[] {
    return (this.shapes[i] as Cell[]).map((c) => add(c, this.pos[i] as Cell));
  }

  key(): string {
    return `${this.pos.map((p) => p.join(",")).join(";")}|${this.assemblies.map((a) => a.join(",")).join("/")}`;
  }

  assemblyOf(i: number): number {
    return this.assemblies.findIndex((a) => a.includes(i));
  }

  /** Checks and, when legal, carries out a move; errors come in a fixed order. */
  move(spec: MoveSpec): MoveOutcome {
    const ids: number[] = [];
    for (const name of spec.pieces) {
      const wanted = name.trim().toLowerCase();
      const i = this.names.findIndex((n) => n.toLowerCase() === wanted);
      if (i < 0)
        return refused(`unknown piece "${clip(name, 120)}"; the pieces are ${this.names.join(", ")}`);
      if (!ids.includes(i)) ids.push(i);
    }
    const gone = ids.find((i) => this.removed.includes(i));
    if (gone !== undefined) return refused(`${this.names[gone]} has already been taken out`);
    const home = this.assemblyOf(ids[0] as number);
    const stray = ids.find((i) => this.assemblyOf(i) !== home);
    if (stray !== undefined) {
      return refused(
        `${this.names[ids[0] as number]} and ${this.names[stray]} are in different sub-assemblies and cannot move together`,
      );
    }
    if (!Number.isInteger(spec.distance) || spec.distance === 0) {
      return refused(
        `the distance must be a non-zero whole number of units, got ${clip(String(spec.distance), 120)}`,
      );
    }
    if (Math.abs(spec.distance) > this.maxDistance) {
      return refused(
        `a move slides at most ${this.maxDistance} units (twice the pieces' lengths added up: no piece needs to go farther), got ${spec.distance}`,
      );
    }
    const dir = dirOf(AXES.indexOf(spec.axis), Math.sign(spec.distance));
    const k = Math.abs(spec.distance);
    const block = this.firstBlock(ids, dir, k);
    if (block) {
      return refused(
        `blocked: ${this.names[block.piece]} would hit ${this.names[block.by]} at unit ${block.unit} of ${k} moving ${DIRECTIONS[dir]}; nothing moved`,
      );
    }
    const d = step(dir, k);
    for (const g of ids) this.pos[g] = add(this.pos[g] as Cell, d);
    return { error: null, split: this.splitIfApart(home, ids, dir) };
  }

  /**
   * The first collision of a group sliding k units: with any piece still in play outside the
   * group, whatever its sub-assembly (taken-out pieces are out of play), or null when the way is clear.
   */
  private firstBlock(
    ids: readonly number[],
    dir: number,
    k: number,
  ): { unit: number; by: number; piece: number } | null {
    let block: { unit: number; by: number; piece: number } | null = null;
    for (const g of ids) {
      for (const members of this.assemblies) {
        for (const o of members) {
          if (ids.includes(o)) continue;
          const r = sub(this.pos[o] as Cell, this.pos[g] as Cell);
          const gap = this.motion.gaps(g, o, r)[dir] as number;
          if (gap < k && (block === null || gap + 1 < block.unit)) block = { unit: gap + 1, by: o, piece: g };
        }
      }
    }
    return block;
  }

  /** After a move the group comes away when its bounding box no longer meets the rest's. */
  private splitIfApart(home: number, ids: readonly number[], dir: number): string[][] {
    const members = this.assemblies[home] as number[];
    const rest = members.filter((i) => !ids.includes(i));
    if (rest.length === 0) return [];
    const a = axisOf(dir);
    const box = (list: readonly number[]) => bounds(list.flatMap((i) => this.cells(i)));
    const g = box(ids);
    const r = box(rest);
    const at = (c: Cell) => c[a] as number;
    if (at(g.min) > at(r.max) || at(g.max) < at(r.min)) {
      this.assemblies.splice(home, 1);
      for (const part of [rest, [...ids].sort((x, y) => x - y)]) {
        if (part.length === 1) this.removed.push(part[0] as number);
        else this.assemblies.push(part);
      }
      return [rest, [...ids]].map((p) => p.map((i) => this.names[i] as string));
    }
    return [];
  }

  /**
   * Every move available now: the solver's moves (slides up to `maxDistance` units, and
   * separations by their clearance) that no piece of another sub-assembly blocks.
   */
  legalMoves(maxDistance = 6): MoveSpec[] {
    const out: MoveSpec[] = [];
    for (const members of this.assemblies) {
      const table = new GapTable(
        this.motion,
        members,
        members.map((i) => this.pos[i] as Cell),
      );
      const cells = (j: number) => this.cells(members[j] as number);
      for (const gm of [...allSeparations(table), ...slides(table, apartOf(cells, members.length))]) {
        const ids = members.filter((_, j) => gm.mask & (1 << j));
        const pieces = ids.map((i) => this.names[i] as string);
        const axis = AXES[axisOf(gm.dir)] as Axis;
        const k = gm.distance === Infinity ? clearance(cells, gm.mask, members.length, gm.dir) : gm.distance;
        if (
          (gm.distance === Infinity || k <= maxDistance) &&
          k <= this.maxDistance &&
          !this.firstBlock(ids, gm.dir, k)
        )
          out.push({ pieces, axis, distance: signOf(gm.dir) * k });
      }
    }
    return out;
  }
}

/**
 * The longest slide a move may make: twice the pieces' extents along an axis added up, on the
 * longest axis: a group passes every piece laid end to end in half of it (generation keeps only
 * plans that replay within the bound). It keeps every position a small exact integer.
 */
export function maxSlide(shapes: readonly (readonly Cell[])[]): number {
  const sums = [0, 1, 2].map((a) =>
    shapes.reduce((sum, cells) => sum + (bounds(cells).size[a] as number), 0),
  );
  return 2 * Math.max(...sums);
}

function refused(error: string): MoveOutcome {
  return { error, split: [] };
}
