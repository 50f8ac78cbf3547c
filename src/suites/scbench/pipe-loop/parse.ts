import { z } from "zod";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import type { ParseFailure } from "../../../core/verdict.ts";
import { answerSchema, type PipeAnswer } from "./model.ts";

const asPair = (p: unknown): unknown =>
  p !== null && typeof p === "object" && !Array.isArray(p) && "x" in p && "y" in p
    ? [(p as { x: unknown }).x, (p as { y: unknown }).y]
    : p;

/**
 * The points as Plumb asks ({"points": [[x, y], …]}), as the original's structured output asked
 * ({"points": [{"x": …, "y": …}, …]}), or as a bare list of pairs or tuples — JSON or a Python literal.
 */
const anyShape = z.preprocess((v) => {
  const points = Array.isArray(v)
    ? v
    : v !== null && typeof v === "object" && "points" in v
      ? v.points
      : undefined;
  if (!Array.isArray(points)) return v;
  return { ...(Array.isArray(v) ? {} : (v as object)), points: points.map(asPair) };
}, answerSchema);

export function parsePipeAnswer(text: string): PipeAnswer | ParseFailure {
  return parseLooseAnswer(text, anyShape);
}
