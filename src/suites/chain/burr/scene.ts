import type { Scene } from "../../../core/scene.ts";
import { voxelScene } from "../common/scene3d.ts";
import { type BurrData, burrActionSchema, moveOf, shapesOf } from "./data.ts";
import { BurrState } from "./state.ts";
import { scenePieces } from "./text.ts";

/** Actions of an answer replayed at most (a plan's own cap is a few times the optimal moves). */
export const SCENE_PLAN_CAP = 1000;

/** The pieces in play where they are, those taken out in a row beside them. */
export function stateScene(data: BurrData, state: BurrState, title: string): Scene {
  const { inPlay, aside } = scenePieces(data, state);
  return voxelScene(inPlay, { aside, title });
}

/**
 * The assembled puzzle; with an answer, the puzzle after its moves up to the first refused or
 * malformed one (as `verify` plays it).
 */
export function burrScene(data: BurrData, answer?: unknown): Scene {
  const state = new BurrState(
    data.pieces.map((p) => p.name),
    shapesOf(data),
  );
  if (answer === undefined) return stateScene(data, state, `Burr ${data.level}`);
  let played = 0;
  for (const raw of Array.isArray(answer) ? answer.slice(0, SCENE_PLAN_CAP) : []) {
    const action = burrActionSchema.safeParse(raw);
    if (!action.success) break;
    if (action.data.action === "move" && state.move(moveOf(action.data)).error) break;
    played++;
  }
  return stateScene(data, state, `Burr ${data.level}: after ${played} move(s) of the plan`);
}
