import type { TaskCard } from "../../../core/failure-modes.ts";

export const packPrismsCard: TaskCard = {
  intent:
    "Probes 3D spatial packing: the model must place every listed rectangular prism, each turned to any axis-aligned orientation, as a non-overlapping integer box so that the bounding box of the whole arrangement is as small as possible. It tests keeping exact inventory of many pieces, reasoning about orientations, and laying out a compact arrangement whose parts fit together globally rather than one piece at a time.",
  output: [
    'One JSON object (or Python literal) {"boxes": [...]} where each box is {"XyzMin": [x, y, z], "XyzMax": [x, y, z]} or {"min": [...], "max": [...]}; the two namings may be mixed.',
    "The last JSON value in the reply is read; a final answer that is cut off leaves only an earlier fragment and fails to parse.",
    'A box given as size plus position, a bare list of boxes without the "boxes" key, or corners with other than three numbers is a parse failure.',
    "Non-integer coordinates still parse; they are rejected by the verifier (invalid), not the parser.",
  ],
  constraints: [
    "Every corner coordinate is an integer.",
    "Every box has positive extent on all three axes (max > min on x, y and z).",
    "No coordinate is negative.",
    "The multiset of box side-length triples (in any order) equals the listed prism counts exactly: no prism missing, extra or resized.",
    "No two boxes overlap in their interiors (touching faces, edges and corners is allowed).",
    "Score: for a valid packing, (total prism volume / bounding-box volume) divided by the instance's target efficiency, capped at 1; any broken rule scores 0; a pass needs score ≥ 0.95.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "Set by Plumb, not the verifier: no answer of the required shape could be read from the reply (no final answer, prose only, a wrong shape, or a list cut off at the token cap), so nothing was verified.",
      likely: ["evasion", "runaway"],
    },
    {
      name: "boxes.integer_corners",
      meaning: "Some box has a fractional coordinate; the answer is invalid and scores 0.",
      likely: ["trivialized", "near-miss"],
    },
    {
      name: "boxes.positive_size",
      meaning:
        "Some box is flat or inverted (max ≤ min on an axis), usually size written in place of the max corner or corners swapped; invalid.",
      likely: ["trivialized", "local-only"],
    },
    {
      name: "boxes.non_negative",
      meaning: "Some box extends below zero on an axis; the packing is rejected and scores 0.",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "prisms.counts",
      meaning:
        "The boxes' sizes do not match the requested prism list: prisms dropped, duplicated, or given dimensions other than those listed.",
      likely: ["trivialized", "local-only", "near-miss"],
    },
    {
      name: "boxes.no_overlap",
      meaning: "At least two boxes share interior volume; the detail names the first overlapping pair.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "packing.score",
      meaning:
        "Either the packing was invalid (not scored) or it is valid but its efficiency relative to the target is below 0.95: too much empty space in the bounding box.",
      likely: ["trivialized", "near-miss", "local-only"],
    },
  ],
  tieBreaks: {
    evasion:
      'The reply declares a tight packing impossible or gives no boxes, an empty "boxes" list, or a template with placeholder coordinates instead of a placement of the listed prisms.',
    trivialized:
      "The model packs an easier problem: a valid but loose row or tower with low efficiency, prisms left out or resized to make a neat box, or sizes written where the max corner belongs.",
    runaway:
      "Long trial-and-error over layers and orientations that keeps restarting, ending without a complete box list (often cut off at the cap) or with a list that fails several different checks.",
    "local-only":
      "Each box has the right size and sits sensibly next to its neighbour, but across the whole layout several boxes collide, or the count tally drifts, or gaps accumulate so efficiency is far below target.",
    "near-miss":
      "Everything holds except one thing: a single overlapping pair, one prism missing or extra, one off-by-one coordinate, or a valid packing whose score lands just under 0.95.",
  },
};
