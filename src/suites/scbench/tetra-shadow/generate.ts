import { InputError } from "../../../core/errors.ts";
import { generatedInstance } from "../../../core/instances.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import { polygonArea } from "../../../geometry/plane.ts";
import { EDGE_LENGTH, TASK_ID, type TetraData, type TetraParams } from "./schema.ts";
import { baseRings, CIRCLE_SEGMENTS, CURVED, SHAPES, type ShapeName, transformRings } from "./shapes.ts";
import { solveTetraShadow } from "./solve.ts";
import { verifyTetraShadow } from "./verify.ts";

/** Accuracy for full marks: 0.90 for curved targets and targets with corners sharper than 90°, else 0.95. */
export const BARS: Record<ShapeName, number> = {
  square: 0.95,
  circle: 0.9,
  triangle: 0.9,
  hexagon: 0.95,
  star: 0.9,
  cross: 0.95,
  diamond: 0.9,
  L: 0.95,
  T: 0.95,
  chevron: 0.9,
  arrow: 0.9,
  annulus: 0.9,
};

/**
 * Levels 1–12: one per shape at scale 1, up to twice area/4 tetrahedra. Levels 13–20: harder
 * variants — turned by a seeded angle, shrunk (so curves and tips are relatively coarser), and
 * allowed fewer tetrahedra.
 */
export const LEVELS: Record<string, TetraParams> = {
  ...Object.fromEntries(
    SHAPES.map((shape, i) => [`level-${i + 1}`, { shape, scale: 1, rotated: false, countFactor: 2 }]),
  ),
  "level-13": { shape: "square", scale: 1, rotated: true, countFactor: 1.5 },
  "level-14": { shape: "hexagon", scale: 0.8, rotated: true, countFactor: 1.5 },
  "level-15": { shape: "circle", scale: 0.7, rotated: false, countFactor: 1.5 },
  "level-16": { shape: "cross", scale: 1, rotated: true, countFactor: 1.5 },
  "level-17": { shape: "arrow", scale: 1.2, rotated: true, countFactor: 1.5 },
  "level-18": { shape: "chevron", scale: 1.2, rotated: true, countFactor: 1.5 },
  "level-19": { shape: "annulus", scale: 0.8, rotated: true, countFactor: 1.5 },
  "level-20": { shape: "star", scale: 1.2, rotated: true, countFactor: 1.5 },
};

export function buildData(params: TetraParams, rotation: number): TetraData {
  const rings = transformRings(baseRings(params.shape), params.scale, rotation);
  const area = rings.reduce((s, r) => s + polygonArea(r), 0);
  const squareShadow = EDGE_LENGTH ** 2 / 2;
  return {
    shape: params.shape,
    rings,
    circleSegments: CURVED.has(params.shape) ? CIRCLE_SEGMENTS : null,
    rotation,
    scale: params.scale,
    area: Math.round(area * 1e6) / 1e6,
    edgeLength: EDGE_LENGTH,
    maxCount: Math.ceil((params.countFactor * area) / squareShadow),
    bar: BARS[params.shape],
  };
}

/** Turns drawn before giving up: the reference must reach full marks on the instance. */
const ATTEMPTS = 10;

/** An instance whose reference cover earns full marks (a turned target is redrawn otherwise). */
export function generateTetraShadow(params: TetraParams, rng: Rng): Instance<TetraData> {
  for (let attempt = 0; attempt < (params.rotated ? ATTEMPTS : 1); attempt++) {
    const rotation = params.rotated ? 10 + rng.int(0, 69) + rng.int(0, 9) / 10 : 0;
    const data = buildData(params, rotation);
    if (!verifyTetraShadow(data, solveTetraShadow(data)).passed) continue;
    return generatedInstance(TASK_ID, params, rng, data);
  }
  throw new InputError(
    `tetra-shadow: the reference cover misses full marks for ${params.shape} at scale ${params.scale} with ${params.countFactor}× area/4 tetrahedra; allow more tetrahedra or a larger scale`,
    { field: "countFactor" },
  );
}
