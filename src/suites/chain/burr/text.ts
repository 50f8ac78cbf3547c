/** What the agent reads: the rules, the action syntax and the state with exact coordinates (or, image-only, none). */
import type { ScenePiece } from "../common/views.ts";
import { type BurrData, shapesOf } from "./data.ts";
import { type BurrState, maxSlide } from "./state.ts";

const cellsText = (cells: readonly (readonly number[])[]) => JSON.stringify(cells);

export function rulesText(data: BurrData): string {
  const names = data.pieces.map((p) => p.name).join(", ");
  return [
    `This is an interlocking burr puzzle of ${data.pieces.length} pieces (${names}), each a set of unit cubes. Take it completely apart.`,
    "",
    "COORDINATES",
    "A cube is [x, y, z] with whole numbers; z points up. Pieces are named by their colour.",
    "",
    "MOVES",
    `- move(piece, axis, distance) slides one piece, or a list of pieces such as move([red, blue], y, 2), together along axis x, y or z by a whole number of units, at most ${maxSlide(shapesOf(data))}; a negative distance slides backwards ("-x" with 2 equals x with -2).`,
    "- Pieces are rigid and never rotate. A move is all or nothing: the group slides one unit at a time and if any unit would make a moving cube overlap a cube of any other piece still in play, of any sub-assembly, the whole move is refused and nothing moves.",
    "- When, after a move, the bounding box of the moved group no longer overlaps the bounding box of the rest of its sub-assembly, the two come apart. A part of one piece is taken out of the puzzle (it no longer blocks anything); a part of several pieces becomes a sub-assembly of its own that you take apart in turn, where it is. Pieces of different sub-assemblies cannot move together.",
    "- One move is one action, whatever the distance and however many pieces slide together; the optimal move count is the solver's plan (BurrTools' way: each separation reached in the fewest moves).",
    "- state() moves nothing and shows the state again.",
    "- Every action uses one step, refused ones and state() included.",
    "",
    "GOAL",
    "Every piece taken out.",
  ].join("\n");
}

/** What the image of an image-only observation shows, for an agent that gets no coordinates. */
const IMAGES_TEXT = [
  "WHAT THE IMAGE SHOWS",
  "The state is given only as one image with every observation; the text never lists cubes.",
  "- Four isometric views of the pieces still in play: three from above and one from below, each labelled with the corner the eye is at (e.g. view from above, +x +y side).",
  "- In each view a floor grid spans the bounding box of the pieces in play, with its world coordinates: x and y along two floor edges (e.g. x-1, x0, x1), z up a vertical edge; arrows mark +x (red), +y (green) and +z (blue). The coordinates are the same in every view and from step to step, so a slide shows as a change of label.",
  "- Pieces are unit cubes in their colours. Under the views, each piece in play is drawn alone from above and from below (turned as it lies, not to position), so notches hidden inside the puzzle show; then Taken out draws each piece already removed, and a legend pairs each colour with its piece name.",
].join("\n");

export function instructionsText(data: BurrData, maxSteps: number, imageOnly = false): string {
  return [
    rulesText(data),
    imageOnly
      ? `You have ${maxSteps} steps. After each step you see the image of the puzzle, your last action and its result, and the steps used.\n\n${IMAGES_TEXT}`
      : `You have ${maxSteps} steps. After each step you see every piece still in play with its cubes, the sub-assemblies and the pieces taken out.`,
    "",
    "REPLY FORMAT",
    'Think as much as you like, then end with a last line `Final: <action>`, e.g. `Final: move(red, x, -2)`, `Final: move([red, blue], z, 3)` or `Final: state()`; a JSON object such as {"action": "move", "piece": "red", "axis": "x", "distance": -2} also works.',
  ].join("\n");
}

export function stateText(state: BurrState): string {
  const lines = ["Pieces in play (cubes in world coordinates):"];
  state.assemblies.forEach((members, a) => {
    for (const i of members)
      lines.push(`- ${state.names[i]} (sub-assembly ${a + 1}): ${cellsText(state.cells(i))}`);
  });
  if (state.assemblies.length === 0) lines.push("- none");
  lines.push(
    `Sub-assemblies: ${state.assemblies.map((m, a) => `${a + 1}: ${m.map((i) => state.names[i]).join(", ")}`).join("; ") || "none"}`,
  );
  lines.push(`Taken out: ${state.removed.map((i) => state.names[i]).join(", ") || "none"}`);
  return lines.join("\n");
}

export function observationText(
  state: BurrState,
  at: { last: string | null; steps: number; maxSteps: number; done: boolean; imageOnly: boolean },
): string {
  const lines = [at.imageOnly ? "The puzzle now: see the image." : stateText(state)];
  lines.push(`Last action: ${at.last ?? "none yet"}`);
  lines.push(`Steps used: ${at.steps}/${at.maxSteps}`);
  if (at.done) lines.push(`Episode over: ${state.solved ? "solved, every piece taken out" : "not solved"}.`);
  return lines.join("\n");
}

/** Pieces in play at their positions, and the pieces taken out, for the renderer. */
export function scenePieces(data: BurrData, state: BurrState): { inPlay: ScenePiece[]; aside: ScenePiece[] } {
  const piece = (i: number): ScenePiece => ({
    name: state.names[i] as string,
    hex: data.pieces[i]?.hex ?? "#888888",
    cells: state.cells(i),
  });
  return {
    inPlay: state.assemblies.flat().map(piece),
    aside: state.removed.map(piece),
  };
}
