import type { TaskCard } from "../../../core/failure-modes.ts";

export const voxelProjectionCard: TaskCard = {
  intent:
    "Probes 3D combinatorial construction: the model must list exactly V distinct voxels in an N×N×N grid so that each of the three axis projections (onto the XY, XZ and YZ planes) is completely filled, and so that no rotation or reflection of the cube other than the identity maps the set onto itself; one level also forbids voxels whose coordinate sum contains a given digit. It tests exact counting at scale, covering three projections at once, and deliberately breaking symmetry.",
  output: [
    'One JSON object (or Python literal) {"voxels": [...]} whose entries are [x, y, z], {"xyz": [x, y, z]} or {"x": .., "y": .., "z": ..}.',
    'A bare list without the "voxels" key, a rule or formula describing the voxels instead of listing them, or non-integer coordinates are parse failures.',
    "The last JSON value in the reply is read; with hundreds of voxels a list cut off at the token cap fails to parse.",
  ],
  constraints: [
    "Exactly V voxels are listed.",
    "No voxel is listed twice.",
    "Every coordinate lies in 0…N−1.",
    "On the digit-rule level, no voxel's x+y+z contains the forbidden digit.",
    "Every (x, y) pair, every (x, z) pair and every (y, z) pair has at least one voxel.",
    "No non-identity symmetry of the cube (rotation or reflection) maps the voxel set onto itself.",
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
      name: "voxels.count",
      meaning:
        "The number of listed voxels is not exactly V (often a lost tally over a long list, or only N² voxels).",
      likely: ["local-only", "near-miss", "trivialized"],
    },
    {
      name: "voxels.unique",
      meaning: "Some voxel appears more than once, often used to pad the count.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "voxels.in_range",
      meaning: "Some coordinate is outside 0…N−1 (e.g. 1-indexed); invalid.",
      likely: ["trivialized", "near-miss"],
    },
    {
      name: "voxels.forbidden_sum",
      meaning: "Some voxel's coordinate sum contains the forbidden digit.",
      likely: ["trivialized", "local-only", "near-miss"],
    },
    {
      name: "projections.",
      meaning:
        "One of the projections (projections.xy, projections.xz, projections.yz) has holes: some coordinate pair has no voxel.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "symmetry.none",
      meaning:
        "The voxel set is symmetric under some cube rotation or reflection, typical of patterned constructions such as diagonal planes or Latin-square layouts.",
      likely: ["trivialized", "near-miss"],
    },
  ],
  tieBreaks: {
    evasion:
      "The model describes a construction in words or code without listing the voxels, says the list is too long to write, or returns an empty or token list.",
    trivialized:
      "The model solves an easier problem: a neat symmetric pattern that fills the projections but ignores the asymmetry rule, the voxel count or the digit rule left unmet, or 1-indexed coordinates.",
    runaway:
      "Long planning or listing that never finishes (the voxel list truncated at the cap), or a final list that fails several different checks such as count, duplicates and projections together.",
    "local-only":
      "Individual layers or rows look right, but across the cube the tally drifts, duplicates creep in, or several projection pairs stay uncovered.",
    "near-miss":
      "An asymmetric set with full projections that is off by a voxel or two in count, or one projection missing a single pair, or a single surviving symmetry.",
  },
};
