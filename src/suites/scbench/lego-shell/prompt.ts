import { z } from "zod";
import type { Prompt, PromptOptions } from "../../../core/task.ts";
import { checkPromptOptions, tokenCapLines } from "../common/prompt-options.ts";
import {
  answerSchema,
  BRICK_HEIGHT,
  BRICK_LONG,
  BRICK_SHORT,
  type LegoShellData,
  MAX_BRICKS,
  PERFECT_IOU,
  PITCH,
  TOLERANCE,
} from "./schema.ts";

export const outputSchema = z.toJSONSchema(answerSchema);

export function legoShellPrompt(data: LegoShellData, opts: PromptOptions = {}): Prompt {
  checkPromptOptions(opts);
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
