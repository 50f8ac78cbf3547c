import type { TaskCard } from "../../../core/failure-modes.ts";

export const halfSubdivisionCard: TaskCard = {
  intent:
    "Probes spatial reasoning over a symbolic description: a unit square or cube is halved recursively, the split axis following a repeating cycle (such as X, Y or Z, Y, X), and the leaves are named by binary addresses. Given the tree and a target leaf, the model must list exactly the leaves that share a boundary piece of positive length (2D) or area (3D) with the target. It has to decode addresses into boxes, compare intervals along every axis, and exclude leaves touching only at a corner or along an edge.",
  output: [
    'A comma-separated list of leaf addresses on its own line, quotes optional (the default prompt\'s form, e.g. 0010, 0011, 010), or {"neighbours": [...]} (also read under the key "neighbors"), or a bare JSON or Python list of strings.',
    "The JSON or Python-literal reading is tried first; otherwise the last line whose every comma-separated entry is a string of 0s and 1s is taken. A reply with no such line and no readable list (prose only, or cut off) is a parse failure (check `parse`).",
    "Unquoted addresses such as 0010 are not valid JSON or Python, but the line reader still takes them when they form the last comma-separated line (brackets allowed); a line mixing addresses with words is skipped, so a list followed by a prose sentence on the same line is missed.",
    "Entries that are not strings of 0 and 1 are read and then fail neighbours.well_formed (invalid).",
  ],
  constraints: [
    "Every entry is a non-empty string of the characters 0 and 1.",
    "Every entry is a leaf of the given tree (not an internal cell, not an address absent from the tree).",
    "No entry is listed twice.",
    "Every face neighbour of the target is listed.",
    "No leaf that is not a face neighbour is listed (the target itself, leaves touching only at a corner or edge, and leaves on the opposite side of the domain, which does not wrap, are excluded).",
    "Scoring is all or nothing: the listed set must equal the true neighbour set.",
  ],
  checks: [
    {
      name: "neighbours.well_formed",
      meaning:
        "An entry is not a string of 0s and 1s (coordinates, names or decorated labels instead of addresses): invalid.",
      likely: ["trivialized", "local-only"],
    },
    {
      name: "neighbours.leaves",
      meaning:
        "An address is not a leaf of the tree: an internal (further split) cell or a cell that does not exist; often an address computed by geometry rather than read from the tree.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "neighbours.unique",
      meaning: "An address appears more than once.",
      likely: ["near-miss"],
    },
    {
      name: "neighbours.missing",
      meaning:
        "Some true face neighbours were left out (often the smaller leaves along a long shared side, or neighbours across a split made high in the tree).",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "neighbours.extra",
      meaning:
        "Leaves were listed that share no positive-measure boundary with the target: corner or edge contacts, non-adjacent leaves, or the target itself.",
      likely: ["near-miss", "local-only", "trivialized"],
    },
  ],
  tieBreaks: {
    evasion:
      "No list at all, a refusal, or an empty list or placeholder given without reasoning about the tree.",
    trivialized:
      "The model answers a different adjacency: siblings or leaves sharing an address prefix, neighbours by one-character changes, corner and edge contacts counted as neighbours, or cells numbered by a scheme of its own.",
    runaway:
      "Long box-by-box interval bookkeeping for every leaf that is cut off before a final list, or a final list failing several checks (wrong addresses, missing and extra leaves) after visibly looping reasoning.",
    "local-only":
      "The target's box is decoded but neighbours on several sides are wrong at once: many missing and extra leaves, or a mix of non-leaf addresses and misses, showing the cycle of split axes was misapplied partway down.",
    "near-miss":
      "The list is right apart from one address: a single missing neighbour, a single extra corner-touching leaf, one duplicate, or one internal cell named instead of its leaves.",
  },
};
