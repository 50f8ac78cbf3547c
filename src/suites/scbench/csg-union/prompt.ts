import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { DEFAULT_LIMITS as L } from "../../../geometry/mesh-validity.ts";
import { checkPromptOptions, tokenCapLines } from "../common/prompt-options.ts";
import { describeTree } from "./describe.ts";
import { ANSWER_LIMITS, type CsgData } from "./schema.ts";
import { FULL_MARKS_ACCURACY } from "./verify.ts";

export const outputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["vertices", "faces"],
  properties: {
    vertices: {
      type: "array",
      maxItems: ANSWER_LIMITS.vertices,
      items: { type: "array", minItems: 3, maxItems: 3, items: { type: "number" } },
    },
    faces: {
      type: "array",
      maxItems: ANSWER_LIMITS.faceIndices / 3,
      items: {
        type: "array",
        minItems: 3,
        maxItems: ANSWER_LIMITS.faceSize,
        items: { type: "integer", minimum: 0 },
      },
    },
  },
};

const CONVENTIONS = [
  "Conventions (OpenSCAD's): coordinates are right-handed, z up; angles are in degrees.",
  `- A cylinder, cone or truncated cone with n facets is a prism or pyramid frustum over regular n-gons: in the primitive's own frame, vertex k (k = 0 … n−1) of the polygon of radius r at height z is (r·cos(360°·k/n), r·sin(360°·k/n), z). A cone's top is a single apex point on the axis.`,
  "- A sphere of radius r with n facets (OpenSCAD's sphere with $fn = n): m = floor((n+1)/2) rings of n vertices; ring i (i = 0 … m−1) lies at polar angle φ = 180°·(i + 0.5)/m from the +z axis, and its vertex j is (r·sin φ·cos(360°·j/n), r·sin φ·sin(360°·j/n), r·cos φ). Neighbouring rings are joined by planar quadrilaterals and the first and last rings are closed by flat n-gons. Any tessellation of the sphere is accepted (see scoring), but this one reproduces the reference exactly.",
  '- "rotated a° about the x axis" turns the solid counter-clockwise as seen looking from +x towards the origin (right-hand rule), likewise for y and z; a rotation [a, b, c] turns about x by a, then about y by b, then about z by c. Transformations apply in the order listed, to the primitive as described in its own frame.',
];

export function csgPrompt(data: CsgData, opts: PromptOptions = {}): Prompt {
  checkPromptOptions(opts);
  const lines = [
    `Compute this solid (${data.title}) and give it as one closed polyhedron:`,
    "",
    ...describeTree(data.tree),
    "",
    ...CONVENTIONS,
    "",
    'Answer format: a polyhedron {"vertices": [[x, y, z], ...], "faces": [[i, j, k, ...], ...]}; each face is a planar polygon listing 0-based vertex indices. ' +
      "Faces are ordered COUNTER-CLOCKWISE when seen from OUTSIDE the solid (by the right-hand rule the face normal points outward). " +
      "Note: this is the opposite of OpenSCAD's polyhedron(), whose faces are listed clockwise seen from outside; reverse OpenSCAD's faces if you start from them.",
    "",
    `Size limits (a larger answer is unreadable and scores 0): at most ${ANSWER_LIMITS.vertices} vertices, at most ${ANSWER_LIMITS.faceSize} vertices per face, and at most ${ANSWER_LIMITS.faceIndices} vertex indices over all faces.`,
    "",
    "The polyhedron must pass every one of these checks:",
    "1. Non-empty: at least one vertex and one face.",
    "2. 3D: every vertex has exactly three coordinates.",
    "3. Valid indices: every face index is an integer from 0 to (number of vertices − 1).",
    "4. Finite: no NaN or infinite coordinate.",
    `5. No degenerate faces: every face has at least 3 vertices, no repeated index, and area at least ${L.minFaceArea}.`,
    `6. No duplicate vertices: no two vertices closer than ${L.duplicateDistance}.`,
    "7. Edge-manifold: every edge is shared by at most two faces, and the faces around each vertex form a single fan (no solids touching only at a point).",
    "8. Watertight: every edge is shared by exactly two faces (no holes, no T-junctions: a vertex lying on another face's edge must be a vertex of that face too).",
    "9. No self-intersection: after splitting each face into triangles, no two triangles meet except along their shared edge or shared vertex.",
    `10. Planar faces: every vertex of a face lies within ${L.planarTolerance} of the face's plane (through the mean of its vertices, normal by Newell's method).`,
    "11. Consistent outward winding: each edge is traversed in opposite directions by its two faces, and each closed shell encloses positive volume (a shell bounding an inner cavity winds inward).",
    `12. No outliers: no vertex further than ${L.outlierDistance} from the centroid (mean) of all vertices.`,
    `13. Non-zero volume: the enclosed volume exceeds ${L.minVolume}.`,
    "",
    `Scoring: if any check fails the score is 0. Otherwise, with A your solid and R the reference, accuracy = 1 − volume(A △ R) / volume(R), where the symmetric difference volume is volume(A ∪ R) − volume(A ∩ R); the score is min(1, max(0, accuracy / ${FULL_MARKS_ACCURACY})), so ${FULL_MARKS_ACCURACY * 100}% volume accuracy or better is full marks and a pass.`,
    "",
    'Answer with the JSON object {"vertices": ..., "faces": ...} only (for example a unit cube: {"vertices": [[0,0,0],[1,0,0],[1,1,0],[0,1,0],[0,0,1],[1,0,1],[1,1,1],[0,1,1]], "faces": [[0,3,2,1],[4,5,6,7],[0,1,5,4],[1,2,6,5],[2,3,7,6],[3,0,4,7]]}).',
    ...tokenCapLines(opts),
  ];
  return {
    messages: [
      {
        role: "system",
        content: "You are a precise computational-geometry engine. Give the final answer as JSON.",
      },
      { role: "user", content: lines.join("\n") },
    ],
    outputSchema,
  };
}
