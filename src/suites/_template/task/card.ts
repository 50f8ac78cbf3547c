import type { TaskCard } from "../../../core/failure-modes.ts";

/**
 * What a failure-mode judge is told about the task (`plumb analyse failures`): true of this task's
 * parser and verifier, in its check names, with a cue per label of the label sets that apply.
 */
export const filledCellsCard: TaskCard = {
  intent:
    "Reads a small grid of filled and empty cells and lists every filled one: exact bookkeeping over a 2D grid, with no room for approximation.",
  output: [
    'A JSON object {"cells": [[row, column], ...]} with 0-based integers, as the whole reply or in a ```json block.',
    "Prose without such an object, or cells written as letters or 1-based pairs, does not read (a parse failure).",
  ],
  constraints: [
    "Every listed cell is inside the grid.",
    "No cell is listed twice.",
    "Every listed cell is filled, and every filled cell is listed.",
  ],
  checks: [
    {
      name: "cells.in_bounds",
      meaning: "A listed cell lies outside the grid (invalid).",
      likely: ["near-miss", "local-only"],
    },
    { name: "cells.distinct", meaning: "A cell is listed more than once (invalid).", likely: ["near-miss"] },
    {
      name: "cells.only_filled",
      meaning: "An empty cell is listed as filled.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "cells.all_filled",
      meaning: "A filled cell is missing from the list.",
      likely: ["local-only", "near-miss"],
    },
  ],
  tieBreaks: {
    evasion: "No list, or an empty list for a grid with filled cells.",
    trivialized: "Lists every cell, or one row, instead of the filled ones.",
    runaway: "Walks the grid cell by cell in its reasoning and never writes the final list.",
    "local-only": "Rows read right one by one, but shifted or transposed as a whole.",
    "near-miss": "All right but one cell missed or added.",
  },
};
