import { z } from "zod";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import type { ParseFailure } from "../../../core/verdict.ts";
import {
  answerSchema,
  type OriginalAnswer,
  originalAnswerSchema,
  type TetraAnswer,
  type TetraData,
} from "./schema.ts";

export const fromOriginal = (a: OriginalAnswer): TetraAnswer => ({
  tetrahedra: a.tetrahedrons.map((t) => ({
    position: [t.x, t.y, t.z],
    quaternion: [t.q0, t.q1, t.q2, t.q3],
  })),
});

export const toOriginal = (a: TetraAnswer): OriginalAnswer => ({
  tetrahedrons: a.tetrahedra.map(({ position: [x, y, z], quaternion: [q0, q1, q2, q3] }) => ({
    x,
    y,
    z,
    q0,
    q1,
    q2,
    q3,
  })),
});

const hasKey = (v: unknown, key: string): boolean =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.hasOwn(v, key);

/**
 * Either form, checked field by field against the form it uses: the original's
 * {"tetrahedrons": [{x, y, z, q0, q1, q2, q3}]} or Plumb's {"tetrahedra": [{position, quaternion}]}.
 * Without either key the instance's own form is expected, so the message names its fields.
 */
function eitherForm(originalFirst: boolean) {
  return z.unknown().transform((value, ctx): TetraAnswer => {
    const original = hasKey(value, "tetrahedrons") || (originalFirst && !hasKey(value, "tetrahedra"));
    const read = original ? originalAnswerSchema.safeParse(value) : answerSchema.safeParse(value);
    if (read.success)
      return original ? fromOriginal(read.data as OriginalAnswer) : (read.data as TetraAnswer);
    for (const issue of read.error.issues)
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path as (string | number)[] });
    return z.NEVER;
  });
}

/** JSON or a Python literal (as the original asked for), in either form. */
export const parseTetraAnswer = (text: string, data: TetraData): TetraAnswer | ParseFailure =>
  parseLooseAnswer(text, eitherForm(data.original !== undefined));
