import { parseJsonAnswer } from "../../../core/json-answer.ts";
import type { Instance, Task } from "../../../core/task.ts";
import { generateTwoSegments, TASK_ID } from "./generate.ts";
import { twoSegmentsPrompt } from "./prompt.ts";
import { renderTwoSegments } from "./render.ts";
import {
  type TwoSegmentsAnswer,
  type TwoSegmentsData,
  type TwoSegmentsParams,
  twoSegmentsAnswer,
  twoSegmentsData,
  twoSegmentsParams,
} from "./schema.ts";
import { findWitness, reachableTargets } from "./solve.ts";
import { SHAPES, type Target } from "./targets.ts";
import { verifyTwoSegments } from "./verify.ts";

const SHORT: Record<(typeof SHAPES)[number], string> = {
  triangle: "tri",
  quadrilateral: "quad",
  pentagon: "pent",
  hexagon: "hex",
};

/** "tri2-pent1" for 2 triangles and 1 pentagon. */
export const targetLevelName = (t: Target): string =>
  SHAPES.filter((k) => t[k] > 0)
    .map((k) => `${SHORT[k]}${t[k]}`)
    .join("-");

const targetLevels = Object.fromEntries(
  reachableTargets(2).map((target) => [targetLevelName(target), { target }]),
);

export const twoSegmentsTask: Task<TwoSegmentsParams, TwoSegmentsData, TwoSegmentsAnswer> = {
  id: TASK_ID,
  suite: "scbench",
  version: 1,
  description:
    "Place two segments with endpoints on the unit square's boundary so that they cut it into a target multiset of triangles, quadrilaterals, pentagons and hexagons.",
  tags: ["axiomatic", "geometry", "spatial", "arrangement"],
  params: twoSegmentsParams,
  levels: {
    easy: { tier: "easy" },
    medium: { tier: "medium" },
    hard: { tier: "hard" },
    ...targetLevels,
  },
  answer: twoSegmentsAnswer,
  data: twoSegmentsData,
  generate: generateTwoSegments,
  level: (inst) => inst.data.tier,
  prompt: (inst, opts) => twoSegmentsPrompt(inst.data, opts),
  parse: (text) => parseJsonAnswer(text, twoSegmentsAnswer),
  verify: verifyTwoSegments,
  solve(inst) {
    const witness = findWitness(inst.data.target, inst.data.snapDecimals);
    return witness ? { answers: [witness], complete: true } : { answers: [], complete: false };
  },
  formatAnswer: (answer) => JSON.stringify(answer),
  randomAnswer(inst, rng) {
    const d = inst.data.snapDecimals;
    const scale = 10 ** d;
    const point = (): [number, number] => {
      const t = rng.int(0, scale) / scale;
      const side = rng.int(0, 3);
      if (side === 0) return [t, 0];
      if (side === 1) return [1, t];
      if (side === 2) return [t, 1];
      return [0, t];
    };
    return {
      segments: [
        [point(), point()],
        [point(), point()],
      ],
    };
  },
  render: (inst, answer) => renderTwoSegments(inst.data, answer),
};

export type TwoSegmentsInstance = Instance<TwoSegmentsData>;
