import { z } from "zod";
import { cappedList } from "../common/answer-caps.ts";

const point3 = z.tuple([z.number(), z.number(), z.number()]);

/** Narrowest person footprint (m): keeps the overlap search linear (see overlapPartners). */
export const MIN_PERSON_WIDTH = 0.01;

/**
 * One scene. The building is the box [-w/2, w/2] × [-w/2, w/2] × [0, buildingHeight] (ground at z = 0);
 * a person is the axis-aligned box of footprint personWidth × personWidth centred at its (x, y),
 * from z = 0 to z = personHeight.
 */
export const dataSchema = z
  .object({
    people: z.int().min(1),
    building: z.object({ width: z.number().positive(), height: z.number().positive() }).strict(),
    person: z.object({ width: z.number().min(MIN_PERSON_WIDTH), height: z.number().positive() }).strict(),
    sniper: point3,
    maxDistance: z.number().positive(),
  })
  .strict();
export type HideData = z.infer<typeof dataSchema>;

/** The most positions an answer may list: 5× the largest crowd the generator accepts (2000). */
export const MAX_ANSWER_PEOPLE = 10000;
/** Largest |x| or |y| an answer may give (m), far beyond any scene's range. */
export const MAX_COORDINATE = 1e6;

// z.number() already rejects NaN and ±Infinity, and "NaN"-like strings fail as non-numbers.
const coordinate = z
  .number()
  .min(-MAX_COORDINATE, `coordinates lie within ±${MAX_COORDINATE} m`)
  .max(MAX_COORDINATE, `coordinates lie within ±${MAX_COORDINATE} m`);

/** Unknown keys (a "reasoning" field, say) are ignored. */
export const answerSchema = z.object({
  people: cappedList(z.tuple([coordinate, coordinate]), MAX_ANSWER_PEOPLE, "people"),
});
export type HideAnswer = z.infer<typeof answerSchema>;
