import type { TaskCard } from "../../../core/failure-modes.ts";

export const delaunayCard: TaskCard = {
  intent:
    "Probes exact computational geometry without a computer: given a numbered list of points in the plane (three-decimal coordinates; uniform, clustered, nearly collinear, lattice and co-circular layouts), the model must produce their Delaunay triangulation. That needs the convex hull, a tiling of it by triangles using every point, and the empty-circumcircle property for every triangle, checked in exact arithmetic, so near-degenerate configurations cannot be eyeballed.",
  output: [
    'A bare list of triangles [[i, j, k], ...] (what the default prompt asks for) or {"triangles": [[i, j, k], ...]}, as JSON or a Python literal (tuples allowed); indices are 0-based positions in the point list, in any order.',
    "The parser takes the whole reply if it is JSON, else the last ```json block, else the last balanced bracket group; a reply cut off mid-list, or one naming triangles by coordinates or in prose, is a parse failure (check `parse`).",
    "Triangles with other than three entries or non-integer entries are read and then fail triangles.indices (invalid); more than 30 entries in one triangle or an absurd number of triangles is a parse failure.",
    "An empty list is read: it fails triangles.cover_hull.",
  ],
  constraints: [
    "Every triangle lists three distinct integer indices of given points.",
    "No triangle has zero area (three collinear corners), tested exactly.",
    "No triangle is listed twice, in any corner order.",
    "The triangles tile the convex hull exactly: every point is a corner, no overlaps, no gaps, every hull side used, and their total area equals the hull's.",
    "Empty circumcircle: no input point lies strictly inside any triangle's circumcircle (points on the circle are allowed, so any valid choice among co-circular points passes).",
    "Scoring is all or nothing: score 1 only when every check passes.",
  ],
  checks: [
    {
      name: "triangles.indices",
      meaning:
        "A triangle does not have exactly three entries, uses a number that is not a point index, or repeats a vertex: invalid, later checks are skipped.",
      likely: ["local-only", "trivialized"],
    },
    {
      name: "triangles.non_degenerate",
      meaning:
        "A triangle's corners are collinear (zero area), typically on nearly collinear or lattice layouts: invalid, later checks are skipped.",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "triangles.unique",
      meaning: "The same triangle is listed more than once.",
      likely: ["near-miss", "local-only"],
    },
    {
      name: "triangles.cover_hull",
      meaning:
        "The triangles do not tile the convex hull: a point is unused, triangles overlap, there are holes or edges that end inside, a hull side is missing, or the areas do not add up.",
      likely: ["local-only", "trivialized"],
    },
    {
      name: "triangles.delaunay",
      meaning:
        "Some triangle's circumcircle strictly contains another input point: a valid triangulation that is not Delaunay (an edge should be flipped).",
      likely: ["near-miss", "local-only"],
    },
  ],
  tieBreaks: {
    evasion:
      "No list of triangles at all, a refusal or a statement that it needs software, or an empty or token list (one or two triangles for many points).",
    trivialized:
      "The model answers an easier question: any triangulation (a fan from one point, a sweep by x) without the circumcircle test, only the convex hull, or triangles with indices taken from the wrong numbering.",
    runaway:
      "Long in-circle determinant calculations for many triangles that stop before a final list (token cap), or a final list failing several different checks after visibly looping reasoning.",
    "local-only":
      "Triangles that look right in each neighbourhood but do not fit together: overlaps, gaps or unused points in triangles.cover_hull, or several separate circumcircle violations across the set.",
    "near-miss":
      "A complete, valid triangulation in which exactly one edge should be flipped (a single triangles.delaunay violation near a co-circular or nearly co-circular quadruple), or one duplicated or degenerate triangle in an otherwise correct list.",
  },
};
