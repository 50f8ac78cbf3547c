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
export const brickSchema = z.object({
  /** Smallest x of the brick's footprint, mm. */
  x: mm,
  /** Smallest y of the brick's footprint, mm. */
  y: mm,
  /** The brick spans z from layer·9.6 to (layer+1)·9.6 mm. */
  layer: z.number().int().min(-1000).max(1000),
  /** 0: the 32 mm side along x; 90: along y. */
  orientation: z.union([z.literal(0), z.literal(90)]),
});
export type Brick = z.infer<typeof brickSchema>;

/** How far (in layers) an original centroid height may sit from a layer's middle. */
const LAYER_SLACK = 1e-3;

/**
 * A brick as the original asked for it, {"Centroid": [x, y, z], "RotationDegrees": r} (the centre of
 * the brick, turned r° about z), as Plumb's brick. Only turns by multiples of 90° have a Plumb form;
 * anything else that names a Centroid is refused with the field named.
 */
function fromOriginalBrick(item: unknown, ctx: z.core.$RefinementCtx): unknown {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return item;
  const o = item as Record<string, unknown>;
  if (!Object.hasOwn(o, "Centroid")) return item;
  const refuse = (path: string, message: string) => {
    ctx.addIssue({ code: "custom", path: [path], message });
    return z.NEVER;
  };
  const c = o.Centroid;
  const r = o.RotationDegrees;
  if (!Array.isArray(c) || c.length !== 3 || !c.every((v) => typeof v === "number" && Number.isFinite(v)))
    return refuse("Centroid", "Centroid must be three finite numbers [x, y, z]");
  if (typeof r !== "number" || !Number.isFinite(r))
    return refuse("RotationDegrees", "RotationDegrees must be a number");
  const turns = Math.round(r / 90);
  if (Math.abs(r / 90 - turns) > 1e-9)
    return refuse(
      "RotationDegrees",
      "RotationDegrees must be a multiple of 90 (bricks at other angles are not supported yet)",
    );
  const [cx, cy, cz] = c as [number, number, number];
  const layer = (cz - BRICK_HEIGHT / 2) / BRICK_HEIGHT;
  if (Math.abs(layer - Math.round(layer)) > LAYER_SLACK)
    return refuse(
      "Centroid",
      `Centroid z must be a layer's middle, ${BRICK_HEIGHT / 2} + n × ${BRICK_HEIGHT} mm`,
    );
  const along = turns % 2 === 0;
  const [dx, dy] = along ? [BRICK_LONG / 2, BRICK_SHORT / 2] : [BRICK_SHORT / 2, BRICK_LONG / 2];
  return { x: cx - dx, y: cy - dy, layer: Math.round(layer), orientation: along ? 0 : 90 };
}

export const answerSchema = z.object({
  bricks: z.array(z.preprocess(fromOriginalBrick, brickSchema)).max(MAX_BRICKS),
});
export type LegoShellAnswer = z.infer<typeof answerSchema>;

export const shellVolume = (inner: number, outer: number): number =>
  (2 / 3) * Math.PI * (outer ** 3 - inner ** 3);
