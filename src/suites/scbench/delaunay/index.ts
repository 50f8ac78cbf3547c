import { z } from "zod";
import { generatedInstance } from "../../../core/instances.ts";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Instance, Task } from "../../../core/task.ts";
import { cappedList } from "../common/answer-caps.ts";
import { recordsPreset } from "../common/vgb-records.ts";
import { delaunayCard } from "./card.ts";
import {
  type DelaunayData,
  type DelaunayParams,
  delaunayData,
  delaunayParams,
  generatePoints,
  MAX_LOADED_POINTS,
} from "./generate.ts";
import { hullBoundary } from "./geometry.ts";
import { delaunayInfo } from "./info.ts";
import { loadDelaunay } from "./original.ts";
import { delaunayPrompt } from "./prompt.ts";
import { renderDelaunay } from "./render.ts";
import { delaunayTriangles } from "./solve.ts";
import { type DelaunayAnswer, verifyTriangulation } from "./verify.ts";

const ID = "scbench/delaunay";

/**
 * Most triangles an answer may list: 10× the most a triangulation of MAX_LOADED_POINTS points can
 * have. A triangle's entries are capped loosely, so that a wrong count is still reported by the
 * verifier. Unknown keys are ignored.
 */
export const MAX_TRIANGLES = 10 * (2 * MAX_LOADED_POINTS - 5);
const MAX_TRIANGLE_ENTRIES = 30;

const triangleList = cappedList(
  cappedList(z.number(), MAX_TRIANGLE_ENTRIES, "entries in a triangle"),
  MAX_TRIANGLES,
  "triangles",
);

/**
 * Plumb's {"triangles": [...]} or the bare list of triangles the original's prompt asks for
 * (as JSON or as a Python literal, tuples included).
 */
export const delaunayAnswer: z.ZodType<DelaunayAnswer> = z.preprocess(
  (value) => (Array.isArray(value) ? { triangles: value } : value),
  z.object({ triangles: triangleList }),
) as z.ZodType<DelaunayAnswer>;

/** The 25 subpasses: growing uniform sets, then clustered, near-collinear and co-circular layouts. */
const levels: Record<string, Partial<DelaunayParams>> = {
  ...Object.fromEntries(
    [4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 22, 25, 28, 30].map((n) => [
      `uniform-${String(n).padStart(2, "0")}`,
      { layout: "uniform" as const, points: n },
    ]),
  ),
  "clustered-12": { layout: "clustered", points: 12 },
  "clustered-20": { layout: "clustered", points: 20 },
  "clustered-28": { layout: "clustered", points: 28 },
  "near-collinear-10": { layout: "near-collinear", points: 10 },
  "near-collinear-16": { layout: "near-collinear", points: 16 },
  "near-collinear-24": { layout: "near-collinear", points: 24 },
  "lattice-09": { layout: "lattice", points: 9 },
  "lattice-20": { layout: "lattice", points: 20 },
  "circle-08": { layout: "circle", points: 8 },
  "circle-square-14": { layout: "circle-square", points: 14 },
};

export const delaunayTask: Task<DelaunayParams, DelaunayData, DelaunayAnswer> = {
  ...infoFields(delaunayInfo),
  version: 2,
  card: delaunayCard,
  params: delaunayParams,
  levels,
  presets: {
    original: recordsPreset(
      ID,
      delaunayInfo.presets.original.description,
      new URL("./original.jsonl", import.meta.url),
      loadDelaunay,
    ),
  },
  answer: delaunayAnswer,
  data: delaunayData,

  generate(params, rng) {
    const points = generatePoints(params, rng).map(([x, y]): [number, number] => [x, y]);
    const data: DelaunayData = { points };
    const reference = { triangles: delaunayTriangles(points) };
    const verdict = verifyTriangulation(points, reference);
    if (!verdict.passed)
      throw new Error(`delaunay reference fails its own verifier: ${verdict.failure?.message}`);
    return generatedInstance(ID, params, rng, data);
  },

  load: loadDelaunay,
  level: (inst) => levelOf(inst.params),
  /** The answer the original record stores, when loaded from one (9 of the 25 are not Delaunay); else the solver's. */
  references: (inst) => [{ triangles: inst.data.original?.answer ?? delaunayTriangles(inst.data.points) }],
  prompt: (inst, opts) => delaunayPrompt(inst.data, opts),
  parse: (text) => parseLooseAnswer(text, delaunayAnswer),
  verify: (inst, answer) => verifyTriangulation(inst.data.points, answer),
  solve: (inst) => ({ answers: [{ triangles: delaunayTriangles(inst.data.points) }], complete: true }),
  formatAnswer: (answer) => JSON.stringify(answer),

  randomAnswer(inst, rng) {
    const n = inst.data.points.length;
    const count = Math.max(1, 2 * n - 2 - hullBoundary(inst.data.points).length);
    return {
      triangles: Array.from({ length: count }, () =>
        rng.shuffle(inst.data.points.map((_, i) => i)).slice(0, 3),
      ),
    };
  },

  render: (inst, answer) => renderDelaunay(inst.data.points, answer, `Delaunay ${inst.id}`),
};

/** The original's difficulty tag ("easy", "medium", "hard") for loaded records; none for generated sets. */
function levelOf(params: unknown): string | null {
  const difficulty = (params as { difficulty?: unknown } | null)?.difficulty;
  return typeof difficulty === "string" ? difficulty : null;
}

export type DelaunayInstance = Instance<DelaunayData>;
