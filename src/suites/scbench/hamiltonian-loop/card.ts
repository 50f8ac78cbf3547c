import type { TaskCard } from "../../../core/failure-modes.ts";

export const hamiltonianLoopCard: TaskCard = {
  intent:
    "Probes long-horizon constructive planning on a grid: the model must write out a Hamiltonian cycle, a closed route of side-to-side steps that visits every free cell of a 4×4 to 16×16 grid exactly once while skipping blocked cells. Local moves are easy; the difficulty is keeping the whole route consistent (no cell repeated or forgotten, closing back to the start) as obstacles force detours.",
  output: [
    'The default prompt asks for {"steps": [{"xy": [x, y]}, ...]}; {"loop": [[x, y], ...]} and a bare list of pairs or tuples are read too, as JSON or a Python literal.',
    'As a fallback, the last run of at least two lines each holding one "x,y" or "(x, y)" pair is read as the loop.',
    "Coordinates are in the prompt's numbering: the original preset numbers cells from (1, 1) at the top left, generated grids from (0, 0); x is the column, y the row.",
    'Parse failures (check `parse`): no JSON or literal list of pairs and no run of coordinate lines, a truncated list, or pairs given as strings like "A3" or as a move sequence (U, D, L, R).',
  ],
  constraints: [
    "The loop lists exactly as many cells as the grid has free cells (the start is not repeated at the end).",
    "Every listed cell lies on the grid.",
    "No listed cell is blocked.",
    "Consecutive cells share a side (no diagonal steps, no jumps).",
    "Every free cell appears exactly once.",
    "The last cell shares a side with the first, closing the loop.",
    "Scoring is all or nothing: every rule must hold.",
  ],
  checks: [
    {
      name: "loop.length",
      meaning:
        "The number of listed cells differs from the number of free cells (cells missed or repeated, or the start written again at the end).",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "loop.in_bounds",
      meaning:
        "A cell lies off the grid (often an off-by-one between 0-based and 1-based numbering): invalid.",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "loop.not_blocked",
      meaning: "The loop passes through a blocked cell.",
      likely: ["trivialized", "local-only"],
    },
    {
      name: "loop.adjacent",
      meaning: "Some consecutive cells do not share a side: a diagonal step or a jump.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "loop.each_once",
      meaning: "Some free cell is visited twice or never.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "loop.closed",
      meaning: "The last cell is not a side neighbour of the first, so the path does not close.",
      likely: ["near-miss", "local-only"],
    },
  ],
  tieBreaks: {
    evasion:
      "No loop is given, the model claims no Hamiltonian cycle exists without a real attempt, or it returns a short placeholder list.",
    trivialized:
      "A route for the grid without obstacles (a plain serpentine that runs through blocked cells), an open Hamiltonian path instead of a closed loop, a loop over only part of the grid, or the whole loop written in the wrong numbering (0-based instead of 1-based, or x and y swapped).",
    runaway:
      "Long trial-and-error routing or backtracking through the grid that hits the token cap before a complete list, or a final list failing several different rules after visibly spiralling.",
    "local-only":
      "Each stretch is a legal serpentine, but the stretches do not join: detours round obstacles leave cells unvisited or visited twice, jumps appear where sections meet, so loop.each_once, loop.length and loop.adjacent fail together.",
    "near-miss":
      "A loop correct everywhere except one fault: the first cell repeated at the end (loop.length, loop.each_once and loop.closed all trip on that single slip), one diagonal step, or one missed or doubled cell.",
  },
};
