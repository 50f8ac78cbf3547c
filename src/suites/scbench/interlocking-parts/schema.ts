import { z } from "zod";

export const TASK_ID = "scbench/interlocking-parts";

/** Fixed rules of the brief (the seed's numbers where it kept them, chosen ones where it lost them). */
export const RULES = {
  partCount: 10,
  rodCount: 4,
  rodDiameter: 6,
  /** A rod this thick must be blocked by material around every hole. */
  blockedRodDiameter: 16,
  /** A part engages a rod when its material enters this cylinder around the rod axis in all four quadrants. */
  engageDiameter: 8,
  /** Height of the bands along each rod where the 16 mm rod must meet material (bands are equal, at most this tall). */
  rodBandHeight: 100,
  /** External size = internal size + these. */
  wallAllowance: 30,
  heightAllowance: 40,
  /** The clear internal box starts this high above the bed. */
  clearBoxBottom: 20,
  passCube: 40,
  blockCube: 101,
  barThickness: 10,
  barTolerance: 2,
  gapMin: 50,
  gapMax: 100,
  /** Intersection volumes at or below this count as zero (mm³). */
  volumeTolerance: 1,
  minBedContact: 300,
  maxOverhangDeg: 45,
  /** Overhang area allowed, as a fraction of the part's surface area. */
  maxOverhangFraction: 0.02,
  maxTriangles: 20000,
  maxVertices: 20000,
  /** Coordinates within this of a plane count as on it (mm). */
  eps: 0.01,
} as const;

export const interlockingParams = z.object({
  innerWidth: z.number().int().min(320).max(360).default(350),
  innerHeight: z.number().int().min(600).max(720).default(700),
  /** Printer build volume x, y, z (mm). */
  build: z
    .tuple([z.number().int(), z.number().int(), z.number().int()])
    .default([400, 400, 400])
    .refine(
      (b) => b[0] >= 380 && b[0] <= 600 && b[1] >= 380 && b[1] <= 600 && b[2] >= 10 && b[2] <= 600,
      "the build volume must be 380–600 mm across and 10–600 mm tall (the original's printer is 400 × 400 × 50)",
    ),
  /** When true the seed redraws the inner size and the printer within a few centimetres. */
  vary: z.boolean().default(false),
});
export type InterlockingParams = z.infer<typeof interlockingParams>;

export const dataSchema = z.object({
  /** Internal clear width and depth (x and y), mm. */
  innerWidth: z.number().int().positive(),
  /** Internal clear height, mm. */
  innerHeight: z.number().int().positive(),
  build: z.tuple([z.number().int().positive(), z.number().int().positive(), z.number().int().positive()]),
  /**
   * Set on the original's subtasks: the one criterion (the original's subpass, 0–8) this instance
   * is graded on. Absent, all nine are graded together.
   */
  subpass: z.int().min(0).max(8).optional(),
});
export type InterlockingData = z.infer<typeof dataSchema>;

const coord = z.number().min(-1e5).max(1e5);
const vec3 = z.tuple([coord, coord, coord]);
const row = z.tuple([coord, coord, coord, coord]);
const index = z.number().int().min(0);
/**
 * Size caps of an answer, readable but refused beyond: per part 2.5× the rules' 20,000 (a part
 * over the rules' limit is read and then fails basic validity, naming it), 10× the parts and 25×
 * the rods needed. Answers with other than 10 parts are not built at all.
 */
export const ANSWER_LIMITS = { parts: 100, partSize: 50_000, rods: 100, name: 200 } as const;
export const partSchema = z.object({
  name: z.string().max(ANSWER_LIMITS.name),
  vertices: z.array(vec3).max(ANSWER_LIMITS.partSize),
  faces: z.array(z.tuple([index, index, index])).max(ANSWER_LIMITS.partSize),
  transform: z.tuple([row, row, row, row]),
});
export type Part = z.infer<typeof partSchema>;
/** The original took parts as files to run or import; Plumb reads meshes only, and says so by name. */
function refuseFileParts(item: unknown, ctx: z.core.$RefinementCtx): unknown {
  if (typeof item === "object" && item !== null && Object.hasOwn(item, "fileContents")) {
    ctx.addIssue({
      code: "custom",
      path: ["fileContents"],
      message:
        "parts given as file contents (OpenSCAD, STL or Python) are not read: give each part as a triangle mesh {name, vertices, faces, transform}",
    });
    return z.NEVER;
  }
  return item;
}

export const answerSchema = z.object({
  parts: z.array(z.preprocess(refuseFileParts, partSchema)).max(ANSWER_LIMITS.parts),
  rods: z.array(z.object({ x: coord, y: coord })).max(ANSWER_LIMITS.rods),
});
export type InterlockingAnswer = z.infer<typeof answerSchema>;

/** The numbers every check derives from an instance. */
export interface Limits {
  /** Half the internal width: the clear box is |x|, |y| ≤ half. */
  inner: number;
  /** Half the external width: parts stay within |x|, |y| ≤ outer. */
  outer: number;
  clearBottom: number;
  clearTop: number;
  externalTop: number;
  build: [number, number, number];
}

export function limitsOf(data: InterlockingData): Limits {
  return {
    inner: data.innerWidth / 2,
    outer: (data.innerWidth + RULES.wallAllowance) / 2,
    clearBottom: RULES.clearBoxBottom,
    clearTop: RULES.clearBoxBottom + data.innerHeight,
    externalTop: data.innerHeight + RULES.heightAllowance,
    build: data.build,
  };
}
