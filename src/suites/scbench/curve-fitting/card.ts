import type { TaskCard } from "../../../core/failure-modes.ts";

export const curveFittingCard: TaskCard = {
  intent:
    "Probes whether a model can turn a picture of a two-region partition of a square grid (given as '#'/'.' text up to 40×40, as an image beyond) into a single arithmetic formula f(x, y) whose sign reproduces the partition cell by cell. It tests reading the shape correctly in the grid's coordinates (x across, y down, origin top left) and fitting an implicit polynomial boundary, cross terms included, precisely enough to classify almost every cell.",
  output: [
    'One JSON object {"function": "def f(x, y):\\n    return <expr>"} (the default prompt\'s form, a "reasoning" key alongside is ignored) or {"expression": "<expr>"}; a Python dict literal or a bare `def f(x, y): return ...` in the text is read too.',
    "Only the expression after `return` is kept, up to the end of its line (or while a parenthesis is open); `^` inside a Python function is refused as a parse failure because it is XOR in Python, not a power.",
    "Parse failures (check `parse`): no def f(x, y) and no JSON object, an empty return, a reply over 200,000 characters.",
    "An expression that the expression reader rejects (function names such as sqrt or abs, other variable names, implicit multiplication like 2x, conditionals, over 10,000 characters or 200 nesting levels) is read but fails expression.parse and is invalid.",
  ],
  constraints: [
    "The expression uses only numbers, x, y, + - * /, powers (** or, outside a Python function, ^), unary minus and parentheses.",
    "A cell (x, y) counts as class 1 when f(x, y) > 0 and class 0 when f(x, y) ≤ 0; x is the column and y the row, both integers from 0 at the top left, with no rescaling.",
    "The value must be finite at every cell; a NaN or infinite value counts as a wrong cell.",
    "The expression must put at least one cell in each class, otherwise the score is 0.",
    "Score: with a the fraction of cells classified right, 0 when a < 0.75, else a⁴; the answer passes when a ≥ 0.99 and every value is finite.",
  ],
  checks: [
    {
      name: "expression.parse",
      meaning:
        "The expression could not be read as plain arithmetic in x and y (unknown names, functions, bad syntax, too long or deep): invalid, score 0.",
      likely: ["trivialized", "local-only"],
    },
    {
      name: "expression.finite",
      meaning: "The formula divides by zero or overflows at some cells; those cells count as wrong.",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "cells.both_classes",
      meaning:
        "Every cell falls in the same class (a constant, a sign error, or a formula whose scale swamps the boundary): score 0.",
      likely: ["trivialized", "evasion"],
    },
    {
      name: "cells.accuracy",
      meaning:
        "Fewer than 99% of the cells are classified right; the detail gives the count and some wrong cells. The score is a⁴ above 75% accuracy, 0 below.",
      likely: ["local-only", "near-miss", "trivialized"],
    },
  ],
  tieBreaks: {
    evasion:
      "No function is given, the model says the shape cannot be fitted, or it returns a constant or placeholder such as `return 0` (then cells.both_classes fails).",
    trivialized:
      "The model fits a much simpler shape than the grid shows: one circle or ellipse for several blobs, a straight line, a formula in rescaled or swapped coordinates (x as row), or with the classes inverted.",
    runaway:
      "Long hand computation of least-squares coefficients or cell-by-cell checks that is cut off before a readable function, or several unrelated check failures after spiralling reasoning.",
    "local-only":
      "The formula captures each blob or edge roughly but the pieces do not combine: accuracy well below 99% with wrong cells spread over several parts of the grid, or extra lobes where the polynomial wanders.",
    "near-miss":
      "A sound fit with accuracy just under 0.99 (a handful of boundary cells wrong), or a correct boundary spoiled only by a non-finite value at a few cells.",
  },
};
