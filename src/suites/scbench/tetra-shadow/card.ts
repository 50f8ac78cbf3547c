import type { TaskCard } from "../../../core/failure-modes.ts";

export const tetraShadowCard: TaskCard = {
  intent:
    "Probes 3D pose reasoning through projection: the model must place copies of one regular tetrahedron, each by a position and a unit quaternion, so that the union of their shadows cast straight down onto the XY plane matches a target 2D shape, while no two tetrahedra share volume in 3D. It tests quaternion rotation, predicting a rotated solid's footprint, covering a region with few overlapping pieces, and using the third dimension to keep overlapping shadows from colliding.",
  output: [
    'Plumb instances: one JSON object (or Python literal) {"tetrahedra": [{"position": [x, y, z], "quaternion": [w, x, y, z]}, ...]}.',
    'Original-preset instances: {"tetrahedrons": [{"x": .., "y": .., "z": .., "q0": .., "q1": .., "q2": .., "q3": ..}, ...]}, q0 the scalar part; either form is read when its key is present.',
    "Without either key, the instance's own form is expected; Euler angles or rotation matrices instead of quaternions, or positions with two coordinates, are parse failures.",
    "The last JSON value in the reply is read; a list cut off at the token cap fails to parse.",
  ],
  constraints: [
    "Every number is finite and no quaternion is zero.",
    "Between 1 and the instance's maximum number of tetrahedra; outside that range scores 0.",
    "Each quaternion is unit length within tolerance, else the score is multiplied by 0.25.",
    "No two tetrahedra share volume (touching allowed), else the score is multiplied by 0.5 (on original-preset instances only one of the two penalties applies).",
    "Plumb instances: accuracy = 1 − (missed target area + shadow outside the target) / target area; score = min(1, accuracy / bar) times penalties; a pass needs accuracy ≥ bar and no penalty.",
    "Original-preset instances: covered / target times the penalty, less half the (banded) difference / target, divided by the subtask's bar and clamped to 0–1; a pass needs full marks.",
  ],
  checks: [
    {
      name: "parse",
      meaning:
        "Set by Plumb, not the verifier: no answer of the required shape could be read from the reply (no final answer, prose only, a wrong shape, or a list cut off at the token cap), so nothing was verified.",
      likely: ["evasion", "runaway"],
    },
    {
      name: "tetrahedra.valid",
      meaning: "A tetrahedron has a non-finite number or a zero quaternion; invalid, scores 0.",
      likely: ["evasion", "trivialized"],
    },
    {
      name: "tetrahedra.count",
      meaning:
        "No tetrahedra, or more than the instance allows (the shape filled piece by piece without regard to the limit); scores 0 and nothing else is checked.",
      likely: ["evasion", "trivialized"],
    },
    {
      name: "quaternions.unit",
      meaning:
        "Some quaternion is not normalised (e.g. rounded components or an axis-angle written raw); ×0.25 penalty.",
      likely: ["near-miss", "trivialized"],
    },
    {
      name: "tetrahedra.no_intersection",
      meaning:
        "Two tetrahedra overlap in 3D, usually all placed at the same height so overlapping shadows collide; ×0.5 penalty.",
      likely: ["trivialized", "local-only", "near-miss"],
    },
    {
      name: "shadow.coverage",
      meaning:
        "The union of shadows does not match the target well enough: uncovered target area, shadow spilling outside, or both.",
      likely: ["local-only", "near-miss"],
    },
  ],
  tieBreaks: {
    evasion:
      "The model declines the construction, or answers with an empty list, a single identity-pose tetrahedron at the origin as a placeholder, or zero quaternions.",
    trivialized:
      "The model ignores part of the problem: all tetrahedra at one height so they intersect, quaternions left unnormalised, shadows assumed to be the target shape's own outline, or far more pieces than allowed.",
    runaway:
      "Long quaternion and vertex arithmetic for each piece that keeps being redone, ending without a final list (cut off) or with one that fails several different checks.",
    "local-only":
      "Each tetrahedron's shadow is plausible on its own, but together they leave large parts of the target uncovered or spill well outside it, or several pairs collide in 3D.",
    "near-miss":
      "A sound arrangement with one failing predicate: accuracy just below the bar, a single intersecting pair, or one quaternion slightly off unit length.",
  },
};
