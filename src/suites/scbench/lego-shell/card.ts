import type { TaskCard } from "../../../core/failure-modes.ts";

export const legoShellCard: TaskCard = {
  intent:
    "Probes constructive 3D approximation under physical building rules: the model must approximate a hemispherical shell (inner and outer radii from 4–7 cm up to 15–17 cm) with standard 2×4 bricks, stacked in 9.6 mm layers so that every brick above the ground is attached by studs, studs line up on the 8 mm pitch, nothing overlaps, every connected part stands on the ground with its centre of mass over its base, and no brick lies wholly inside or outside the shell. The score rewards how closely the bricks fill the shell (intersection over union).",
  output: [
    'The default prompt asks for {"bricks": [{"Centroid": [x, y, z], "RotationDegrees": r}, ...]} (centre of the brick in mm, turn about z in degrees); {"bricks": [{"x": ..., "y": ..., "layer": n, "orientation": 0 | 90}, ...]} (footprint corner with smallest x and y, integer layer) is read too, in any mix.',
    "The parser takes the whole reply if it is JSON, else the last ```json block, else the last balanced {...}, then a Python literal; a list cut off mid-way is a parse failure (check `parse`).",
    "Parse failures also include a Centroid z that is not a layer's middle (4.8 + n × 9.6 mm), a non-finite rotation, an orientation other than 0 or 90 in the x/y/layer form, coordinates beyond ±10,000 mm, or more than 10,000 bricks.",
    'An empty list {"bricks": []} is read; it breaks no rule but scores 0 on shell.similarity.',
  ],
  constraints: [
    "Connection: every brick above layer 0 overlaps by area at least one brick in the layer directly above or below.",
    "Stud alignment: bricks joined by studs are offset by whole multiples of 8 mm in x and y (ground bricks may stand anywhere and at any angle).",
    "No two bricks in the same layer overlap by area (touching is allowed).",
    "Stability: every connected part has a brick on the ground and its centre of mass lies within the convex hull of its ground footprints.",
    "Bounds: no negative layer, and no brick lies wholly inside the inner sphere or wholly outside the outer one.",
    "Score: 0 if any rule breaks; otherwise IoU with the shell divided by 0.65, capped at 1, so IoU ≥ 0.65 is full marks and a pass.",
  ],
  checks: [
    {
      name: "bricks.connected",
      meaning:
        "Some brick above the ground touches no brick in the layer above or below: it floats. (When bricks are piled inside each other so densely that connections are not counted, this, stud alignment and stability all fail as not checked.)",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "bricks.stud_aligned",
      meaning:
        "Two connected bricks are offset by something other than a multiple of the 8 mm stud pitch (often bricks placed on a rounded circle rather than the grid, or a turned brick stacked on another).",
      likely: ["local-only", "trivialized"],
    },
    {
      name: "bricks.no_overlap",
      meaning: "Two bricks in one layer share area: they occupy the same space.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "parts.stable",
      meaning:
        "Some connected part has no ground brick, or its centre of mass lies outside its ground footprint so it would topple.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "bricks.in_bounds",
      meaning:
        "A brick has a negative layer or lies entirely inside the inner sphere or entirely outside the outer sphere.",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "shell.similarity",
      meaning:
        "The legal build fills the shell poorly (IoU below 0.65: too few bricks, wrong radii, missing layers), or it was not scored because a rule broke.",
      likely: ["trivialized", "local-only", "near-miss"],
    },
  ],
  tieBreaks: {
    evasion:
      "No brick list, a refusal, an empty list, or a token handful of bricks offered without an attempt at the dome.",
    trivialized:
      "A legal but different object: a single ring or a low wall instead of a dome, a solid hemisphere ignoring the inner radius, radii read in the wrong unit, or bricks placed off the stud grid as if connections did not matter.",
    runaway:
      "Long layer-by-layer enumeration of brick positions that hits the token cap before the JSON closes, or a build breaking several different rules after visibly spiralling calculations.",
    "local-only":
      "Each layer is a plausible ring of bricks, but the layers do not fit together: misaligned studs between rings, overhanging top layers left floating or unstable, overlaps where rings close.",
    "near-miss":
      "A sound dome with one fault: one floating or overlapping brick, one brick wholly outside the outer sphere, or a legal build whose IoU falls just short of 0.65.",
  },
};
