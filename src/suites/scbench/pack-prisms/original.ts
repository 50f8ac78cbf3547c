import { readFileSync } from "node:fs";
import type { Instance, Preset } from "../../../core/task.ts";
import { packPrismsInfo } from "./info.ts";
import { type Box, type PackAnswer, type PackData, type PrismClass, TASK_ID, totalVolume } from "./schema.ts";
import { perfectCandidates } from "./solve.ts";

/**
 * The original's prism list (SCBench `16.py`, `prismList`): count, then the sides largest first.
 * Subtask k packs the first k + 1 entries.
 */
export const ORIGINAL_PRISMS: readonly (readonly [number, number, number, number])[] = [
  [7, 5, 3, 2],
  [11, 7, 5, 3],
  [14, 11, 7, 5],
  [17, 13, 11, 7],
  [19, 17, 13, 11],
  [23, 19, 17, 13],
  [15, 5, 5, 1],
  [2, 17, 10, 2],
  [50, 50, 50, 50],
];

/**
 * Where the original's `isTheoreticallySolvablePerfectly` holds a perfect box possible, a score is
 * the efficiency itself; elsewhere the efficiency over 0.95 (its greedy solver's reach), capped at 1.
 */
const ORIGINAL_PERFECT_POSSIBLE = [true, true, false, false, false, false, false, false, false];
const IMPERFECT_TARGET = 0.95;

/**
 * Plumb's reference packings, one line per subtask, each box [x1, y1, z1, x2, y2, z2]: perfect
 * boxes for the first two, an extreme-point packing of efficiency ≥ 0.96 into a searched
 * container for the rest (computed offline: the search takes minutes).
 */
const REFERENCES: Box[][] = readFileSync(new URL("./original-references.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) =>
    (JSON.parse(line) as { boxes: number[][] }).boxes.map((b) => ({
      min: [b[0], b[1], b[2]] as [number, number, number],
      max: [b[3], b[4], b[5]] as [number, number, number],
    })),
  );

export function originalReference(inst: Instance<PackData>): PackAnswer | undefined {
  const subpass = (inst.params as { subpass?: unknown } | null)?.subpass;
  if (typeof subpass !== "number" || inst.id !== `${TASK_ID}/original/${subpass + 1}`) return undefined;
  const boxes = REFERENCES[subpass];
  return boxes && { boxes: boxes.map((b) => ({ min: [...b.min], max: [...b.max] })) };
}

function originalInstances(): Instance<PackData>[] {
  return ORIGINAL_PRISMS.map((_, k) => {
    const prisms = ORIGINAL_PRISMS.slice(0, k + 1);
    const classes: PrismClass[] = prisms.map(([count, a, b, c]) => ({
      size: [c, b, a],
      count,
    }));
    const possible = ORIGINAL_PERFECT_POSSIBLE[k] === true;
    const data: PackData = {
      classes,
      totalVolume: totalVolume(classes),
      perfect: possible ? "found" : perfectCandidates(classes).length === 0 ? "ruled-out" : "unknown",
      target: possible ? 1 : IMPERFECT_TARGET,
    };
    return {
      id: `${TASK_ID}/original/${k + 1}`,
      task: TASK_ID,
      params: { subpass: k, prisms: prisms.map((p) => [...p]) },
      seed: null,
      data,
    };
  });
}

let cached: string | undefined;

export const originalPreset: Preset<PackData> = {
  description: packPrismsInfo.presets.original.description,
  instances() {
    cached ??= JSON.stringify(originalInstances());
    return JSON.parse(cached) as Instance<PackData>[];
  },
};
