import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { DEFAULT_LIMITS as L } from "../../../geometry/mesh-validity.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import { describeTree } from "./describe.ts";
import {
  ORIGINAL_BAND,
  ORIGINAL_DIFFERENCE_WEIGHT,
  ORIGINAL_FULL_MARKS_ABOVE,
  ORIGINAL_GROWTH,
} from "./original-score.ts";
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

/** The original's answer shape: vertices as {"xyz": [...]}, faces as {"vertex": [...]}, under "polyhedron". */
export const originalOutputSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  required: ["polyhedron"],
  properties: {
    polyhedron: {
      type: "object",
      additionalProperties: false,
      required: ["vertex", "faces"],
      properties: {
        vertex: {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["xyz"],
            properties: { xyz: { type: "array", items: { type: "number" } } },
          },
        },
        faces: {
          type: "array",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["vertex"],
            properties: { vertex: { type: "array", items: { type: "integer" } } },
          },
        },
      },
    },
  },
};

const EXAMPLE_CUBE = {
  polyhedron: {
    vertex: [
      [-1, -1, -1],
      [1, -1, -1],
      [1, 1, -1],
      [-1, 1, -1],
      [-1, -1, 1],
      [1, -1, 1],
      [1, 1, 1],
      [-1, 1, 1],
    ].map((xyz) => ({ xyz })),
    faces: [
      [3, 2, 1, 0],
      [4, 5, 6, 7],
      [0, 1, 5, 4],
      [7, 6, 2, 3],
      [3, 0, 4, 7],
      [1, 2, 6, 5],
    ].map((vertex) => ({ vertex })),
  },
};

/**
 * What the original said: the answer format shown on a cube of side 2, the shapes in words, that
 * the answer is their union, and five requirements (outward normals, nothing inside, faces may have
 * more than 4 vertices, no degenerate faces or redundant vertices, watertight). It did not list the
 * checks one by one, the tolerances, the primitives' exact vertices or the scoring rule.
 */
function faithful(data: CsgData, opts: PromptOptions): Prompt {
  const shapes = data.description ?? [...describeTree(data.tree), "", ROTATION_CONVENTION].join("\n");
  const lines = [
    "Polyhedra are written as JSON. A cube of side 2 centred at the origin, with 8 vertices and 6 four-sided faces, looks like this:",
    "",
    JSON.stringify(EXAMPLE_CUBE),
    "",
    "Using that format, solve this problem:",
    "",
    shapes,
    "",
    "Give one polyhedron that is the union of all the solids described above.",
    "- Orient every face consistently so that its normal points outwards.",
    "- Leave no geometry inside the polyhedron and no face passing through it.",
    "- A face may have more than 4 vertices.",
    "- Include no degenerate faces and no redundant vertices.",
    "- An answer that is not watertight fails.",
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
    outputSchema: originalOutputSchema,
  };
}

/** Needed to read Plumb's own generated cases: which way a rotation turns. */
const ROTATION_CONVENTION =
  'Coordinates are right-handed with z up; "rotated a° about an axis" follows the right-hand rule, and rotations about x, y and z apply in the order listed.';

export function csgPrompt(data: CsgData, opts: PromptOptions = {}): Prompt {
  return promptVariant(opts) === "default" ? faithful(data, opts) : explained(data, opts);
}

/** Plumb's first wording: every check, its tolerance, the primitives' vertices and the scoring rule. */
function explained(data: CsgData, opts: PromptOptions): Prompt {
  const lines = [
    `Compute this solid (${data.title}) and give it as one closed polyhedron:`,
    "",
    ...(data.description === undefined ? describeTree(data.tree) : [data.description]),
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
    scoringRule(data),
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

function scoringRule(data: CsgData): string {
  if (data.scoring === "original")
    return (
      `Scoring: if any check fails the score is 0. Otherwise, with A your solid and R the reference, each grown by a ${ORIGINAL_GROWTH} cube, ` +
      `the score is min(volume(A ∩ R), volume(A)) / volume(R) − ${ORIGINAL_DIFFERENCE_WEIGHT} × D / volume(R), where D is the volume of A ∪ R outside a ${ORIGINAL_BAND / 2} band around A ∩ R; ` +
      `a score above ${ORIGINAL_FULL_MARKS_ABOVE} is full marks and a pass, and the score is kept within [0, 1].`
    );
  return `Scoring: if any check fails the score is 0. Otherwise, with A your solid and R the reference, accuracy = 1 − volume(A △ R) / volume(R), where the symmetric difference volume is volume(A ∪ R) − volume(A ∩ R); the score is min(1, max(0, accuracy / ${FULL_MARKS_ACCURACY})), so ${FULL_MARKS_ACCURACY * 100}% volume accuracy or better is full marks and a pass.`;
}
