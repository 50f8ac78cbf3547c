import type { TaskCard } from "../../../core/failure-modes.ts";

export const fluidSimCard: TaskCard = {
  intent:
    "Probes planning against a deterministic simulation the model has to run in its head: on a voxel terrain (8 layers, 16 to 64 columns a side) it edits the ground with up to 20 boxes of rock or air so that, after floating rock falls and rain is poured by the stated rules (drops that reach the outer ring drain away), the water forms a required configuration: a lake of a given surface area, several bodies, water at a level, hidden underground lakes, distinct levels, depth, a ring round a dry centre, wet and dry heights, or an exact total.",
  output: [
    'One JSON object {"earthworks": [{"material": "air" | "rock", "min": [x, y, z], "max": [x, y, z]}, ...]}; the original\'s boxes {"xyzMin": [...], "xyzMax": [...], "material": "Rock" | "Air"} are read too, in any mix, and a "reasoning" key is ignored.',
    "The parser takes the whole reply if it is JSON, else the last ```json block, else the last balanced {...}, then a Python literal; a truncated object, a box missing min, max or material, or a material other than rock or air is a parse failure (check `parse`).",
    "Corners must be three numbers each; more than 1,000 boxes is a parse failure, while 21 to 1,000 boxes are read and fail earthworks.count.",
    'An empty list {"earthworks": []} is read and simulated on the untouched terrain.',
  ],
  constraints: [
    "At most 20 earthworks, applied in order, each setting every cell of its inclusive box to rock or air.",
    "Corners are integers with 0 ≤ x, y ≤ side − 1 and 0 ≤ z ≤ 7, and min ≤ max on every axis; breaking any of these makes the answer invalid (score 0) before any simulation.",
    "After the earthworks, unsupported rock falls, then rain is simulated; the goal's measure is taken on the resulting water.",
    "Each goal has its own check(s) and a partial score (for example min(1, achieved / required), halved when hidden water is required but some is visible); a pass needs every check to hold.",
    "On the original preset boxes the original would not use are skipped rather than refused, the original's simulator and grader run, and a single goal.original_<n> check carries the score.",
  ],
  checks: [
    {
      name: "earthworks.count",
      meaning: "More than 20 boxes: invalid, not simulated.",
      likely: ["trivialized", "local-only"],
    },
    {
      name: "earthworks.integer",
      meaning: "A box corner is not an integer: invalid, not simulated.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "earthworks.bounds",
      meaning:
        "A box corner lies outside the world (x, y beyond the side, z outside 0–7): invalid, not simulated.",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "earthworks.order",
      meaning: "A box has min greater than max on some axis: invalid, not simulated.",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "goal.surface_area",
      meaning: "No water body has the required surface area (cells with no water above).",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "goal.bodies",
      meaning:
        "Too few separate water bodies reach the required volume (basins merged, leaked to the ring, or too small).",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "goal.level_voxels",
      meaning: "No single body has enough water cells at the required height.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "goal.lake_volume",
      meaning: "The largest body is smaller than the required underground lake volume.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "goal.hidden",
      meaning:
        "Some water is visible from above (no rock over it); halves the score on the hidden-lake goals.",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "goal.distinct_levels",
      meaning: "Too few large enough bodies with pairwise different surface levels.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "goal.depth",
      meaning: "No body reaches the required depth (top layer minus bottom layer plus one).",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "goal.large_bodies",
      meaning: "Too few bodies with volume above the threshold.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "goal.ring",
      meaning: "No water body encloses a dry centre of the required number of columns.",
      likely: ["local-only", "trivialized"],
    },
    {
      name: "goal.wet_z2",
      meaning: "Goal 9: no water cell at height 2 (one of the heights that must be wet).",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "goal.wet_z4",
      meaning: "Goal 9: no water cell at height 4 (one of the heights that must be wet).",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "goal.dry_z3",
      meaning: "Goal 9: water at height 3, which must stay dry.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "goal.dry_z5",
      meaning: "Goal 9: water at height 5, which must stay dry.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "goal.total_volume",
      meaning:
        "The world's total water differs from the exact target; the score falls linearly with the difference.",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "goal.lake_count",
      meaning: "Too few separate underground lakes reach the required volume.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "goal.original_",
      meaning:
        "Original preset (names goal.original_1 … goal.original_11): the original grader's measure for that subtask is below full marks; the detail states what was measured against what was needed.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "earthworks.applied",
      meaning:
        "Original preset only, always passes: reports how many boxes were applied and which were skipped as unusable.",
      likely: [],
    },
    {
      name: "simulation.ran",
      meaning:
        "Original preset only, always passes: reports rock falls and how many drops stayed or ran off.",
      likely: [],
    },
  ],
  tieBreaks: {
    evasion:
      "No earthworks object, a refusal, or an empty or do-nothing list handed back without an attempt to meet the goal.",
    trivialized:
      "The plan ignores a rule of the simulation or part of the goal: basins dug open to the outer ring (where rain drains), rock left floating so it falls, water meant to be hidden left uncovered, one lake where several separate ones are required.",
    runaway:
      "Long drop-by-drop simulation or repeated redesign that is cut off before a readable answer, or a final plan that fails the validity checks and the goal in several unrelated ways.",
    "local-only":
      "Each box is sensible on its own (a pit, a wall, a roof) but the simulated whole misses the goal: basins merge or leak, the centre column floods more than planned, or rock collapses into the lake; the goal check fails by a wide margin.",
    "near-miss":
      "The construction is right except one predicate: the count or volume is one short of the target, a single box pokes outside the world or has min and max swapped, or water is correct but one cell is visible from above.",
  },
};
