import type { TaskCard } from "../../../core/failure-modes.ts";

export const interlockingPartsCard: TaskCard = {
  intent:
    "Probes end-to-end mechanical design as explicit geometry: the model must design a tall lattice cage (a given clear inside, bars about 10 mm thick, gaps of 50–100 mm) as exactly ten 3D-printable parts held together by four vertical corner rods, giving each part as a closed triangle mesh in its print pose with a rigid transform into the assembly. It tests producing valid solids at scale, printability on a given bed, and global fit: parts must not interfere, must wrap the rods, and must form the lattice with the right bar and gap sizes.",
  output: [
    'One JSON object {"parts": [{"name": "...", "vertices": [[x, y, z], ...], "faces": [[i, j, k], ...], "transform": [[...4], [...4], [...4], [0, 0, 0, 1]]}, ...], "rods": [{"x": X, "y": Y}, ...]}; faces are triangles indexing the part\'s own vertices, lengths in millimetres.',
    "The parser takes the whole reply if it is JSON, else the last ```json block, else the last balanced {...}; a reply cut off inside the (usually very long) meshes is a parse failure (check `parse`).",
    'Parts given as file contents (OpenSCAD, STL or Python under "fileContents"), faces with other than three indices, transforms that are not 4×4, coordinates beyond ±100,000, or more than 100 parts or 50,000 vertices or faces in one part are parse failures.',
    "A wrong number of parts (other than 10) is read and fails basic, which makes the answer invalid.",
  ],
  constraints: [
    "Basic validity: exactly 10 parts; each mesh has at most 20,000 triangles and vertices, is closed, edge-manifold, consistently wound outward, one body, not self-intersecting and accepted as a solid; each transform is a rigid motion (rotation plus translation, no scale or mirror). If this fails every other criterion fails and the score is 0.",
    "Printability, in the print pose: inside the build volume, resting on z = 0 with enough bed contact, limited overhang, centre of mass over the contact area.",
    "Bar gaps: a 40 mm cube can pass through each wall somewhere and a 101 mm cube is blocked everywhere.",
    "Assembly size: the assembled parts stay within the external limits, span the clear height and leave the clear inner box empty.",
    "Rods: four rods at the corners within the allowed band; a 6 mm cylinder along each meets no material and a 16 mm one meets material in every height band.",
    "Interference: no two assembled parts intersect.",
    "Rod engagement: every part wraps at least two rods.",
    "Bar thickness: the most common bar size is 10 ± 2 mm through and across the walls.",
    "Gap uniformity: the most common gap between bars lies in 50–100 mm.",
    "Score: the share of the nine criteria passed; a pass needs all nine. On the original preset only basic validity and that subtask's one criterion are graded, pass or fail.",
  ],
  checks: [
    {
      name: "basic",
      meaning:
        "Wrong part count, or some part's mesh or transform is not a valid closed single-body solid with a rigid transform: invalid, every other criterion fails, score 0.",
      likely: ["local-only", "trivialized", "evasion"],
    },
    {
      name: "printability",
      meaning:
        "Some part in its print pose leaves the build volume, does not rest flat on the bed, has too much overhang, or would tip over.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "bar_gaps",
      meaning:
        "The walls let a 101 mm cube through somewhere or block a 40 mm cube everywhere: gaps too large or walls solid.",
      likely: ["trivialized", "local-only"],
    },
    {
      name: "assembly_size",
      meaning:
        "The assembled cage exceeds the external limits, does not span the clear height, or has material inside the clear box (usually a wrong transform).",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "rod_clearance",
      meaning:
        "Rod positions are missing or outside the allowed corner band, a rod's 6 mm cylinder hits material, or the 16 mm cylinder finds no material in some height band.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "interference",
      meaning: "Two assembled parts intersect.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "rod_engagement",
      meaning: "Some part does not wrap material round at least two rods (it would not be held).",
      likely: ["local-only", "trivialized"],
    },
    {
      name: "bar_thickness",
      meaning: "The most common bar size through or across the walls is not 10 ± 2 mm.",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "gap_uniformity",
      meaning: "The most common gap between bars is outside 50–100 mm.",
      likely: ["near-miss", "local-only"],
    },
  ],
  tieBreaks: {
    evasion:
      "No meshes: a refusal, a design described only in words or OpenSCAD code, or a handful of placeholder boxes with no attempt at the cage.",
    trivialized:
      "A simpler object than asked: solid walls or plain boxes instead of a lattice, parts not split for the printer, rods omitted or not passing through the parts, fewer or more than ten parts by design.",
    runaway:
      "Long planning of part layouts or hand-written vertex lists that hits the token cap before the JSON closes, or an answer failing many different criteria after visibly spiralling design changes.",
    "local-only":
      "Each part is a plausible, valid piece but the assembly does not hold together: transforms put parts in the wrong place (interference, assembly_size), parts fail to wrap two rods, or walls leave gaps; several criteria fail while basic passes.",
    "near-miss":
      "A valid ten-part cage that passes all but one criterion, such as bars measuring 13 mm, one part slightly beyond the bed, or one rod hole too tight.",
  },
};
