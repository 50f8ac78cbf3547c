import { z } from "zod";

export const TASK_ID = "scbench/lego-shell";

/** A 2×4 brick: 32 × 16 mm in plan, 9.6 mm tall (studs and tubes ignored). */
export const BRICK_LONG = 32;
export const BRICK_SHORT = 16;
export const BRICK_HEIGHT = 9.6;
export const BRICK_VOLUME = BRICK_LONG * BRICK_SHORT * BRICK_HEIGHT;
/** The stud pitch. */
export const PITCH = 8;
/** Lengths (mm) within this are equal: stud offsets, touching faces, the footprint edge. */
export const TOLERANCE = 0.01;
/** About 10× the largest level's reference (1,054 bricks) and 2× the largest the parameters allow (4,539 at 20–220 mm). */
export const MAX_BRICKS = 10_000;
/** An intersection-over-union with the shell of this much or more scores 1. */
export const PERFECT_IOU = 0.65;

export const legoShellParams = z
  .object({
    /** Inner radius of the hemispherical shell, mm. */
    inner: z.number().min(20).max(200).default(40),
    /** Outer radius, mm. */
    outer: z.number().min(44).max(220).default(70),
  })
  .refine((p) => p.outer - p.inner >= 20, { message: "outer must exceed inner by at least 20 mm" });
export type LegoShellParams = z.infer<typeof legoShellParams>;

export const dataSchema = z.object({
  inner: z.number().positive(),
  outer: z.number().positive(),
  /** Closed form 2/3·π·(outer³ − inner³), mm³. */
  shellVolume: z.number().positive(),
});
export type LegoShellData = z.infer<typeof dataSchema>;

const mm = z.number().min(-10_000).max(10_000);
const layerSchema = z.number().int().min(-1000).max(1000);
/** A brick in Plumb's own answer form: axis-aligned only. */
export const brickSchema = z.object({
  /** Smallest x of the brick's footprint, mm. */
  x: mm,
  /** Smallest y of the brick's footprint, mm. */
  y: mm,
  /** The brick spans z from layer·9.6 to (layer+1)·9.6 mm. */
  layer: layerSchema,
  /** 0: the 32 mm side along x; 90: along y. */
  orientation: z.union([z.literal(0), z.literal(90)]),
});

/**
 * A brick as the verifier sees it: Plumb's form, or the original's turned by any angle. x and y
 * are the smallest x and y of its footprint (the corner of the footprint's bounding box);
 * orientation is the turn of its 32 mm side from +x, counter-clockwise, in degrees [0, 180).
 */
const anyBrickSchema = z.object({
  x: mm,
  y: mm,
  layer: layerSchema,
  orientation: z.number().min(0).lt(180),
});
export type Brick = z.infer<typeof anyBrickSchema>;

/** cos and sin of a turn in degrees; exact for 0 and 90. */
export function turnFrame(degrees: number): [number, number] {
  if (degrees === 0) return [1, 0];
  if (degrees === 90) return [0, 1];
  const r = (degrees * Math.PI) / 180;
  return [Math.cos(r), Math.sin(r)];
}

/** Half the extent along x and along y of the footprint of a brick turned by `degrees`. */
export function halfSpan(degrees: number): [number, number] {
  const [c, s] = turnFrame(degrees);
  const [a, b] = [BRICK_LONG / 2, BRICK_SHORT / 2];
  return [a * Math.abs(c) + b * Math.abs(s), a * Math.abs(s) + b * Math.abs(c)];
}

/** How far (in layers) an original centroid height may sit from a layer's middle. */
const LAYER_SLACK = 1e-3;
/** Turns within this many degrees of a multiple of 90 are that right angle. */
const RIGHT_ANGLE_SLACK = 1e-9;

/**
 * A brick as the original asked for it, {"Centroid": [x, y, z], "RotationDegrees": r} (the centre of
 * the brick, turned r° about z), as a verifier brick: r is reduced exactly modulo 180 (a brick turned
 * half a turn has the same footprint and studs), and a turn within 1e-9° of 0 or 90 is that right
 * angle. A brick in Plumb's own form must have orientation 0 or 90.
 */
function fromOriginalBrick(item: unknown, ctx: z.core.$RefinementCtx): unknown {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return item;
  const o = item as Record<string, unknown>;
  const refuse = (path: string, message: string) => {
    ctx.addIssue({ code: "custom", path: [path], message });
    return z.NEVER;
  };
  if (!Object.hasOwn(o, "Centroid")) {
    if (Object.hasOwn(o, "orientation") && o.orientation !== 0 && o.orientation !== 90)
      return refuse(
        "orientation",
        "orientation must be 0 or 90 (a brick at another angle is given as Centroid and RotationDegrees)",
      );
    return item;
  }
  const c = o.Centroid;
  const r = o.RotationDegrees;
  if (!Array.isArray(c) || c.length !== 3 || !c.every((v) => typeof v === "number" && Number.isFinite(v)))
    return refuse("Centroid", "Centroid must be three finite numbers [x, y, z]");
  if (typeof r !== "number" || !Number.isFinite(r))
    return refuse("RotationDegrees", "RotationDegrees must be a finite number");
  const [cx, cy, cz] = c as [number, number, number];
  const layer = (cz - BRICK_HEIGHT / 2) / BRICK_HEIGHT;
  if (Math.abs(layer - Math.round(layer)) > LAYER_SLACK)
    return refuse(
      "Centroid",
      `Centroid z must be a layer's middle, ${BRICK_HEIGHT / 2} + n × ${BRICK_HEIGHT} mm`,
    );
  // fmod is exact, so even a huge angle reduces to its true remainder.
  let turn = ((r % 180) + 180) % 180;
  if (turn < RIGHT_ANGLE_SLACK || 180 - turn < RIGHT_ANGLE_SLACK) turn = 0;
  else if (Math.abs(turn - 90) < RIGHT_ANGLE_SLACK) turn = 90;
  const [hx, hy] = halfSpan(turn);
  return { x: cx - hx, y: cy - hy, layer: Math.round(layer), orientation: turn };
}

/** Plumb's own answer form, as the explained prompt asks for it. */
export const plumbAnswerSchema = z.object({ bricks: z.array(brickSchema).max(MAX_BRICKS) });

/** Every answer form read: Plumb's bricks and the original's centroids, at any angle. */
export const answerSchema = z.object({
  bricks: z.array(z.preprocess(fromOriginalBrick, anyBrickSchema)).max(MAX_BRICKS),
});
export type LegoShellAnswer = z.infer<typeof answerSchema>;

export const shellVolume = (inner: number, outer: number): number =>
  (2 / 3) * Math.PI * (outer ** 3 - inner ** 3);
