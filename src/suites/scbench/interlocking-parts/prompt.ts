import { z } from "zod";
import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { JsonSchema, Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import { answerSchema, type InterlockingData, limitsOf, RULES } from "./schema.ts";

export const outputSchema: JsonSchema = z.toJSONSchema(answerSchema) as JsonSchema;

export function interlockingPrompt(data: InterlockingData, opts: PromptOptions = {}): Prompt {
  const user = promptVariant(opts) === "default" ? faithful(data, opts) : explained(data, opts);
  return {
    messages: [
      {
        role: "system",
        content:
          "You are a mechanical designer who writes 3D-printable parts as exact triangle meshes in JSON.",
      },
      { role: "user", content: user },
    ],
    outputSchema,
  };
}

/**
 * What the original's brief says — the cage, its bars and gaps, the printer, the rods, what a
 * printable part is, fewest parts, transforms into an assembly on z = 0 centred on the z axis — plus
 * the coordinate conventions and mesh format Plumb's grader reads. The part count it expects and
 * the criteria are left out.
 */
function faithful(data: InterlockingData, opts: PromptOptions): string {
  const l = limitsOf(data);
  const [bx, by, bz] = data.build;
  const W = data.innerWidth;
  const r = RULES;
  return [
    `Design a cage whose inside measures ${W} × ${W} × ${data.innerHeight} mm.`,
    "",
    `- All around, the cage is a grid of bars ${r.barThickness} mm thick with a square cross-section: no thinner and no thicker.`,
    `- The gaps between bars are ${r.gapMin / 10}–${r.gapMax / 10} cm, the same all over the cage.`,
    `- The cage is split into parts to be 3D printed on a printer whose build volume is ${bx} × ${by} × ${bz} mm.`,
    `- ${r.rodCount} M${r.rodDiameter} threaded rods (${r.rodDiameter} mm), run through the middle of the ${r.rodCount} vertical corner bars, hold the assembly together. No female thread or nut slots are needed, but every hole must take a rod with adequate clearance. No other connectors; no door and no lid.`,
    "",
    "Give every part needed. Each part must be ready to slice, print without supports, be oriented so that it fits the build volume, sit on the z = 0 plane, not fall over while printing, and be a valid shape: a watertight closed solid without self-intersections. Use as few parts as possible, and as little of the printer's build volume as you can.",
    "",
    `For each part, give also the rigid 4 × 4 transform (row-major) that moves it from its print pose to its place in the assembled cage. In the assembly the cage stands on the z = 0 plane, centred on x = y = 0. The transforms are used to check that the parts fit together, so get them right.`,
    "",
    `Coordinates, in millimetres: in its print pose a part lies on the bed 0 ≤ x ≤ ${bx}, 0 ≤ y ≤ ${by}, 0 ≤ z ≤ ${bz}; in the assembly the inside of the cage is the box |x| ≤ ${l.inner}, |y| ≤ ${l.inner}, ${l.clearBottom} ≤ z ≤ ${l.clearTop}. Give each rod as the (x, y) of its vertical axis.`,
    "",
    `Answer with one JSON object: {"parts": [{"name": "…", "vertices": [[x, y, z], …], "faces": [[i, j, k], …], "transform": [[m00, m01, m02, m03], [m10, m11, m12, m13], [m20, m21, m22, m23], [0, 0, 0, 1]]}, …], "rods": [{"x": X, "y": Y}, …]}. Each part is a closed triangle mesh of at most ${r.maxTriangles} triangles and ${r.maxVertices} vertices; faces index into the part's own vertex list (0-based), counter-clockwise seen from outside. A point p of the part goes to M · [p, 1].`,
    ...tokenCapLines(opts),
  ].join("\n");
}

/** Plumb's first wording: the part count, the frame, the limits and all nine criteria written out. */
function explained(data: InterlockingData, opts: PromptOptions): string {
  const l = limitsOf(data);
  const [bx, by, bz] = data.build;
  const W = data.innerWidth;
  const E = W + RULES.wallAllowance;
  const r = RULES;
  const lines = [
    `Design a tall rectangular cage to be 3D printed as exactly ${r.partCount} separate parts and held together by ${r.rodCount} vertical steel rods of ${r.rodDiameter} mm diameter.`,
    "",
    "The cage:",
    `- Its four side walls are lattices of bars about ${r.barThickness} mm thick with gaps of ${r.gapMin}–${r.gapMax} mm between bars. The top and bottom may be open.`,
    `- Frame (mm): the cage stands on z = 0, centred on the z axis. The internal clear space is the box |x| ≤ ${l.inner}, |y| ≤ ${l.inner}, ${l.clearBottom} ≤ z ≤ ${l.clearTop} (${W} × ${W} × ${data.innerHeight} mm); no material may enter it. The whole assembly must lie within |x| ≤ ${l.outer}, |y| ≤ ${l.outer}, 0 ≤ z ≤ ${l.externalTop} (at most ${E} × ${E} × ${l.externalTop} mm) and must span at least z = ${l.clearBottom}…${l.clearTop}.`,
    `- The rods stand at the four vertical corner edges, at (±X, ±Y) of your choice with ${l.inner + r.rodDiameter / 2} ≤ X, Y ≤ ${l.outer - r.rodDiameter / 2}, running the full height of the cage through holes in the parts. Every part must be held by at least 2 rods (no doors or hinges).`,
    `- Printer: build volume ${bx} × ${by} × ${bz} mm. Each part is printed alone, without supports, in the pose you give.`,
    "",
    `Your answer gives every part as a closed triangle mesh in its print pose plus a 4 × 4 rigid transform that moves it from the print pose into the assembly (rows of a row-major matrix M, so a point p goes to M · [p, 1]; the last row is [0, 0, 0, 1], the 3 × 3 part is a rotation with determinant +1, no mirroring). Also declare the rods' axes.`,
    "",
    `Grading: 9 criteria, each pass/fail; the score is the number passed divided by 9, and a full pass needs all 9. Criteria 1–8 are only checked when criterion 0 passes: an answer that fails basic validity fails all 9 and scores 0. Volumes of at most ${r.volumeTolerance} mm³ count as zero.`,
    `0. Basic validity: exactly ${r.partCount} parts; each mesh has at most ${r.maxTriangles} triangles and ${r.maxVertices} vertices, all numbers finite, is closed and edge-manifold (every edge shared by exactly two triangles, and the triangles around each vertex form a single fan: no solids touching at a point), consistently wound counter-clockwise seen from outside (positive volume), one connected body, not self-intersecting (two triangles meet only along their shared edge or at their shared vertex), accepted as a solid by the manifold-3d kernel; each transform is a rigid motion as above (no scaling, no mirroring).`,
    `1. Printability, in the print pose: every vertex inside the build volume 0 ≤ x ≤ ${bx}, 0 ≤ y ≤ ${by}, 0 ≤ z ≤ ${bz}; the lowest point at z = 0; at least ${r.minBedContact} mm² of downward faces lying on z = 0 (all three vertices within ${r.eps} mm of it); overhangs — faces not on the bed that lean downward more than ${r.maxOverhangDeg}° from vertical (unit outward normal with z component below −sin ${r.maxOverhangDeg}° ≈ −0.707) — cover at most ${100 * r.maxOverhangFraction}% of the part's surface area; the centre of mass of the solid lies above the convex hull of its bed contact.`,
    `2. Bar gaps: for each of the four sides, cubes are pushed straight out through the wall, from the clear box's face to ${100} mm beyond it, at positions on a 1 mm grid covering that face of the clear box (the cube stays within the face). A ${r.passCube} mm cube must get through somewhere without touching any part, and a ${r.blockCube} mm cube must be blocked everywhere.`,
    `3. Assembly size: the assembled parts lie within the external limits above, span the clear height, and leave the clear box empty.`,
    `4. Rods: exactly ${r.rodCount} rods declared at (±X, ±Y) within the limits above; a ${r.rodDiameter} mm cylinder along each rod axis over the full height meets no material; a ${r.blockedRodDiameter} mm cylinder on the same axis meets material in every height band, the cage height being cut into equal bands of at most ${r.rodBandHeight} mm (so material surrounds the rod all the way up).`,
    `5. Interference: no two assembled parts intersect (all pairs).`,
    `6. Rod engagement: every part wraps at least 2 rods: its material enters the ${r.engageDiameter} mm cylinder around the rod axis in all four quadrants (+x+y, −x+y, −x−y, +x−y) around it. A hole of 6.4–7.6 mm diameter works.`,
    `7. Bar thickness: rays along each wall's normal through the wall, and horizontal and vertical scan lines across each wall's silhouette (seen along its normal, within the clear box's face), measure material runs; the most common run length, rounded to whole millimetres, must be ${r.barThickness} ± ${r.barTolerance} mm both through the wall and across the bars.`,
    `8. Gap uniformity: on the same scan lines, the most common gap between two bars, rounded to whole millimetres, must lie in ${r.gapMin}–${r.gapMax} mm.`,
    "",
    'Answer with one JSON object: {"parts": [{"name": "…", "vertices": [[x, y, z], …], "faces": [[i, j, k], …], "transform": [[m00, m01, m02, m03], [m10, m11, m12, m13], [m20, m21, m22, m23], [0, 0, 0, 1]]}, …], "rods": [{"x": X, "y": Y}, …]}. Faces index into the part\'s own vertex list (0-based), counter-clockwise seen from outside; lengths in millimetres.',
  ];
  lines.push(...tokenCapLines(opts));
  return lines.join("\n");
}
