import { EPISODE_OVER, EpisodeProgress } from "../../../core/episode.ts";
import type { Scene } from "../../../core/scene.ts";
import type { Environment, Observation, StepResult, SvgRendering } from "../../../core/task.ts";
import type { ParseFailure } from "../../../core/verdict.ts";
import { type Cell, canonicalKey, cellsKey, sortCells } from "../../../geometry/voxels.ts";
import { readAction } from "../common/action.ts";
import { stepBudget } from "../common/budget.ts";
import { describeValue } from "../common/describe.ts";
import type { ChainEnvOptions } from "../common/env-options.ts";
import { lowestFirst, SlotGraph } from "./assembly.ts";
import { Board, type Refusal } from "./board.ts";
import { readActionRecord } from "./read.ts";
import { boardScene, sceneImage, sceneRendering } from "./render.ts";
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
  private readonly graph: SlotGraph;
  /** Each piece's shape up to rotation; slot s has piece s's shape. */
  private readonly shapeKeys: string[];
  private last: LastAction | null = null;
  private readonly episode = new EpisodeProgress(`episode_over: ${EPISODE_OVER}`);

  /** maxSteps defaults to stepBudget(number of pieces). */
  constructor(data: StackingData, opts: ChainEnvOptions = {}) {
    this.slots = data.solution.map((cells) => sortCells(cells));
    this.slotByKey = new Map(this.slots.map((cells, s) => [cellsKey(cells), s]));
    this.slotOrder = preferredSlotOrder(data);
    this.board = new Board(data);
    this.graph = new SlotGraph(this.slots, data.box, data.insertion);
    this.shapeKeys = data.pieces.map((p) => canonicalKey(p.cells));
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
   * The oracle. While every placed piece sits in a slot of the stored packing and the empty slots
   * can still be filled in some order under the rules (SlotGraph.completion, trying the stored
   * assembly order first), it places the next piece of that order: from the start this is the
   * stored order, one place per piece. Otherwise it picks up a piece: the first that may be lifted
   * among the misplaced pieces, or the pieces on the paths of the empty slots, then the pieces in
   * the way of those or resting on them, and so on; under "down" these are exactly the pieces that
   * must come out.
   */
  referenceAction(): StackingAction | undefined {
    if (this.episode.done) return undefined;
    const filled = this.slots.map(() => false);
    const misplaced: number[] = [];
    for (const { index, cells } of this.board.placedPieces()) {
      const s = this.slotByKey.get(cellsKey(cells));
      if (s === undefined) misplaced.push(index);
      else filled[s] = true;
    }
    if (misplaced.length === 0) {
      const next = this.graph.completion(filled, this.slotOrder)?.[0];
      if (next !== undefined) {
        // The unplaced pieces have the shapes of the empty slots, so one fits this slot.
        const piece = this.board
          .unplaced()
          .find((i) => this.shapeKeys[i] === this.shapeKeys[next.piece]) as number;
        const cells = this.slots[next.piece] as Cell[];
        return { action: "place", piece: this.board.names[piece] as string, cells };
      }
    }
    const seeds =
      misplaced.length > 0
        ? misplaced
        : this.slotOrder
            .filter((s) => !filled[s])
            .flatMap((s) => this.board.entryBlockers(this.slots[s] as Cell[]).flatMap((p) => p.pieces));
    const i = this.liftableToward(seeds);
    return i === undefined
      ? { action: "finish" }
      : { action: "pickup", piece: this.board.names[i] as string };
  }

  /**
   * The first piece that may be picked up, searching out from `seeds` through the pieces in the
   * way of their leaving or resting on them; else any piece that may be picked up.
   */
  private liftableToward(seeds: readonly number[]): number | undefined {
    const liftable = (i: number) => this.board.pickupRefusal(this.board.names[i] as string) === null;
    const queue = [...new Set(seeds)];
    const seen = new Set(queue);
    for (let k = 0; k < queue.length; k++) {
      const i = queue[k] as number;
      if (liftable(i)) return i;
      for (const j of [...this.board.exitBlockers(i).flatMap((p) => p.pieces), ...this.board.strandedBy(i)]) {
        if (seen.has(j)) continue;
        seen.add(j);
        queue.push(j);
      }
    }
    return this.board
      .placedPieces()
      .map((p) => p.index)
      .find(liftable);
  }
}

/** The stored assembly order when it names every piece once, else lowest slots first. */
function preferredSlotOrder(data: StackingData): number[] {
  const byName = new Map(data.pieces.map((p, i) => [p.name, i]));
  const order = data.assembly.map((s) => byName.get(s.piece));
  const complete = new Set(order).size === data.solution.length && order.every((s) => s !== undefined);
  return complete ? (order as number[]) : lowestFirst(data.solution);
}
