import { type Board, fmtCells } from "./board.ts";
import type { InsertionRule, StackingAction } from "./schema.ts";

/** An action in the call form the agent may write: `place(red, [[0,0,0],[1,0,0]])`. */
export function callText(action: StackingAction): string {
  switch (action.action) {
    case "place":
      return `place(${action.piece}, ${fmtCells(action.cells)})`;
    case "pickup":
      return `pickup(${action.piece})`;
    default:
      return `${action.action}()`;
  }
}

/** "- red (4 cells): [[0,0,0],…]", the piece in its own frame. */
export function pieceLine(board: Board, i: number): string {
  return `- ${board.names[i]} (${board.shapes[i]?.length} cells): ${fmtCells(board.shapes[i] ?? [])}`;
}

export function boxLine(board: Board): string {
  const [a, b, c] = board.box;
  return `Box ${a}×${b}×${c}: x = 0..${a - 1} and y = 0..${b - 1} horizontal, z = 0..${c - 1} up; the floor is z = 0.`;
}

/** How pieces enter and leave the box under each insertion rule (rules.ts), and its refusals. */
const PATH_RULES: Record<InsertionRule, { paths: string; blocked: string; pickup: string }> = {
  down: {
    paths:
      "The box is open at the top. A piece is placed by lowering it straight down (travelling -z) from above the box and picked up by lifting it straight up, without turning on the way; it may pass through no placed piece, so it cannot go in under a placed piece or be slid sideways.",
    blocked:
      "- blocked: a placed piece lies above one of the cells, in the way of lowering the piece straight down (the error names it).",
    pickup:
      "pickup(piece) lifts a placed piece straight up out of the box; it is refused with unknown_piece, not_placed, blocked when a placed piece lies above one of its cells, or would_leave_floating when another placed piece would no longer rest on the floor, directly or through the pieces under it.",
  },
  axis: {
    paths:
      "A piece is placed by sliding it in from outside the box along a straight line parallel to one axis (travelling +x, -x, +y, -y, +z or -z) and picked up by sliding it out along such a line, without turning on the way; the walls and floor of the box do not block, but the piece may pass through no placed piece.",
    blocked:
      "- blocked: along each of the six lines into those cells the piece would pass through a placed piece (the error names them, line by line).",
    pickup:
      "pickup(piece) slides a placed piece out of the box along one such line; it is refused with unknown_piece, not_placed, blocked when every line out passes through a placed piece, or would_leave_floating when another placed piece would no longer rest on the floor, directly or through the pieces under it.",
  },
};

/** The rules, shared by the interactive instructions and the one-shot prompt. */
export function rulesText(board: Board): string[] {
  return [
    "GOAL",
    `Fill the box exactly with all ${board.names.length} pieces: every cell covered once, no overlaps, no gaps.`,
    "",
    "COORDINATES",
    `${boxLine(board)} A cell is [x, y, z] with integer coordinates.`,
    "Each piece is a set of unit cubes joined face to face, given by its cells in its own frame. You may rotate a piece in any of its 24 rotations and move it anywhere; mirror images are not allowed.",
    "",
    "PATHS",
    PATH_RULES[board.insertion].paths,
    "",
    "RULES OF place(piece, cells)",
    "You give the exact world cells the piece will occupy. The placement is checked in this order and refused with the first error that applies:",
    "- unknown_piece: no piece has that colour name.",
    "- already_placed: the piece is already in the box (pick it up first).",
    "- wrong_cell_count: the number of cells differs from the piece's.",
    "- shape_mismatch: the cells are not a rotation of the piece moved in space (a mirror image or a repeated cell is a mismatch).",
    "- out_of_bounds: a cell lies outside the box.",
    "- collision: a cell is already taken by a placed piece (the error names it).",
    "- floating: no cell of the piece rests on the floor (z = 0) or directly on top of a cell of a placed piece (gravity: every piece needs support).",
    PATH_RULES[board.insertion].blocked,
    PATH_RULES[board.insertion].pickup,
  ];
}

/** What the image of an image-only observation shows, for an agent that gets no coordinates. */
function imagesText(board: Board): string[] {
  const [a, b, c] = board.box;
  return [
    "WHAT THE IMAGE SHOWS",
    "The state is given only as one image with every observation; the text never lists cells. Its title gives the box size and the cells filled.",
    "- Four isometric views of the box: three from above and one from below, each labelled with the corner the eye is at (e.g. view from above, +x +y side).",
    `- In each view the floor grid's columns are labelled x0..x${a - 1} and y0..y${b - 1} along two floor edges, the layers z0..z${c - 1} up a vertical edge; the box edges are dashed, and arrows mark +x (red), +y (green) and +z (blue).`,
    "- Placed pieces are unit cubes in their colours at their cells in the box.",
    "- Under the views, Pieces to place draws every piece not yet in the box in its own frame, twice: from above at the +x +y corner and from below at the opposite corner, with its name under both; a legend pairs each colour with its piece name.",
  ];
}

/** The pieces by name and size: their shapes are in the images. */
const pieceNamesLine = (board: Board): string =>
  `PIECES: ${board.names.map((name, i) => `${name} (${board.shapes[i]?.length} cells)`).join(", ")}; their shapes are drawn in the image.`;

export function instructionsText(board: Board, maxSteps: number, imageOnly = false): string {
  return [
    "You are packing coloured polycube pieces into a box, one action at a time. Pieces are named by their colour.",
    "",
    ...rulesText(board),
    "",
    ...(imageOnly
      ? [pieceNamesLine(board), "", ...imagesText(board)]
      : ["PIECES (cells in each piece's own frame)", ...board.names.map((_, i) => pieceLine(board, i))]),
    "",
    "ACTIONS",
    '- place(piece, cells), e.g. place(red, [[0,0,0],[1,0,0],[1,1,0],[1,1,1]]) or {"action": "place", "piece": "red", "cells": [[0,0,0],[1,0,0],[1,1,0],[1,1,1]]}',
    '- pickup(piece), e.g. pickup(red) or {"action": "pickup", "piece": "red"}',
    '- state() or {"action": "state"}: show the current state again; nothing changes.',
    '- finish() or {"action": "finish"}: give up and end the episode now.',
    `Every action counts as a step, refused ones and state() included. The episode ends with success as soon as the box is exactly filled, or without success after finish() or ${maxSteps} steps. The shortest solution uses one place per piece (${board.names.length} steps).`,
    imageOnly
      ? "After each action you see the image of the box, your last action (its cells left out) and its result, and the steps used."
      : "After each action you see the box (filled cells, every placed piece with its cells, a map of each layer), the pieces still to place, your last action and its result, and the steps used.",
    "",
    "REWARDS",
    "Reward 1 on the step that fills the box, 0 for every other step.",
    "",
    "REPLY FORMAT",
    "Think as much as you like, then end your reply with one last line `Final: <action>` in the call form or the JSON form above.",
  ].join("\n");
}

/** Layer z as rows of colour names, y = 0 first, x growing to the right. */
function layerLines(board: Board): string[] {
  const [a, b, c] = board.box;
  const width = Math.max(1, ...board.names.map((n) => n.length));
  const out: string[] = [];
  for (let z = 0; z < c; z++) {
    out.push(`Layer z = ${z} (one row per y from y = 0, entries x = 0..${a - 1}, "." empty):`);
    for (let y = 0; y < b; y++) {
      const row: string[] = [];
      for (let x = 0; x < a; x++) {
        const o = board.ownerOf([x, y, z]);
        row.push((o === undefined ? "." : (board.names[o] as string)).padEnd(width));
      }
      out.push(`  y=${y}: ${row.join(" ").trimEnd()}`);
    }
  }
  return out;
}

export interface LastAction {
  action: StackingAction | string;
  result: string;
}

/** Cell lists ([[x,y,z],…]) in a message replaced by "[…]": an image-only agent reads no cells. */
export const withoutCells = (text: string): string => text.replace(/\[\[[-\d,[\] ]*?\]\]/g, "[…]");

function lastActionLine(last: LastAction, imageOnly: boolean): string {
  const action = typeof last.action === "string" ? last.action : callText(last.action);
  const line = `Last action: ${action} → ${last.result}`;
  return imageOnly ? withoutCells(line) : line;
}

export function observationText(
  board: Board,
  last: LastAction | null,
  at: { steps: number; maxSteps: number; done: boolean; success: boolean; imageOnly: boolean },
): string {
  const lines = at.imageOnly ? ["The box now: see the image."] : stateLines(board);
  if (last) lines.push(lastActionLine(last, at.imageOnly));
  lines.push(`Steps used: ${at.steps}/${at.maxSteps}`);
  if (at.done) lines.push(`Episode over: ${at.success ? "solved, the box is full" : "not solved"}.`);
  return lines.join("\n");
}

/** The state in text: the filled count, the placed pieces' cells, the pieces to place, the layers. */
function stateLines(board: Board): string[] {
  const placed = board.placedPieces();
  const unplaced = board.unplaced();
  return [
    boxLine(board),
    `Filled ${board.filled}/${board.volume} cells.`,
    placed.length === 0 ? "Placed pieces: none." : "Placed pieces (world cells):",
    ...placed.map((p) => `- ${board.names[p.index]}: ${fmtCells(p.cells)}`),
    unplaced.length === 0
      ? "Pieces to place: none."
      : "Pieces to place (cells in the piece's own frame; use any rotation, moved anywhere):",
    ...unplaced.map((i) => pieceLine(board, i)),
    ...layerLines(board),
  ];
}
