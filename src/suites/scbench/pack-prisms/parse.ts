import { z } from "zod";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { ParseFailure } from "../../../core/verdict.ts";
import { cappedList } from "../common/answer-caps.ts";
import { answerSchema, MAX_BOXES, type PackAnswer } from "./schema.ts";

const corner = answerSchema.shape.boxes.element.shape.min;

/** A box as Plumb asks for it, {"min", "max"}, or as the original did, {"XyzMin", "XyzMax"}. */
const eitherBox = z.union(
  [z.object({ min: corner, max: corner }), z.object({ XyzMin: corner, XyzMax: corner })],
  { error: 'a box is {"XyzMin": [x, y, z], "XyzMax": [x, y, z]} (or {"min": ..., "max": ...}) of numbers' },
);
const eitherForm = z.object({ boxes: cappedList(eitherBox, MAX_BOXES, "boxes") });

/** Reads {"boxes": [...]} with either corner naming, as JSON or a Python literal. */
export function parsePack(text: string): PackAnswer | ParseFailure {
  const answer = parseLooseAnswer(text, eitherForm);
  if (answer instanceof ParseFailure) return answer;
  return {
    boxes: answer.boxes.map((b) =>
      "min" in b ? { min: b.min, max: b.max } : { min: b.XyzMin, max: b.XyzMax },
    ),
  };
}
