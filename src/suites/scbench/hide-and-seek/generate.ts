import { z } from "zod";
import { InputError } from "../../../core/errors.ts";
import type { Rng } from "../../../core/rng.ts";
import { type HideData, MIN_PERSON_WIDTH } from "./scene.ts";
import { solveHiding } from "./solve.ts";
import { verifyHiding } from "./verify.ts";

export const hideParams = z
  .object({
    people: z.int().min(1).max(2000).default(4),
    /** Side of the building's square footprint, centred at the origin (m). */
    buildingWidth: z.number().positive().max(50).default(2),
    buildingHeight: z.number().positive().max(100).default(10),
    /** Side of a person's square footprint (m). */
    personWidth: z.number().min(MIN_PERSON_WIDTH).max(5).default(0.5),
    personHeight: z.number().positive().max(5).default(1.8),
    /** Largest ground distance from a person's centre to the building centre (m). */
    maxDistance: z.number().positive().max(200).default(30),
    sniperX: z.number().default(100),
    sniperY: z.number().default(100),
    sniperZ: z.number().default(20),
    /** Turn the sniper about the vertical axis by a seeded random angle (the original keeps it fixed). */
    randomAzimuth: z.boolean().default(false),
  })
  .refine((p) => p.sniperZ > p.buildingHeight, {
    message: "the sniper must be above the roof (sniperZ > buildingHeight)",
    path: ["sniperZ"],
  })
  .refine((p) => p.personHeight < p.buildingHeight, {
    message: "people must be shorter than the building",
    path: ["personHeight"],
  })
  .refine((p) => Math.hypot(p.sniperX, p.sniperY) > p.maxDistance + p.buildingWidth, {
    message: "the sniper must stand outside the hiding area (farther than maxDistance + buildingWidth)",
    path: ["sniperX"],
  });
export type HideParams = z.infer<typeof hideParams>;

const round3 = (v: number) => Math.round(v * 1000) / 1000;

export function generateScene(params: HideParams, rng: Rng): HideData {
  let [sx, sy] = [params.sniperX, params.sniperY];
  if (params.randomAzimuth) {
    const r = Math.hypot(sx, sy);
    const angle = rng.float() * 2 * Math.PI;
    [sx, sy] = [round3(r * Math.cos(angle)), round3(r * Math.sin(angle))];
  }
  const data: HideData = {
    people: params.people,
    building: { width: params.buildingWidth, height: params.buildingHeight },
    person: { width: params.personWidth, height: params.personHeight },
    sniper: [sx, sy, params.sniperZ],
    maxDistance: params.maxDistance,
  };
  const answer = solveHiding(data);
  if (answer === null) {
    throw new InputError(`the reference packing cannot hide ${params.people} people in this scene`, {
      field: "people",
    });
  }
  const verdict = verifyHiding(data, answer);
  if (!verdict.passed) throw new Error(`hide-and-seek: reference answer fails: ${verdict.failure?.message}`);
  return data;
}
