import { z } from "zod";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import type { ParseFailure } from "../../../core/verdict.ts";
import { answerSchema, type HyperSnakeAnswer } from "./schema.ts";

const unwrapPos = (cell: unknown): unknown =>
  cell !== null && typeof cell === "object" && !Array.isArray(cell) && "pos" in cell
    ? (cell as { pos: unknown }).pos
    : cell;

/**
 * The path in Plumb's shape {"path": [[…], …]}, the original's structured output
 * {"path": [{"pos": […]}, …]}, or a bare list of cells — as JSON or as a Python literal (tuples read as lists).
 */
const anyShape = z.preprocess((v) => {
  const path = Array.isArray(v) ? v : v !== null && typeof v === "object" && "path" in v ? v.path : undefined;
  if (!Array.isArray(path)) return v;
  return { ...(Array.isArray(v) ? {} : (v as object)), path: path.map(unwrapPos) };
}, answerSchema);

export function parseSnakeAnswer(text: string): HyperSnakeAnswer | ParseFailure {
  return parseLooseAnswer(text, anyShape);
}
