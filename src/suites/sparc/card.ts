import type { TaskCard } from "../../core/failure-modes.ts";

/** The failure-mode judge's card for sparc: Witness-style path puzzles checked by verify.ts. */
export const sparcCard: TaskCard = {
  intent:
    "Spatial planning under several interacting rules. The model gets a Witness-style grid (positions (x, y), (0, 0) top-left, x to the right, y downwards; both coordinates even is an intersection, one odd is a segment, both odd is a cell holding a rule symbol or N) and must draw one line from S to E that moves one position per step, never repeats a position and never enters a cell, while satisfying every symbol: gaps, dots, coloured squares (stones), stars, triangles and polyominoes/ylops. The region rules depend on how the whole line partitions the cells, so a locally sensible route can still fail globally. In the gym mode the line is drawn one step per turn and the final line is judged by the same validator.",
  output: [
    "One-shot: the marker #### followed by the full list of positions from S to E, e.g. `#### [(0, 2), (0, 1), (0, 0), (1, 0)]`. The strict reader (the default) only reads pairs written `(x,y)` or `(x, y)` after the last ####, and stops at the first pair equal to E.",
    "Without any #### the strict reader scans the whole reply from the top, so the path it reads is the first coordinate pairs of the reasoning, which then usually fails path.start_end or path.connected: treat that as a missing final answer, not a deliberate path.",
    "Common malformed forms: listing only intersections (steps of 2, so path.connected fails), bracket pairs `[x, y]` or `( x, y )` that the strict reader skips, (row, col) order instead of (x, y), a path cut off by the token cap, or no pairs after the last #### (parse fails).",
    "Gym mode: each turn ends with `Final: <action>`, where the action is right/up/left/down or 0/1/2/3; a refused or unreadable move still costs a step, and the episode ends at E, when no legal move is left, or at the step budget.",
  ],
  constraints: [
    "The path starts at S and ends at E.",
    "Consecutive positions differ by exactly 1 in exactly one coordinate (no diagonals, no skipped segment positions).",
    "No position is visited twice, and every position lies inside the grid.",
    "No interior point of the path is a cell (both coordinates odd).",
    "The path has no more points than the grid has positions.",
    "Only when every path check holds are the rule checks run: the line avoids every gap, passes every dot, runs along exactly as many sides of each triangle cell as its count, no region holds squares of two colours, each star's region holds exactly two symbols of the star's colour (itself included, any symbol kind counts), and each region's polyominoes (minus ylops) tile it exactly without rotation or mirroring.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "No coordinate pair could be read after the last #### (or anywhere, when there is no marker): nothing was judged.",
      likely: ["no-answer", "evasion", "runaway"],
    },
    {
      name: "path.length",
      meaning:
        "The list has more points than the grid has positions: a rambling or repeated list, often reasoning text read as the path.",
      likely: ["path-error", "runaway"],
    },
    {
      name: "path.start_end",
      meaning:
        "The first point is not S or the last is not E (or the path is empty); often a truncated list, a path written backwards, or pairs read from the reasoning.",
      likely: ["path-error", "grid-misreading", "runaway"],
    },
    {
      name: "path.connected",
      meaning:
        "Two consecutive points are not neighbours: the model jumped between intersections without listing the segment in between, or skipped part of the route.",
      likely: ["path-error", "shortcutting"],
    },
    {
      name: "path.non_intersecting",
      meaning: "The line visits some position twice (it crosses or touches itself).",
      likely: ["path-error", "local-only"],
    },
    {
      name: "path.in_bounds",
      meaning: "A point lies outside the grid, e.g. coordinates in cell units or swapped width and height.",
      likely: ["path-error", "grid-misreading"],
    },
    {
      name: "path.no_rule_cell_crossing",
      meaning:
        "An interior point is a cell (both coordinates odd): the line walks through a rule symbol or empty cell, often from treating cells as walkable or from an off-by-one coordinate.",
      likely: ["path-error", "grid-misreading"],
    },
    {
      name: "rule.gaps",
      meaning: "The otherwise valid line passes through a gap position.",
      likely: ["shortcutting", "grid-misreading", "near-miss"],
    },
    {
      name: "rule.dots",
      meaning: "The otherwise valid line misses at least one dot (the detail lists them).",
      likely: ["shortcutting", "grid-misreading", "near-miss"],
    },
    {
      name: "rule.triangles",
      meaning:
        "Some triangle cell has the line along a different number of its four sides than its count (detail: wanted vs actual per triangle).",
      likely: ["logical-fallacy", "near-miss", "local-only"],
    },
    {
      name: "rule.stones",
      meaning: "Squares of different colours end up in the same region: the line does not separate them.",
      likely: ["logical-fallacy", "local-only", "grid-misreading"],
    },
    {
      name: "rule.stars",
      meaning:
        "Some star's region holds a number of same-coloured symbols other than two (detail gives the count per star).",
      likely: ["logical-fallacy", "local-only"],
    },
    {
      name: "rule.polys",
      meaning:
        "Some region's polyominoes (and ylops) do not tile it exactly: wrong area, or a shape that only fits rotated or mirrored.",
      likely: ["logical-fallacy", "local-only"],
    },
    {
      name: "episode.success",
      meaning:
        "Gym mode: the episode ended without a line that passes every check (stuck with no legal move, out of steps, or reached E with a rule broken); the path.* and rule.* checks after it say what the final line breaks.",
      likely: ["local-only", "path-error", "runaway"],
    },
  ],
  tieBreaks: {
    evasion:
      "The reply says the puzzle has no solution or cannot be solved, writes no path, or gives a placeholder such as just S or S then E; in the gym, the model keeps sending unreadable or refused moves without trying to progress.",
    trivialized:
      "A well-formed S-to-E line that ignores the rule symbols altogether (e.g. the shortest route along the border) with reasoning that never engages the symbols, or a solution to a changed puzzle (cells treated as walkable, colours ignored, shapes rotated freely).",
    runaway:
      "Long reasoning that keeps redrawing routes and rechecking regions and is cut off (often at the token cap) before a clean #### list, or ends with a truncated or garbled list that fails several different path checks.",
    "local-only":
      "The path is valid and the reasoning handles symbols one at a time, but the region structure of the whole line is wrong: two or more rule checks fail, or one region check fails at several places (several stars, several mixed regions).",
    "near-miss":
      "A valid path for which exactly one rule check fails at exactly one place: one missed dot, one triangle off by one, one star with a third symbol, one gap crossed. Several items in the failing check's detail are not a near-miss.",
    "path-error":
      "Any path.* failure. The path checks run before any rule is judged, so use this when the line itself is malformed, even if the rule reasoning was also wrong.",
    "grid-misreading":
      "The rule checks fail on a valid path and the reasoning places a symbol at the wrong (x, y), swaps rows and columns, reads a segment as a cell, or miscounts grid size; the error would not occur with a correct reading of the grid.",
    shortcutting:
      "The model had noted the relevant dot, gap or symbol but moved several positions at once in its reasoning without checking them, so the route silently skips a dot or crosses a gap it knew about.",
    "logical-fallacy":
      "The grid is read correctly but a rule is misapplied: believing gaps split regions, counting only stars toward a star's pair, thinking same-coloured squares must be separated, rotating or mirroring a polyomino, or miscounting which sides of a triangle cell the line runs along.",
    "no-answer":
      "The parse check failed, or there is no #### and the pairs read came from the reasoning rather than a final path, or the reply stopped (token cap, refusal) before a path was written.",
  },
};
