import { EPISODE_OVER, EpisodeProgress } from "../../../core/episode.ts";
import type { Scene } from "../../../core/scene.ts";
import type { Environment, Observation, StepResult, SvgRendering } from "../../../core/task.ts";
import type { ParseFailure } from "../../../core/verdict.ts";
import { type Cell, canonicalKey, cellKey, cellsKey, sortCells } from "../../../geometry/voxels.ts";
import { readAction } from "../common/action.ts";
import { stepBudget } from "../common/budget.ts";
import { describeValue } from "../common/describe.ts";
import type { ChainEnvOptions } from "../common/env-options.ts";
import { Board, type Refusal } from "./board.ts";
import { readActionRecord } from "./read.ts";
import { boardScene, sceneImage, sceneRendering } from "./render.ts";
import { isSupported } from "./rules.ts";
import { ACTION_SIGNATURES, type StackingAction, type StackingData, stackingAction } from "./schema.ts";
import { instructionsText, type LastAction, observationText, withoutCells } from "./text.ts";

/** legalActions lists at most this many placements, so the list stays cheap on big boxes. */
export const LEGAL_PLACEMENT_CAP = 4000;

/**
 * The interactive stacking episode: place and pick up pieces until the box is exactly full.
 * Every action is a step; reward 1 on the step that fills the box, else 0.
 */
export class StackingEnv implements Environment<StackingAction> {
  readonly actions = stackingAction;
  readonly maxSteps: number;
  readonly vision: boolean;
  /** The state only in the images: the text names no cells of it. */
  readonly imageOnly: boolean;
  readonly optimalSteps: number;
  readonly board: Board;
  private readonly slots: Cell[][];
  private readonly slotByKey: Map<string, number>;
  private readonly slotOrder: number[];
  private last: LastAction | null = null;
  private readonly episode = new EpisodeProgress(`episode_over: ${EPISODE_OVER}`);

  /** maxSteps defaults to stepBudget(number of pieces). */
  constructor(data: StackingData, opts: ChainEnvOptions = {}) {
    this.slots = data.solution.map((cells) => sortCells(cells));
    this.slotByKey = new Map(this.slots.map((cells, s) => [cellsKey(cells), s]));
    this.slotOrder = preferredSlotOrder(data);
    this.board = new Board(data);
    this.optimalSteps = data.pieces.length;
    this.maxSteps = opts.maxSteps ?? stepBudget(this.optimalSteps);
    this.vision = opts.vision ?? false;
    this.imageOnly = opts.imageOnly ?? false;
  }

  get done(): boolean {
    return this.episode.done;
  }

  get success(): boolean {
    return this.episode.success;
  }

  get steps(): number {
    return this.episode.steps;
  }

  instructions(): string {
    return instructionsText(this.board, this.maxSteps, this.imageOnly);
  }

  parseAction(text: string): StackingAction | ParseFailure {
    return readActionRecord(readAction(text, ACTION_SIGNATURES));
  }

  step(raw: unknown): StepResult {
    const over = this.episode.afterEnd(() => this.observe());
    if (over) return over;
    const steps = this.episode.count();
    const parsed = stackingAction.safeParse(raw);
    let refusal: Refusal | { code: "invalid_action"; message: string } | null = null;
    if (!parsed.success) {
      refusal = {
        code: "invalid_action",
        message: parsed.error.issues[0]?.message ?? "not a stacking action",
      };
      this.last = {
        action: describeValue(raw),
        result: `refused (invalid_action): ${refusal.message}`,
      };
    } else {
      refusal = this.apply(parsed.data);
      this.last = {
        action: parsed.data,
        result: refusal ? `refused (${refusal.code}): ${refusal.message}` : this.acceptedText(parsed.data),
      };
    }
    const filledNow = !refusal && parsed.success && parsed.data.action === "place" && this.board.full;
    if (filledNow) this.episode.solve();
    if (filledNow || (parsed.success && parsed.data.action === "finish") || steps >= this.maxSteps) {
      this.episode.end();
    }
    const observation = this.observe();
    const said = refusal ? `${refusal.code}: ${refusal.message}` : undefined;
    const error = said !== undefined && this.imageOnly ? withoutCells(said) : said;
    if (error) observation.text = `${error}\n\n${observation.text}`;
    return {
      observation,
      reward: filledNow ? 1 : 0,
      done: this.episode.done,
      success: this.episode.success,
      error,
      info: {
        filled: this.board.filled,
        volume: this.board.volume,
        ...(refusal ? { code: refusal.code } : {}),
      },
    };
  }

  private acceptedText(action: StackingAction): string {
    switch (action.action) {
      case "place":
        return this.board.full ? "placed; the box is full" : "placed";
      case "pickup":
        return "picked up";
      case "state":
        return "state shown";
      case "finish":
        return "finished";
    }
  }

  /** Carries out an action; a refusal changes nothing. */
  private apply(action: StackingAction): Refusal | null {
    if (action.action === "place") {
      const why = this.board.placeRefusal(action.piece, action.cells);
      if (!why) this.board.place(this.board.indexOf(action.piece), action.cells);
      return why;
    }
    if (action.action === "pickup") {
      const why = this.board.pickupRefusal(action.piece);
      if (!why) this.board.pickup(this.board.indexOf(action.piece));
      return why;
    }
    return null;
  }

  observe(): Observation {
    const text = observationText(this.board, this.last, {
      steps: this.episode.steps,
      maxSteps: this.maxSteps,
      done: this.episode.done,
      success: this.episode.success,
      imageOnly: this.imageOnly,
    });
    if (!this.vision) return { text };
    return { text, images: [sceneImage(this.board, "multi", this.imageOnly)] };
  }

  render(): SvgRendering {
    return sceneRendering(this.board);
  }

  scene(): Scene {
    return boardScene(this.board);
  }

  /** Every accepted place (capped) and pickup; state() only when nothing else is possible. */
  legalActions(): StackingAction[] {
    if (this.episode.done) return [];
    const out: StackingAction[] = [];
    for (const i of this.board.unplaced()) {
      for (const cells of this.board.validPlacements(i)) {
        if (out.length >= LEGAL_PLACEMENT_CAP) break;
        out.push({ action: "place", piece: this.board.names[i] as string, cells });
      }
    }
    for (const { index } of this.board.placedPieces()) {
      const piece = this.board.names[index] as string;
      if (this.board.pickupRefusal(piece) === null) out.push({ action: "pickup", piece });
    }
    return out.length > 0 ? out : [{ action: "state" }];
  }

  /**
   * The oracle: while every placed piece sits in a slot of the stored packing, fill the first free
   * slot of the preferred order that can be filled now with an unplaced piece of its shape, else
   * the lowest free slot (always supported: what lies below it is lower, hence filled); when a
   * piece is off the packing, pick up a misplaced piece, or any piece that may be lifted.
   */
  referenceAction(): StackingAction | undefined {
    if (this.episode.done) return undefined;
    const taken = new Set<number>();
    const misplaced: number[] = [];
    for (const { index, cells } of this.board.placedPieces()) {
      const s = this.slotByKey.get(cellsKey(cells));
      if (s === undefined) misplaced.push(index);
      else taken.add(s);
    }
    const liftable = (i: number) => this.board.pickupRefusal(this.board.names[i] as string) === null;
    if (misplaced.length > 0) {
      const i =
        misplaced.find(liftable) ??
        this.board
          .placedPieces()
          .map((p) => p.index)
          .find(liftable);
      return i === undefined
        ? { action: "finish" }
        : { action: "pickup", piece: this.board.names[i] as string };
    }
    const free = this.slotOrder.filter((s) => !taken.has(s));
    const byLowestZ = free.slice().sort((a, b) => lowestZ(this.slots[a]) - lowestZ(this.slots[b]));
    for (const s of [...free, ...byLowestZ]) {
      const cells = this.slots[s] as Cell[];
      const shape = canonicalKey(cells);
      const piece = this.board.unplaced().find((i) => canonicalKey(this.board.shapes[i] as Cell[]) === shape);
      if (piece === undefined) continue;
      const name = this.board.names[piece] as string;
      if (this.board.placeRefusal(name, cells) === null) return { action: "place", piece: name, cells };
    }
    return { action: "finish" };
  }
}

const lowestZ = (cells: readonly Cell[] | undefined): number => Math.min(...(cells ?? []).map((c) => c[2]));

/** The stored assembly order when each piece in it is supported on arrival, else lowest z first. */
function preferredSlotOrder(data: StackingData): number[] {
  const byName = new Map(data.pieces.map((p, i) => [p.name, i]));
  const order = data.assembly?.map((s) => byName.get(s.piece) as number);
  if (order && order.length === data.solution.length) {
    const occupied = new Set<string>();
    const supported = order.every((s) => {
      const cells = data.solution[s] as Cell[];
      const ok = isSupported(cells, occupied);
      for (const c of cells) occupied.add(cellKey(c));
      return ok;
    });
    if (supported) return order;
  }
  return data.solution
    .map((_, s) => s)
    .sort((a, b) => lowestZ(data.solution[a]) - lowestZ(data.solution[b]) || a - b);
}
