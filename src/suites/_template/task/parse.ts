import { parseJsonAnswer } from "../../../core/json-answer.ts";
import type { ParseFailure } from "../../../core/verdict.ts";
import { answerSchema, type FilledAnswer } from "./cells.ts";

/**
 * The answer in a model's reply: the whole reply as JSON (structured output), else the last ```json
 * fence, else the last balanced [...] or {...} that is JSON — then checked by the answer schema.
 * Unreadable text is a ParseFailure naming what is wrong, never an exception. parseJsonAnswer is
 * linear in the text and caps nesting; for answers written as Python literals use parseLooseAnswer.
 */
export function parseFilledCells(text: string): FilledAnswer | ParseFailure {
  return parseJsonAnswer(text, answerSchema);
}
