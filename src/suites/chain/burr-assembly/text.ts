/** What the agent reads: the rules, the goal, the parts with exact coordinates (or, image-only, none) and the reply format. */
import type { BurrAssemblyData } from "./data.ts";
import type { AssemblyState } from "./state.ts";

const cellsText = (cells: readonly (readonly number[])[]) => JSON.stringify(cells);

export function rulesText(data: BurrAssemblyData, maxDistance: number, imageOnly: boolean): string {
  const names = data.pieces.map((p) => p.name).join(", ");
  const lines = [
    `This is an interlocking burr puzzle of ${data.pieces.length} pieces (${names}), each a set of unit cubes. The pieces lie apart: put the puzzle together.`,
    "",
    "COORDINATES",
    "A cube is [x, y, z] with whole numbers; z points up. Pieces are named by their colour. Pieces are rigid and never rotate.",
  ];
  if (!imageOnly) {
    lines.push("", "THE ASSEMBLED PUZZLE (the goal; each piece's cubes where they belong)");
    for (const p of data.pieces) lines.push(`- ${p.name}: ${cellsText(p.cells)}`);
  }
  lines.push(
    "",
    "PARTS",
    "Pieces that hold together form a part; at first every piece is a part by itself. Parts lie apart and never touch one another, so a part has no place of its own: only where its pieces sit relative to each other matters. A piece's offset is how far it lies from where it belongs relative to another piece: offset [0, 0, 0] means the two sit as in the assembled puzzle.",
    "",
    "ACTIONS",
    `- insert(piece, into, from, at) brings the whole part holding \`piece\` in from far away, in a straight line, into the part holding \`into\`; the two become one part. \`from\` is the direction the moving part travels in, one of +x, -x, +y, -y, +z, -z: with +x it comes from far out on the -x side and moves towards +x. It stops where \`piece\` lies offset by \`at\` = [dx, dy, dz] from its place relative to \`into\`: at [0, 0, 0] the two sit as in the assembled puzzle. Each number of \`at\` is whole, from -${maxDistance} to ${maxDistance}.`,
    "- An insertion is refused, and nothing moves, if anywhere along the way, from far away up to the stop, a cube of the moving part would overlap a cube of the other part; and if at the stop the moving part's bounding box still lies wholly to one side of the other part's along the travel axis (it would still be outside: insert it farther).",
    `- move(piece, axis, distance) slides one piece, or a list of pieces of one part such as move([red, blue], y, 2), together along axis x, y or z by a whole number of units, at most ${maxDistance}; a negative distance slides backwards ("-x" with 2 equals x with -2). The group slides one unit at a time and if any unit would make a moving cube overlap another cube of its part, the whole move is refused and nothing moves. A group cannot be a whole part (a part alone can go anywhere: moving it changes nothing).`,
    "- When, after a move, the bounding box of the moved group no longer overlaps the bounding box of the rest of its part along the move axis, the part comes apart into two parts.",
    "- state() changes nothing and shows the state again.",
    "- Every action uses one step, refused ones and state() included. The optimal number of actions is the fewest moves that take the assembled puzzle apart (the same moves, played backwards).",
    "",
    "GOAL",
    "One part holding every piece, each piece where it belongs in the assembled puzzle relative to the others.",
  );
  return lines.join("\n");
}

/** What the image of an image-only observation shows, for an agent that gets no coordinates. */
const IMAGES_TEXT = [
  "WHAT THE IMAGE SHOWS",
  "The puzzle is given only as one image with every observation; the text never lists cubes.",
  "- Left, the goal: four isometric views of the assembled puzzle, three from above and one from below, each labelled with the corner the eye is at (e.g. view from above, +x +y side). A floor grid spans its bounding box with world coordinates: x and y along two floor edges (e.g. x-1, x0, x1), z up a vertical edge; arrows mark +x (red), +y (green) and +z (blue).",
  "- Right, the parts now, in the same four views: the parts laid out in a row along +x, a gap between neighbours (their places in the row mean nothing, only the pieces of one part sit as they are relative to each other).",
  "- Pieces are unit cubes in their colours; a legend under each picture pairs each colour with its piece name.",
].join("\n");

export function instructionsText(
  data: BurrAssemblyData,
  maxDistance: number,
  maxSteps: number,
  imageOnly: boolean,
): string {
  return [
    rulesText(data, maxDistance, imageOnly),
    "",
    imageOnly
      ? `You have ${maxSteps} steps. After each step you see the image of the goal and the parts, your last action and its result, and the steps used.\n\n${IMAGES_TEXT}`
      : `You have ${maxSteps} steps. After each step you see every part: its pieces, their offsets and their cubes.`,
    "",
    "REPLY FORMAT",
    'Think as much as you like, then end with a last line `Final: <action>`, e.g. `Final: insert(red, blue, +x, [0, 0, 0])`, `Final: move(red, x, -2)`, `Final: move([red, blue], z, 3)` or `Final: state()`; a JSON object such as {"action": "insert", "piece": "red", "into": "blue", "from": "+x", "at": [0, 0, 0]} or {"action": "move", "piece": "red", "axis": "x", "distance": -2} also works.',
  ].join("\n");
}

export function stateText(state: AssemblyState): string {
  const lines = [
    "Parts now, each in its own frame: its first piece's cubes where they belong in the assembled puzzle, every other piece's cubes moved by its offset from the first piece.",
  ];
  state.parts.forEach((part, k) => {
    lines.push(`Part ${k + 1}: ${part.map((i) => state.names[i]).join(", ")}`);
    for (const i of part) {
      lines.push(
        `- ${state.names[i]} (offset ${JSON.stringify(state.offsetInPart(i))}): ${cellsText(state.frameCells(i))}`,
      );
    }
  });
  return lines.join("\n");
}

export function observationText(
  state: AssemblyState,
  at: { last: string | null; steps: number; maxSteps: number; done: boolean; imageOnly: boolean },
): string {
  const lines = [at.imageOnly ? "The goal and the parts now: see the image." : stateText(state)];
  lines.push(`Last action: ${at.last ?? "none yet"}`);
  lines.push(`Steps used: ${at.steps}/${at.maxSteps}`);
  if (at.done)
    lines.push(`Episode over: ${state.solved ? "solved, the puzzle is assembled" : "not solved"}.`);
  return lines.join("\n");
}
