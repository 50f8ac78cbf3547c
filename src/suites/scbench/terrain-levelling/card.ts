import type { TaskCard } from "../../../core/failure-modes.ts";

export const terrainLevellingCard: TaskCard = {
  intent:
    "Probes planning under simulated physics: given a heightmap, the model must choose an ordered list of blasts (cell and drilling depth) whose rubble, simulated as rolling spheres, leaves the terrain with a larger connected flat region (neighbours within 0.2 in height) than before. It tests predicting where material goes downhill, sequencing actions whose effects interact, and aiming at a global outcome (one large flat area) rather than smoothing spots locally.",
  output: [
    'One JSON object (or Python literal) {"blasts": [{"x": 3, "y": 5, "z": 1.5}, ...]} in firing order; the depth may be named "z" or "depth".',
    "x is the column and y the row (height of cell (x, y) is row y, position x); swapping them still parses but blasts the wrong cells.",
    "Blasts as bare [x, y, depth] triples, a missing depth field, or string values are parse failures.",
    "The last JSON value in the reply is read; a plan cut off at the token cap leaves only a fragment that fails to parse.",
  ],
  constraints: [
    "At most 60 blasts.",
    "Every blast's x and y are integers inside the grid.",
    "Every depth is a finite number greater than 0.",
    "At the moment it fires (after earlier blasts and their rubble), no blast is deeper than its cell's height.",
    "Score: (largest flat region after − before) / min(N²/2, N² − before), clamped to 0–1; a broken rule or an empty plan scores 0. A pass needs the largest flat region to reach the size the reference plan reaches.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "Set by Plumb, not the verifier: no answer of the required shape could be read from the reply (no final answer, prose only, a wrong shape, or a list cut off at the token cap), so nothing was verified.",
      likely: ["evasion", "runaway"],
    },
    {
      name: "plan.length",
      meaning: "More than 60 blasts; invalid.",
      likely: ["runaway", "trivialized"],
    },
    {
      name: "blasts.in_grid",
      meaning:
        "A blast has a non-integer or out-of-range coordinate (often 1-indexed or swapped axes); invalid.",
      likely: ["trivialized", "near-miss"],
    },
    {
      name: "blasts.depth_positive",
      meaning:
        "A blast has zero, negative or non-finite depth (e.g. a target height written as a depth); invalid.",
      likely: ["trivialized", "near-miss"],
    },
    {
      name: "blasts.depth_within_height",
      meaning:
        "A blast drills deeper than the cell is tall at that point in the sequence; the plan is rejected (scored 0) without being simulated further.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "physics.simulated",
      meaning:
        "Informational, never fails: how many rubble spheres were made, how many fell off the map and whether any blast hit the step cap.",
      likely: [],
    },
    {
      name: "flat.largest_region",
      meaning: "Informational, never fails: the size of the largest flat region before and after the plan.",
      likely: [],
    },
    {
      name: "score",
      meaning:
        "The plan did not reach the reference flat-region size: either it was not scored (rule broken, empty plan) or the region grew too little, or shrank.",
      likely: ["local-only", "trivialized", "near-miss"],
    },
  ],
  tieBreaks: {
    evasion:
      'The model says levelling cannot be planned without running the physics, or answers with {"blasts": []} or a single token blast; an empty plan is reported under the score check.',
    trivialized:
      "The model treats blasting as simply removing rock (rubble ignored), flattens to a target height cell by cell, or plans for gentle slopes everywhere instead of one large plain.",
    runaway:
      "Long cell-by-cell simulation of rubble by hand that keeps revising, ending without a plan, with a plan cut short, or with an over-long plan that breaks several rules.",
    "local-only":
      "Each blast makes sense for its neighbourhood, but together the rubble lands on and breaks up the flat area, or fills the wrong hollows, so the largest region barely grows or shrinks.",
    "near-miss":
      "A valid, well-aimed plan whose largest flat region ends just below the reference size, or a good plan rejected by a single blast slightly deeper than its cell.",
  },
};
