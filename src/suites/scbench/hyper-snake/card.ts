import type { TaskCard } from "../../../core/failure-modes.ts";

export const hyperSnakeCard: TaskCard = {
  intent:
    "Probes long-horizon path planning in many dimensions: in a grid of 2 to 10 dimensions with walls and food, the model steers a snake from a fixed start by unit steps, never re-entering a visited cell, so that it eats all the food and covers as many open cells as possible. It tests keeping coordinates straight in high dimensions and building a near-Hamiltonian path that does not trap itself.",
  output: [
    'The default prompt asks for {"path": [{"pos": [...]}, ...]}; {"path": [[...], ...]} and a bare list of cells are read too, as JSON or a Python literal (tuples allowed). Each cell is a list of non-negative integers, the first being the start.',
    "The parser takes the whole reply if it is JSON, else the last ```json block, else the last balanced bracket group; a truncated path, an empty path, moves written as directions (+x, -y) or prose, or non-integer coordinates are parse failures (check `parse`).",
    "Cells with the wrong number of coordinates are read and fail path.arity (invalid); more than 100 coordinates in a cell or more than 40,960 cells is a parse failure.",
  ],
  constraints: [
    "Every cell has exactly as many coordinates as the grid has dimensions (otherwise invalid).",
    "The path starts at the given start cell.",
    "Each step changes exactly one coordinate by exactly 1.",
    "Every cell lies inside the grid.",
    "No cell is a wall.",
    "No cell is visited twice (the snake's body fills every cell it has passed).",
    "Every food cell should be visited.",
    "Score: 0 if any of the six movement rules above fails; otherwise the share of open cells visited (with walls, divided by 0.98 and capped at 1), divided by (uneaten food + 1). A pass needs all food eaten and full coverage.",
  ],
  checks: [
    {
      name: "path.arity",
      meaning:
        "Some cell has the wrong number of coordinates (a dimension dropped or added): invalid, score 0.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "path.start",
      meaning: "The path does not begin at the given start cell: score 0.",
      likely: ["near-miss", "trivialized"],
    },
    {
      name: "moves.unit_step",
      meaning:
        "Some step changes more than one coordinate, or one coordinate by more than 1 (a diagonal or a jump): score 0.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "moves.in_bounds",
      meaning: "The path leaves the grid (a coordinate negative or not below its axis's extent): score 0.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "moves.no_wall",
      meaning: "The path enters a wall cell: score 0.",
      likely: ["trivialized", "local-only", "near-miss"],
    },
    {
      name: "moves.no_self_collision",
      meaning: "The path revisits a cell, i.e. the snake runs into its own body: score 0.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "food.all_eaten",
      meaning: "Some food cells were never visited; the score is divided by (uneaten + 1).",
      likely: ["local-only", "near-miss", "trivialized"],
    },
    {
      name: "score.coverage",
      meaning:
        "The legal path visits fewer open cells than full coverage needs (all of them, or 98% with walls); the score scales with the share covered.",
      likely: ["local-only", "near-miss", "trivialized"],
    },
  ],
  tieBreaks: {
    evasion: "No path, a refusal, or a path of only the start cell or a few steps given as a token answer.",
    trivialized:
      "The model plays an easier game: a short legal path that eats the food and stops, ignoring coverage; a path in fewer dimensions; one that ignores walls; or one that starts wherever is convenient.",
    runaway:
      "Long coordinate-by-coordinate enumeration of a sweep in many dimensions that is cut off before a readable path, or a path failing several different movement rules after visibly spiralling reasoning.",
    "local-only":
      "A systematic sweep (boustrophedon) that is legal in each slice but breaks where slices join: revisits, jumps between layers, or collisions with walls, or a legal path that boxes itself in and leaves much of the grid unvisited.",
    "near-miss":
      "A legal, almost complete path with a single fault: one illegal step or revisit in a long path, one uneaten food cell, or coverage just under the full-coverage count.",
  },
};
