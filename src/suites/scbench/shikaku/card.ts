import type { TaskCard } from "../../../core/failure-modes.ts";

export const shikakuCard: TaskCard = {
  intent:
    "Probes constraint satisfaction on a 2D grid: the model must cut a Shikaku clue grid into axis-aligned rectangles of whole cells that cover it exactly, each containing exactly one clue whose value equals the rectangle's area. It tests reading a grid accurately by row and column, inclusive coordinate bookkeeping, and making many local rectangle choices that fit together into a global exact tiling.",
  output: [
    'A JSON object (or Python literal) {"rectangles": [[left_col, top_row, right_col, bottom_row], ...]} or a bare list of such 4-integer boxes.',
    "Coordinates are 0-indexed and inclusive, column first; a row-first order or 1-indexed coordinates still parse but then fail the verifier.",
    "Boxes as objects, as width/height plus corner, or with non-integer entries are parse failures.",
    "The last JSON (or bracketed literal) in the reply is read; a list cut off at the token cap leaves only a fragment that fails to parse.",
  ],
  constraints: [
    "Each rectangle has left ≤ right and top ≤ bottom.",
    "Each rectangle lies inside the grid.",
    "The rectangles cover every cell exactly once: no gaps, no overlaps.",
    "Each rectangle contains exactly one clue cell.",
    "Each rectangle's area equals the clue it contains.",
    "Pass/fail: any valid tiling satisfying all rules scores 1, otherwise 0.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "Set by Plumb, not the verifier: no answer of the required shape could be read from the reply (no final answer, prose only, a wrong shape, or a list cut off at the token cap), so nothing was verified.",
      likely: ["evasion", "runaway"],
    },
    {
      name: "rects.well_formed",
      meaning:
        "Some rectangle has its corners reversed (left > right or top > bottom), often from writing width and height where the far corner belongs; invalid.",
      likely: ["trivialized", "near-miss"],
    },
    {
      name: "rects.in_bounds",
      meaning:
        "Some rectangle reaches outside the grid, typically from 1-indexed or exclusive end coordinates; invalid.",
      likely: ["trivialized", "near-miss"],
    },
    {
      name: "rects.tile",
      meaning: "Some cell is uncovered or covered by more than one rectangle.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "rects.one_clue",
      meaning: "Some rectangle contains no clue or more than one clue.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "rects.area",
      meaning: "Some rectangle holds one clue but its area differs from the clue's value.",
      likely: ["local-only", "near-miss"],
    },
  ],
  tieBreaks: {
    evasion:
      "The model claims the puzzle has no solution, or returns an empty list or only an example rectangle instead of a full partition.",
    trivialized:
      "The model drops a rule or reframes the grid: a coordinate convention other than the one asked (row-first, 1-indexed, exclusive ends), rectangles around clues that ignore coverage, or one clue per rectangle with areas not matched.",
    runaway:
      "Long cell-by-cell backtracking in the reasoning that never produces a complete list, or a final list that breaks several different rules at once (tiling, clue count and area).",
    "local-only":
      "Most rectangles individually hold one clue with the right area, but they do not fit together: overlaps and gaps appear in several places, or a few late rectangles are forced into wrong shapes.",
    "near-miss":
      "A complete, well-formed partition with one defect: one overlapping or missing cell, one rectangle with the wrong area, or one rectangle holding two clues.",
  },
};
