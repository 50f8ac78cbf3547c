import { checkAnswer } from "../../../core/json-answer.ts";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { isParseFailure, type ParseFailure } from "../../../core/verdict.ts";
import { lastLabelList } from "../common/label-list.ts";
import { type HalfSubdivisionAnswer, halfSubdivisionAnswer } from "./schema.ts";

const ADDRESS = /^[01]+$/;

/**
 * JSON or a Python list first; else the bare comma-separated labels the original's prompt asks for
 * (`0010, 0011, 010`), which neither JSON nor Python reads as strings (leading zeros).
 */
export function parseNeighbours(text: string): HalfSubdivisionAnswer | ParseFailure {
  const parsed = parseLooseAnswer(text, halfSubdivisionAnswer);
  if (!isParseFailure(parsed)) return parsed;
  const labels = lastLabelList(text, (label) => (ADDRESS.test(label) ? label : undefined));
  return labels ? checkAnswer({ neighbours: labels }, halfSubdivisionAnswer) : parsed;
}
