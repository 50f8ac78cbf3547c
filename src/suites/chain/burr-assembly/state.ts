/**
 * The play state of a burr being assembled: each piece's offset from its place in the assembled
 * puzzle, and the parts (pieces held together). Parts lie apart and never touch one another, so a
 * part has no place of its own: only the offsets of its pieces relative to each other mean
 * anything. Insertions join two parts; moves slide a group within a part and may split it.
 */

import { clip } from "../../../core/clip.ts";
import type { Cell } from "../../../geometry/voxels.ts";
import { add, axisOf, DIRECTIONS, dirOf, Motion, signOf, step, sub } from "../burr/motion.ts";
import { maxSlide } from "../burr/state.ts";
import { type AssemblyAction, AXES, type InsertAction, type MoveSpec, moveOf } from "./data.ts";

export interface Outcome {
  /** Why the action was refused (nothing changed), or null. */
  error: string | null;
  /** What came of a done action, e.g. "the parts joined into [red, blue]"; empty when nothing to add. */
  note: string;
}

/** A legal insertion's effect: the moving part, the part it joins and how far the moving part shifts. */
interface Insertion {
  moving: number[];
  target: number[];
  shift: Cell;
}

export class AssemblyState {
  readonly motion: Motion;
  /** Each piece's offset from its place in the assembled puzzle. */
  pos: Cell[];
  /** The parts, each a sorted list of piece indices, ordered by their first piece. */
  parts: number[][];
  /** The longest slide, and the largest offset an insertion may name (burr's maxSlide). */
  readonly maxDistance: number;

  constructor(
    readonly names: readonly string[],
    readonly shapes: readonly (readonly Cell[])[],
    motion?: Motion,
  ) {
    this.motion = motion ?? new Motion(shapes);
    this.pos = shapes.map((): Cell => [0, 0, 0]);
    this.parts = shapes.map((_, i) => [i]);
    this.maxDistance = maxSlide(shapes);
  }

  clone(): AssemblyState {
    const s = new AssemblyState(this.names, this.shapes, this.motion);
    s.pos = this.pos.map((c) => [...c] as Cell);
    s.parts = this.parts.map((p) => [...p]);
    return s;
  }

  /** One part, every piece at the same offset: the assembled puzzle. */
  get solved(): boolean {
    const o = this.pos[0] as Cell;
    return this.parts.length === 1 && this.pos.every((p) => p[0] === o[0] && p[1] === o[1] && p[2] === o[2]);
  }

  cells(i: number): Cell[] {
    return (this.shapes[i] as Cell[]).map((c) => add(c, this.pos[i] as Cell));
  }

  partOf(i: number): number[] {
    return this.parts.find((p) => p.includes(i)) as number[];
  }

  /** Offset of piece i from its part's first piece: [0, 0, 0] when the two sit as assembled. */
  offsetInPart(i: number): Cell {
    return sub(this.pos[i] as Cell, this.pos[this.partOf(i)[0] as number] as Cell);
  }

  /** Piece i's cubes in its part's frame: where they are when the part's first piece sits as assembled. */
  frameCells(i: number): Cell[] {
    const o = this.offsetInPart(i);
    return (this.shapes[i] as Cell[]).map((c) => add(c, o));
  }

  /** A part's pieces and their offsets within it: equal for the same part wherever it lies. */
  partKey(part: readonly number[]): string {
    const o = this.pos[part[0] as number] as Cell;
    return `${part.join(",")}@${part.map((i) => sub(this.pos[i] as Cell, o).join(",")).join(";")}`;
  }

  key(): string {
    return this.parts.map((p) => this.partKey(p)).join("/");
  }

  /** Carries out an action when it is legal; state() changes nothing. */
  play(action: AssemblyAction): Outcome {
    if (action.action === "insert") return this.insert(action);
    if (action.action === "move") return this.move(moveOf(action));
    return { error: null, note: "" };
  }

  insert(a: InsertAction): Outcome {
    const plan = this.insertion(a);
    if ("error" in plan) return { error: plan.error, note: "" };
    for (const m of plan.moving) this.pos[m] = add(this.pos[m] as Cell, plan.shift);
    const joined = [...plan.moving, ...plan.target].sort((x, y) => x - y);
    this.parts = [...this.parts.filter((p) => p !== plan.moving && p !== plan.target), joined];
    this.parts.sort((x, y) => (x[0] as number) - (y[0] as number));
    return { error: null, note: `the parts joined into [${joined.map((i) => this.names[i]).join(", ")}]` };
  }

  /** Checks an insertion; errors come in a fixed order. */
  insertion(a: InsertAction): Insertion | { error: string } {
    const p = this.indexOf(a.piece);
    const q = this.indexOf(a.into);
    if (p < 0 || q < 0) return { error: this.unknown(p < 0 ? a.piece : a.into) };
    const moving = this.partOf(p);
    const target = this.partOf(q);
    if (moving === target) {
      return {
        error: `${this.names[p]} and ${this.names[q]} are already in the same part; insert joins two different parts`,
      };
    }
    if (!a.at.every((v) => Number.isInteger(v) && Math.abs(v) <= this.maxDistance)) {
      return {
        error: `at must be three whole numbers from -${this.maxDistance} to ${this.maxDistance}, got [${a.at.map((v) => clip(String(v), 40)).join(", ")}]`,
      };
    }
    const dir = DIRECTIONS.indexOf(a.from);
    const shift = sub(add(this.pos[q] as Cell, a.at as Cell), this.pos[p] as Cell);
    // The farthest point short of the stop where a moving cube meets a target cube, coming in.
    let hit: { units: number; piece: number; by: number } | null = null;
    for (const m of moving) {
      for (const t of target) {
        const r = sub(this.pos[t] as Cell, add(this.pos[m] as Cell, shift));
        const back = this.motion.gaps(m, t, r)[dir ^ 1] as number;
        if (back === -1) {
          return {
            error: `at that stop ${this.names[m]} would overlap ${this.names[t]}; nothing moved`,
          };
        }
        if (back !== Infinity && (hit === null || back + 1 > hit.units))
          hit = { units: back + 1, piece: m, by: t };
      }
    }
    if (hit) {
      return {
        error: `the way in is blocked: coming in along ${a.from}, ${this.names[hit.piece]} would run into ${this.names[hit.by]} ${hit.units} unit${hit.units === 1 ? "" : "s"} before the stop; nothing moved`,
      };
    }
    const axis = axisOf(dir);
    const g = this.extent(moving, axis, shift[axis] as number);
    const r = this.extent(target, axis, 0);
    const short = signOf(dir) > 0 ? g.hi < r.lo : g.lo > r.hi;
    const past = signOf(dir) > 0 ? g.lo > r.hi : g.hi < r.lo;
    if (short || past) {
      const where = short
        ? "it would still be outside; insert it farther"
        : "it would have passed right through; stop it sooner";
      return {
        error: `at that stop the moving part's bounding box does not reach the other part's along ${AXES[axis]}: ${where}`,
      };
    }
    return { moving, target, shift };
  }

  /** Checks and, when legal, carries out a move; errors come in a fixed order. */
  move(spec: MoveSpec): Outcome {
    const ids: number[] = [];
    for (const name of spec.pieces) {
      const i = this.indexOf(name);
      if (i < 0) return { error: this.unknown(name), note: "" };
      if (!ids.includes(i)) ids.push(i);
    }
    const part = this.partOf(ids[0] as number);
    const stray = ids.find((i) => !part.includes(i));
    if (stray !== undefined) {
      return {
        error: `${this.names[ids[0] as number]} and ${this.names[stray]} are in different parts and cannot move together`,
        note: "",
      };
    }
    if (ids.length === part.length) {
      return {
        error: `[${part.map((i) => this.names[i]).join(", ")}] is a whole part: moving it alone changes nothing, as parts lie apart; move some of its pieces, or insert it into another part`,
        note: "",
      };
    }
    if (!Number.isInteger(spec.distance) || spec.distance === 0) {
      return {
        error: `the distance must be a non-zero whole number of units, got ${clip(String(spec.distance), 120)}`,
        note: "",
      };
    }
    if (Math.abs(spec.distance) > this.maxDistance) {
      return { error: `a move slides at most ${this.maxDistance} units, got ${spec.distance}`, note: "" };
    }
    const dir = dirOf(AXES.indexOf(spec.axis), Math.sign(spec.distance));
    const k = Math.abs(spec.distance);
    let block: { unit: number; by: number; piece: number } | null = null;
    for (const g of ids) {
      for (const o of part) {
        if (ids.includes(o)) continue;
        const gap = this.motion.gaps(g, o, sub(this.pos[o] as Cell, this.pos[g] as Cell))[dir] as number;
        if (gap < k && (block === null || gap + 1 < block.unit)) block = { unit: gap + 1, by: o, piece: g };
      }
    }
    if (block) {
      return {
        error: `blocked: ${this.names[block.piece]} would hit ${this.names[block.by]} at unit ${block.unit} of ${k} moving ${DIRECTIONS[dir]}; nothing moved`,
        note: "",
      };
    }
    const d = step(dir, k);
    for (const g of ids) this.pos[g] = add(this.pos[g] as Cell, d);
    return { error: null, note: this.splitIfApart(part, ids, axisOf(dir)) };
  }

  /** After a move the group comes away when its bounding box no longer meets the rest's along the move axis. */
  private splitIfApart(part: readonly number[], ids: readonly number[], axis: number): string {
    const rest = part.filter((i) => !ids.includes(i));
    const g = this.extent(ids, axis, 0);
    const r = this.extent(rest, axis, 0);
    if (g.lo <= r.hi && g.hi >= r.lo) return "";
    const group = [...ids].sort((x, y) => x - y);
    this.parts = [...this.parts.filter((p) => p !== part), rest, group];
    this.parts.sort((x, y) => (x[0] as number) - (y[0] as number));
    const list = (p: readonly number[]) => `[${p.map((i) => this.names[i]).join(", ")}]`;
    return `the part came apart into ${list(rest)} and ${list(group)}`;
  }

  /** The lowest and highest coordinate along an axis of these pieces' cubes, moved by `by`. */
  private extent(list: readonly number[], axis: number, by: number): { lo: number; hi: number } {
    let lo = Infinity;
    let hi = -Infinity;
    for (const i of list) {
      for (const c of this.cells(i)) {
        lo = Math.min(lo, (c[axis] as number) + by);
        hi = Math.max(hi, (c[axis] as number) + by);
      }
    }
    return { lo, hi };
  }

  private indexOf(name: string): number {
    const wanted = name.trim().toLowerCase();
    return this.names.findIndex((n) => n.toLowerCase() === wanted);
  }

  private unknown(name: string): string {
    return `unknown piece "${clip(name, 120)}"; the pieces are ${this.names.join(", ")}`;
  }
}
