import type { TaskCard } from "../../../core/failure-modes.ts";

export const pipeLoopCard: TaskCard = {
  intent:
    "Probes constructive 2D geometry under exact metric constraints: the model must lay N straight unit-length pipes end to end as one closed loop inside a square of given side, without the loop touching itself, and on some levels while meeting an extra geometric condition (exact crossings, turn or corner angles, centroid, edge contact, minimum turns, straight-run limits, quadrant coverage, margins, hull area, a fixed start or point separation). It tests whether a long chain of locally exact steps can be made to close up and stay globally consistent.",
  output: [
    'One JSON object (or Python literal) {"points": [[x0, y0], [x1, y1], ...]}; points may also be {"x": ..., "y": ...} objects, and a bare list of pairs is accepted.',
    "Exactly N points in loop order; the closing pipe from the last point back to the first is implied, so repeating the first point at the end gives N+1 points and fails the count.",
    "The last JSON value in the reply is read; a list cut off at the token cap leaves only a fragment (or an inner pair) and fails to parse.",
    "Symbolic expressions such as sqrt(3)/2 or strings instead of plain numbers are parse failures.",
  ],
  constraints: [
    "Exactly N points are listed (one per pipe).",
    "Every point lies inside the square [0, side]² (tiny tolerance).",
    "Every pipe, including the closing one, has length 1 within ±0.05.",
    "No two points coincide.",
    "No turn exceeds 178° (a pipe may not fold straight back).",
    "Unless an exact crossing count is asked, no two non-consecutive pipes meet at all, touching included; with a crossing count, exactly that many non-consecutive pairs meet.",
    "On constrained levels, the extra conditions stated in the prompt hold (each is its own check).",
    "Scoring is pass/fail: every check must hold for a score of 1, otherwise 0.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "Set by Plumb, not the verifier: no answer of the required shape could be read from the reply (no final answer, prose only, a wrong shape, or a list cut off at the token cap), so nothing was verified.",
      likely: ["evasion", "runaway"],
    },
    {
      name: "pipes.count",
      meaning:
        "The number of points differs from the number of pipes (often the first point repeated at the end, or points dropped); invalid, and the pairwise checks are skipped.",
      likely: ["trivialized", "near-miss", "runaway"],
    },
    {
      name: "bounds.inside",
      meaning: "Some point lies outside the square.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "segment.length",
      meaning:
        "Some pipe is not of unit length; very often the closing pipe, showing the chain was built step by step and never closed.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "vertices.distinct",
      meaning: "Two listed points coincide (a point used twice).",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "path.no_backtracking",
      meaning:
        "At some point the next pipe doubles back onto the previous one (or fewer than 3 points were given): a zig-zag that fakes length without forming a loop.",
      likely: ["trivialized", "local-only"],
    },
    {
      name: "path.simple",
      meaning: "Two non-adjacent pipes cross or touch: the loop is not simple.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "constraints.crossings",
      meaning: "The number of meeting pairs of non-adjacent pipes differs from the exact count requested.",
      likely: ["trivialized", "near-miss"],
    },
    {
      name: "constraints.",
      meaning:
        "An extra level constraint fails (turn_angle, centroid, edge_touching, corner_angle, centroid_box, edges_touched, max_straight_joints, min_turns, max_straight_run, all_quadrants, inner_margin, hull_area, fixed_start, point_separation).",
      likely: ["trivialized", "near-miss", "local-only"],
    },
  ],
  tieBreaks: {
    evasion:
      "The model says N unit pipes cannot form a loop in this square, or returns no points, an empty list, or a schematic placeholder instead of coordinates.",
    trivialized:
      "The model builds a simpler shape than asked: ignores the extra constraint, repeats the start point, uses pipes of convenient but wrong length, or pads the count with back-and-forth zig-zags.",
    runaway:
      "Pages of coordinate arithmetic (trigonometry, re-planning the route) with no final point list, or a final list that fails several different checks such as count, lengths and bounds together.",
    "local-only":
      "Consecutive pipes are each of length 1 and look fine, but the chain does not close (bad closing pipe), wanders out of the square, or runs into itself somewhere far from where it started.",
    "near-miss":
      "A well-formed loop with a single flaw: only the closing pipe off length, one touching pair, one point barely outside, or one extra constraint missed by a small margin.",
  },
};
