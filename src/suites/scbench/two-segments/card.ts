import type { TaskCard } from "../../../core/failure-modes.ts";

export const twoSegmentsCard: TaskCard = {
  intent:
    "Probes planar arrangement reasoning: the model must draw two straight segments with all endpoints on the boundary of a region (the unit square, or a shifted, scaled or quadrilateral region, sometimes with endpoints restricted to a coordinate grid) so that the region's sides and the two cuts divide it into exactly a target multiset of triangles, quadrilaterals, pentagons and hexagons. It tests predicting the faces a pair of chords creates, counting polygon corners correctly (square corners included), and working in the region's own coordinates.",
  output: [
    'A JSON object {"segments": [[[x1, y1], [x2, y2]], [[x3, y3], [x4, y4]]]} or a bare list of two segments; Python tuples such as [((0, 0), (1, 0.5)), ((0.5, 0), (0.5, 1))] are accepted.',
    "Each endpoint is a pair of plain numbers; fractions written as expressions, point names, or line equations instead of endpoints are parse failures.",
    "Any number of segments parses (up to 100); a count other than two is rejected by the verifier as malformed, not the parser.",
    "The last JSON value or bracketed literal in the reply is read; an example segment list early in the reply is not the answer if a later one follows.",
  ],
  constraints: [
    "Exactly two segments with finite coordinates.",
    "When the instance sets a grid, every endpoint coordinate is one of the allowed values (after rounding).",
    "After rounding to the instance's decimals (in the region's own frame for non-square regions), every endpoint lies on the boundary.",
    "Neither segment has zero length or runs along a side of the region.",
    "The arrangement has exactly the target number of faces.",
    "The faces' polygon types (3–6 corners) match the target counts exactly.",
    "Pass/fail: score 1 only when every check holds.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "Set by Plumb, not the verifier: no answer of the required shape could be read from the reply (no final answer, prose only, a wrong shape, or a list cut off at the token cap), so nothing was verified.",
      likely: ["evasion", "runaway"],
    },
    {
      name: "segments.well_formed",
      meaning: "Not exactly two segments, or a non-finite coordinate; invalid and nothing else is checked.",
      likely: ["trivialized", "evasion"],
    },
    {
      name: "segments.on_grid",
      meaning: "An endpoint coordinate is not one of the grid values the instance allows.",
      likely: ["trivialized", "near-miss"],
    },
    {
      name: "segments.on_boundary",
      meaning:
        "An endpoint, after rounding, is not on the region's boundary (interior point, or unit-square coordinates used for a shifted or scaled region).",
      likely: ["trivialized", "near-miss"],
    },
    {
      name: "segments.non_degenerate",
      meaning: "A segment has zero length or lies along a side, so it makes no real cut.",
      likely: ["trivialized", "near-miss"],
    },
    {
      name: "faces.count",
      meaning:
        "The two cuts make a different number of faces than the target (e.g. the segments cross when the target needs them apart, or the reverse).",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "faces.types",
      meaning:
        "The faces have the wrong mix of polygon types, often from miscounting a square corner as part of a face; it also fails whenever the face count is wrong.",
      likely: ["near-miss", "local-only"],
    },
  ],
  tieBreaks: {
    evasion:
      "The model declares the target unreachable with two cuts (every target here is reachable) or answers with no segments or placeholder coordinates.",
    trivialized:
      "The model changes the problem: endpoints inside the region, more or fewer than two segments, cuts along the sides, grid values ignored, or the unit square used when the region is shifted, scaled or a quadrilateral.",
    runaway:
      "Long enumeration of candidate cuts and face counts that never commits, ending truncated or with segments that fail several unrelated checks.",
    "local-only":
      "Each segment is a proper chord and the model reasons about each piece, but the pieces it predicted are not the ones the two cuts actually make: the face count and several types are off.",
    "near-miss":
      "A valid construction whose faces differ from the target by a single face type (e.g. one quadrilateral where a pentagon was wanted), or an endpoint that misses the boundary or the grid by a rounding step.",
  },
};
