import type { TaskCard } from "../../../core/failure-modes.ts";

export const csgUnionCard: TaskCard = {
  intent:
    "Probes whether a model can carry out constructive solid geometry in its head: place faceted primitives (boxes, n-gon prisms and cones, ring spheres, given polyhedra) by the stated translations and rotations, combine them by union and difference, and write the resulting solid as one closed boundary mesh. It needs both 3D arithmetic (where each facet and intersection lies) and the bookkeeping of a valid polyhedron: shared edges, no faces left inside, outward winding.",
  output: [
    'One JSON object {"vertices": [[x, y, z], ...], "faces": [[i, j, k, ...], ...]} with 0-based indices and planar polygon faces, or the original\'s form {"polyhedron": {"vertex": [{"xyz": [x, y, z]}, ...], "faces": [{"vertex": [i, j, ...]}, ...]}}; a Python dict literal of either is read too.',
    "The parser takes the whole reply if it is JSON, else the last ```json block, else the last balanced {...}; a reply cut off mid-mesh, or one that gives OpenSCAD code, STL text or a prose description instead of the mesh, is a parse failure (check `parse`).",
    "A vertex with more than three numbers, or more than 20,000 vertices, 256 indices in one face or 60,000 indices in all, is a parse failure; a vertex with fewer than three numbers is read and fails mesh.3d.",
    "An empty vertex or face list is read but fails mesh.non_empty, which makes the answer invalid.",
  ],
  constraints: [
    "Structure: at least one vertex and one face, exactly three coordinates per vertex, integer face indices within range, finite coordinates; failing any of these makes the answer invalid and the other checks are not run.",
    "Every face has at least three distinct vertices and area of at least 1e-6; no two vertices lie closer than 1e-5.",
    "Edge-manifold: no edge is shared by more than two faces and the faces round each vertex form a single fan.",
    "Watertight: every edge is shared by exactly two faces (no holes, no T-junctions).",
    "No two triangles of the triangulated faces intersect except along a shared edge or vertex.",
    "Every face is planar to within 1e-3.",
    "Winding is consistent and outward: each edge is traversed in opposite directions by its two faces and every shell encloses positive volume (a cavity's shell winds inward).",
    "No vertex lies more than 100 units from the centroid of all vertices, and the enclosed volume exceeds 1e-3.",
    "Only a mesh passing every check is scored by volume: accuracy = 1 − vol(answer △ reference) / vol(reference), score = min(1, accuracy / 0.95), full marks at 95% accuracy; on the original preset the original's volume formula (intersection minus half the banded difference, full marks above 0.95) is used instead.",
  ],
  checks: [
    {
      name: "mesh.non_empty",
      meaning: "No vertices or no faces were given: the answer is invalid.",
      likely: ["evasion"],
    },
    {
      name: "mesh.3d",
      meaning: "Some vertex has fewer than three coordinates: a malformed mesh (invalid).",
      likely: ["trivialized", "local-only"],
    },
    {
      name: "mesh.indices",
      meaning: "A face refers to a vertex index that is not an integer or is out of range (invalid).",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "mesh.finite",
      meaning: "A coordinate is NaN or infinite (invalid).",
      likely: ["local-only"],
    },
    {
      name: "mesh.degenerate_faces",
      meaning: "A face has fewer than three vertices, repeats a vertex, or has almost no area.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "mesh.duplicate_vertices",
      meaning:
        "Two vertices coincide (within 1e-5): typically copies of a shared corner not merged when pieces were joined.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "mesh.edge_manifold",
      meaning:
        "An edge belongs to more than two faces, or solids touch only at a point: pieces were stacked rather than merged.",
      likely: ["local-only"],
    },
    {
      name: "mesh.watertight",
      meaning:
        "Some edge belongs to only one face: a hole, a missing face, or a T-junction where a vertex sits on another face's edge.",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "mesh.self_intersection",
      meaning:
        "Faces cross each other: typically the primitives' surfaces were concatenated without computing their union, leaving faces inside the solid.",
      likely: ["trivialized", "local-only"],
    },
    {
      name: "mesh.planar_faces",
      meaning: "A polygon face's vertices do not lie in one plane (to 1e-3).",
      likely: ["local-only", "near-miss"],
    },
    {
      name: "mesh.winding",
      meaning:
        "Faces are wound inconsistently or the solid faces inward (a common slip: OpenSCAD's clockwise order copied unchanged).",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "mesh.outliers",
      meaning: "A vertex lies far (over 100 units) from the rest: a stray or mistyped coordinate.",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "mesh.volume",
      meaning: "The mesh encloses (almost) no volume: flat, collapsed or self-cancelling.",
      likely: ["trivialized", "evasion"],
    },
    {
      name: "volume.accuracy",
      meaning:
        "The solid is a valid polyhedron but its volume does not match the reference closely enough, or it was not scored because a mesh check failed (detail says which); a low accuracy means wrong placement, size, rotation or a missing or extra piece.",
      likely: ["trivialized", "near-miss", "local-only"],
    },
  ],
  tieBreaks: {
    evasion:
      "The reply has no mesh (refusal, OpenSCAD code or a description only) or hands back an empty or token mesh such as a single cube unrelated to the described solids.",
    trivialized:
      "A valid mesh of a simpler solid: a bounding box or convex hull of the pieces, one primitive only, differences ignored, spheres or cylinders replaced by boxes, or the pieces' surfaces concatenated without a union (then mesh.self_intersection fails).",
    runaway:
      "Long reasoning about facet coordinates or intersection curves that ends without a parsable mesh (token cap, truncated JSON), or a mesh failing several unrelated checks after visibly spiralling work.",
    "local-only":
      "Each primitive is meshed plausibly but the pieces are not stitched into one boundary: several topology checks fail (watertight, edge_manifold, duplicate_vertices, self_intersection) or the assembled solid's volume is far off.",
    "near-miss":
      "The solid is right apart from one defect: only mesh.winding fails (faces all reversed), one hole or T-junction in mesh.watertight, one stray vertex, or every mesh check passes and volume.accuracy sits just under the 95% threshold.",
  },
};
