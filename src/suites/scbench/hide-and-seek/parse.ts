import { z } from "zod";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { ParseFailure } from "../../../core/verdict.ts";
import { cappedList } from "../common/answer-caps.ts";
import { answerSchema, type HideAnswer, MAX_ANSWER_PEOPLE } from "./scene.ts";

const pair = answerSchema.shape.people.element;

/**
 * A person as Plumb asks for it, [x, y], or as the original did, {"xy": [x, y]}; either way one
 * list. Unknown keys (a "reasoning" field, say) are ignored.
 */
const eitherForm = z.object({
  people: cappedList(
    z.union([pair, z.object({ xy: pair })], {
      error: 'a person is [x, y] or {"xy": [x, y]}, two numbers within ±1e6 m',
    }),
    MAX_ANSWER_PEOPLE,
    "people",
  ),
});

/** Reads {"people": [[x, y], ...]} or the original's {"people": [{"xy": [x, y]}, ...]}, JSON or Python. */
export function parseHiding(text: string): HideAnswer | ParseFailure {
  const answer = parseLooseAnswer(text, eitherForm);
  if (answer instanceof ParseFailure) return answer;
  return { people: answer.people.map((p) => (Array.isArray(p) ? p : p.xy)) };
}
