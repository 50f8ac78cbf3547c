import type { Scene } from "../../../core/scene.ts";
import { Board } from "./board.ts";
import { replayPlan } from "./plan.ts";
import { boardScene } from "./render.ts";
import type { StackingData, StackingPlan } from "./schema.ts";

/** A board with every piece in its slot of the stored packing. */
export function solvedBoard(data: StackingData): Board {
  const board = new Board(data);
  data.solution.forEach((cells, i) => {
    board.place(i, cells);
  });
  return board;
}

/** Actions of an answer replayed at most; a plan needs one per piece, a few more with pickups. */
export const SCENE_PLAN_CAP = 1000;

/**
 * As `render` draws it: without an answer the stored packing, with one the board after its
 * actions (replayed up to the first refusal; an answer that is not a list draws the empty box).
 */
export function stackingScene(data: StackingData, answer?: unknown): Scene {
  if (answer === undefined) return boardScene(solvedBoard(data), "Stacking: the stored packing");
  const plan = Array.isArray(answer) ? (answer.slice(0, SCENE_PLAN_CAP) as StackingPlan) : [];
  return boardScene(replayPlan(data, plan).env.board, "Stacking: after the plan");
}
