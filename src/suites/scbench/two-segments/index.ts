import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Instance, Task } from "../../../core/task.ts";
import { recordsPreset } from "../common/vgb-records.ts";
import { twoSegmentsCard } from "./card.ts";
import { frameOf } from "./frame.ts";
import { generateTwoSegments, TASK_ID } from "./generate.ts";
import { twoSegmentsInfo } from "./info.ts";
import { loadTwoSegments } from "./original.ts";
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
  ...infoFields(twoSegmentsInfo),
  version: 2,
  params: twoSegmentsParams,
  levels: {
    easy: { tier: "easy" },
    medium: { tier: "medium" },
    hard: { tier: "hard" },
    ...targetLevels,
  },
  presets: {
    original: recordsPreset(
      TASK_ID,
      twoSegmentsInfo.presets.original.description,
      new URL("./original.jsonl", import.meta.url),
      loadTwoSegments,
    ),
  },
  answer: twoSegmentsAnswer,
  data: twoSegmentsData,
  generate: generateTwoSegments,
  level: (inst) => inst.data.tier,
  prompt: (inst, opts) => twoSegmentsPrompt(inst.data, opts),
  parse: (text) => parseLooseAnswer(text, twoSegmentsAnswer),
  load: loadTwoSegments,
  verify: verifyTwoSegments,
  card: twoSegmentsCard,
  solve(inst) {
    const witness = solveInRegion(inst);
    return witness ? { answers: [witness], complete: true } : { answers: [], complete: false };
  },
  /** The records store only the target counts, so the reference is the solver's construction. */
  references: (inst) => {
    const witness = solveInRegion(inst);
    return witness ? [witness] : [];
  },
  formatAnswer: (answer) => JSON.stringify(answer),
  randomAnswer(inst, rng) {
    const frame = frameOf(inst.data.corners);
    const place = (p: [number, number]): [number, number] => (frame ? frame.fromUnit(p) : p);
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
        [place(point()), place(point())],
        [place(point()), place(point())],
      ],
    };
  },
  render: (inst, answer) => renderTwoSegments(inst.data, answer),
};

/** A construction in the unit square (on the grid, when one is set) carried into the instance's region. */
function solveInRegion(inst: Instance<TwoSegmentsData>): TwoSegmentsAnswer | null {
  const witness = findWitness(inst.data.target, inst.data.snapDecimals, inst.data.grid);
  const frame = frameOf(inst.data.corners);
  if (!witness || !frame) return witness;
  return {
    segments: witness.segments.map((s) => s.map((p) => frame.fromUnit(p))) as TwoSegmentsAnswer["segments"],
  };
}

export type TwoSegmentsInstance = Instance<TwoSegmentsData>;
