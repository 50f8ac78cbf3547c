import type { TaskCard } from "../../../core/failure-modes.ts";

export const maze3dJumpsCard: TaskCard = {
  intent:
    "Probes puzzle design under global constraints: the model must write an N×N heightmap (5×5 to 30×30, digits 0–9 with a start A and goal B at fixed heights) in which walking steps change height by at most 1 and jumps cross a lower cell onto an equal-height cell two away, such that exactly one route leads from A to B, that route makes at least the required number of jumps and visits at least 20% of the cells, and no height covers more than 30% of the grid. Uniqueness of the route is a global property that local edits easily break.",
  output: [
    "A plain-text grid: N lines of N characters, each A, B or a digit 0–9 (spaces between cells are ignored); the explained prompt asks for it inside one ``` fenced block.",
    "If the reply has a fenced block, the last one is read and every non-blank line in it must be a grid row; otherwise the last run of consecutive grid-like lines is taken.",
    "Parse failures (check `parse`): no grid found, a row of the wrong length, the wrong number of rows, another character (letters, separators, dots) inside the last fenced block, or a last fenced block that holds something other than the maze.",
    "A JSON answer is not read; the grid must be written as text.",
  ],
  constraints: [
    "The grid is exactly N rows of N cells (otherwise invalid).",
    "Exactly one A and one B (otherwise invalid); A and B count as cells of their fixed heights.",
    "No single height occupies more than 30% of the cells.",
    "B is reachable from A by walks (height change ≤ 1 to a side neighbour) and jumps (over a side neighbour at least 2 lower onto the next cell in line at exactly the same height).",
    "The A-to-B route is unique: no move of it lies on a loop of moves, so no alternative route exists.",
    "The route visits at least 20% of the cells (jumped-over cells not counted).",
    "The route makes at least the required number of jumps.",
    "Scoring is all or nothing: every check must pass.",
  ],
  checks: [
    {
      name: "maze.size",
      meaning: "The grid is not N×N: invalid (normally caught already by the parser).",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "maze.endpoints",
      meaning: "There is not exactly one A and one B: invalid.",
      likely: ["near-miss", "trivialized"],
    },
    {
      name: "maze.height_spread",
      meaning: "One height value fills more than 30% of the cells (for example a flat floor of walls).",
      likely: ["trivialized", "local-only"],
    },
    {
      name: "maze.reachable",
      meaning: "B cannot be reached from A; the later route checks are not run.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "maze.unique_path",
      meaning:
        "Some move of the shortest route lies on a loop, so a second route or shortcut exists (often an unintended walk or jump between corridor cells).",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "maze.path_coverage",
      meaning: "The route visits fewer than 20% of the cells: too short a solution.",
      likely: ["trivialized", "near-miss"],
    },
    {
      name: "maze.jumps",
      meaning:
        "The route makes fewer jumps than required (jumps planned as walks, or jumps that do not meet the height rule).",
      likely: ["trivialized", "local-only", "near-miss"],
    },
  ],
  tieBreaks: {
    evasion:
      "No grid, a refusal, or a placeholder such as a grid of one repeated digit with A and B dropped in.",
    trivialized:
      "The model builds an easier maze: a short direct corridor, a route without the required jumps, or walls and floor of just two heights so one height dominates, ignoring uniqueness or coverage.",
    runaway:
      "Long cell-by-cell design and re-checking of the route that is cut off before a final grid, or a grid failing several different checks after visibly spiralling revisions.",
    "local-only":
      "Each corridor segment and jump is locally legal, but the whole leaks: walls of height one above the floor can be walked onto, equal-height cells allow extra jumps, so the route is not unique or B is cut off.",
    "near-miss":
      "A well-designed maze with one fault: one shortcut making the route non-unique, one jump too few, coverage just under 20%, or one height slightly over 30%.",
  },
};
