import { z } from "zod";
import { tokenCapLines } from "../../../core/prompt-options.ts";
import type { Prompt, PromptOptions } from "../../../core/task.ts";
import { promptVariant } from "../common/prompt-variant.ts";
import {
  BRICK_HEIGHT,
  BRICK_LONG,
  BRICK_SHORT,
  type LegoShellData,
  MAX_BRICKS,
  PERFECT_IOU,
  PITCH,
  plumbAnswerSchema,
  TOLERANCE,
} from "./schema.ts";

export const outputSchema = z.toJSONSchema(plumbAnswerSchema);

const cm = (mm: number) => String(mm / 10);

/**
 * What the original said: the brick's loose and assembled sizes and its 2 × 4 studs, a worked
 * example of stacking, the radii in cm, that the score follows the volume difference from the ideal
 * shell, that the build must stand (no overlaps, nothing floating, legal connections, no toppling),
 * that ground bricks may face any way, and the answer as centroids in mm with a rotation in degrees.
 * It did not state the rules' tolerances or the scoring formula.
 */
function faithful(data: LegoShellData, opts: PromptOptions): Prompt {
  const lines = [
    "You have as many Lego(tm) bricks as you like. A loose brick measures 31.8 mm × 15.8 mm × 11.4 mm; once assembled, studs and hollows interlock so that each brick takes up 32 mm × 16 mm × 9.6 mm. Each brick has 8 studs on top, in a 2 × 4 grid.",
    "",
    "Bricks click together. For instance, a brick with centroid [0, 0, 4.8] and rotation 90 stands on the ground centred above the origin; a second one with centroid [0, 0, 14.4] and rotation 180 sits on it, gripping 4 of its 8 studs; a third with centroid [24, 0, 24] and rotation 0 clicks onto 2 studs of the second and overhangs by 75%. Were the third at [22, 0, 24], its walls would land on two studs of the brick below, so it could not be built.",
    "",
    `Build something that looks like a hemispherical shell of inner radius ${cm(data.inner)} cm and outer radius ${cm(data.outer)} cm, centred at the origin (0, 0, 0).`,
    "",
    "No brick build can follow the curve exactly: the closer to the ideal shell, the better, judged by the difference in volume between the ideal shell and your bricks. The build must be possible in 3D: bricks may not overlap or hang in the air. A great answer has no holes or missing bricks.",
    "",
    "The bricks go straight onto a flat surface with no base plate, so bricks on the ground may face any direction and need not sit on a grid. Bricks joined to others must follow the real Lego(tm) connection rules, and the build must not topple.",
    "",
    'List the bricks: each one\'s centroid [x, y, z] in mm from the origin and its rotation in degrees, as {"bricks": [{"Centroid": [x, y, z], "RotationDegrees": r}, ...]}.',
    ...tokenCapLines(opts),
  ];
  return {
    messages: [
      {
        role: "system",
        content: "You design Lego constructions with exact coordinates and give the final answer as JSON.",
      },
      { role: "user", content: lines.join("\n") },
    ],
    outputSchema: originalOutputSchema,
  };
}

/** The original's answer shape. */
export const originalOutputSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  required: ["bricks"],
  properties: {
    reasoning: { type: "string" },
    bricks: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["Centroid", "RotationDegrees"],
        properties: {
          Centroid: { type: "array", minItems: 3, maxItems: 3, items: { type: "number" } },
          RotationDegrees: { type: "number" },
        },
      },
    },
  },
};

export function legoShellPrompt(data: LegoShellData, opts: PromptOptions = {}): Prompt {
  return promptVariant(opts) === "default" ? faithful(data, opts) : explained(data, opts);
}

/** Plumb's first wording: every rule with its tolerance, the IoU formula and Plumb's brick form. */
function explained(data: LegoShellData, opts: PromptOptions): Prompt {
  const { inner, outer } = data;
  const lines = [
    `Build a hemispherical shell out of standard 2×4 Lego bricks. The shell is the set of points at distance between ${inner} mm and ${outer} mm from the origin with z ≥ 0: a dome of outer radius ${outer} mm, hollowed out to radius ${inner} mm, standing on the ground plane z = 0 (z points up). Its volume is ${data.shellVolume.toFixed(0)} mm³.`,
    "",
    `Every brick is a solid box ${BRICK_LONG} mm × ${BRICK_SHORT} mm in plan and ${BRICK_HEIGHT} mm tall, with a 2 × 4 grid of studs on top at an ${PITCH} mm pitch (the studs, and the tubes underneath that they click into, count only for connections, not for volume). A brick is given by:`,
    "- x, y: the corner of its footprint with the smallest x and y, in mm (any real numbers);",
    `- layer: an integer; the brick spans z from layer × ${BRICK_HEIGHT} to (layer + 1) × ${BRICK_HEIGHT} mm, so layer 0 stands on the ground;`,
    `- orientation: 0 when the ${BRICK_LONG} mm side runs along x (footprint [x, x+${BRICK_LONG}] × [y, y+${BRICK_SHORT}]), 90 when it runs along y (footprint [x, x+${BRICK_SHORT}] × [y, y+${BRICK_LONG}]).`,
    "",
    `Two footprints overlap when they share an area: they overlap by more than ${TOLERANCE} mm along x and along y. Two bricks in consecutive layers whose footprints overlap are connected by studs. A part is a set of bricks joined by chains of such connections.`,
    "",
    "Rules (breaking any one scores 0):",
    "1. Connection: every brick with layer ≥ 1 is connected by studs to at least one brick in the layer directly above or directly below it.",
    `2. Stud alignment: whenever two bricks are connected, their x values differ by a whole multiple of ${PITCH} mm and so do their y values (within ${TOLERANCE} mm), so that studs meet tubes.`,
    "3. No overlap: no two bricks in the same layer have overlapping footprints (touching sides is fine).",
    `4. Stability: every part contains at least one brick on the ground (layer 0), and the part's centre of mass — the average of its bricks' footprint centres, all bricks weighing the same — lies inside (or within ${TOLERANCE} mm of) the convex hull of the footprints of its layer-0 bricks.`,
    `5. Bounds: no brick has a negative layer; no brick lies wholly inside the inner sphere (its farthest corner at distance ≤ ${inner} mm from the origin); no brick lies wholly outside the outer sphere (its nearest point at distance ≥ ${outer} mm).`,
    `At most ${MAX_BRICKS} bricks (a longer list is not read and scores 0).`,
    "",
    `Scoring: IoU = (volume of the bricks inside the shell) / (volume of the bricks + volume of the shell − volume of the bricks inside the shell), computed by exact cross-section areas integrated numerically over z (relative error about 1e-6). Bricks cannot fill a curved shell exactly, so an IoU of ${PERFECT_IOU} or more earns full marks; below that the score is IoU / ${PERFECT_IOU}.`,
    "",
    'Answer with one JSON object {"bricks": [{"x": number, "y": number, "layer": integer, "orientation": 0 or 90}, ...]}. ' +
      `For example {"x": ${-outer}, "y": -8, "layer": 0, "orientation": 0} is a brick on the ground with footprint [${-outer}, ${BRICK_LONG - outer}] × [-8, 8].`,
  ];
  lines.push(...tokenCapLines(opts));
  return {
    messages: [
      {
        role: "system",
        content: "You design Lego constructions with exact coordinates and give the final answer as JSON.",
      },
      { role: "user", content: lines.join("\n") },
    ],
    outputSchema,
  };
}
