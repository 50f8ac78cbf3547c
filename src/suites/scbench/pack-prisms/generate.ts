import { generatedInstance } from "../../../core/instances.ts";
import type { Rng } from "../../../core/rng.ts";
import type { Instance } from "../../../core/task.ts";
import {
  type PackAnswer,
  type PackData,
  type PackParams,
  type PrismClass,
  sizeKey,
  TASK_ID,
  totalVolume,
} from "./schema.ts";
import { packPrisms } from "./solve.ts";
import { verifyPack } from "./verify.ts";

const PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
const SHAPES: [number, number, number][] = [
  [1, 1, 2],
  [1, 2, 2],
  [1, 2, 3],
  [2, 2, 2],
  [1, 3, 3],
  [2, 2, 3],
  [1, 2, 5],
  [2, 3, 3],
  [1, 3, 4],
  [2, 2, 5],
  [2, 3, 4],
  [3, 3, 3],
];

/**
 * Level k (1–9) packs four size classes, shapes k…k+3 of a fixed table of twelve, with the
 * counts [p(k+3), p(k+2), p(k+1), p(k)] of the primes 2, 3, 5, 7, 11, … (level 1: [7, 5, 3, 2],
 * level 2: [11, 7, 5, 3]); the most numerous class is the smallest prism.
 */
export const LEVEL_CLASSES: Record<string, PrismClass[]> = Object.fromEntries(
  Array.from({ length: 9 }, (_, i) => {
    const classes = [0, 1, 2, 3].map((j) => ({
      size: SHAPES[i + j] as [number, number, number],
      count: PRIMES[i + 3 - j] as number,
    }));
    return [`level-${i + 1}`, classes];
  }),
);

const normalise = (classes: readonly PrismClass[]): PrismClass[] =>
  classes.map((c) => ({
    size: [...c.size].sort((a, b) => a - b) as [number, number, number],
    count: c.count,
  }));

export function buildData(classes: readonly PrismClass[]): { data: PackData; reference: PackAnswer } {
  const sorted = normalise(classes);
  // The packer sees one canonical order, so the target does not depend on how the classes are listed.
  const canonical = [...sorted].sort(
    (a, b) => sizeKey(a.size).localeCompare(sizeKey(b.size)) || a.count - b.count,
  );
  const packing = packPrisms(canonical);
  const data: PackData = {
    classes: sorted,
    totalVolume: totalVolume(sorted),
    perfect: packing.perfect,
    target: packing.efficiency,
  };
  const reference = { boxes: packing.boxes };
  const verdict = verifyPack(data, reference);
  if (!verdict.passed || verdict.score !== 1) {
    throw new Error(
      `pack-prisms reference packing fails its own verifier: ${verdict.failure?.message ?? ""}`,
    );
  }
  return { data, reference };
}

/** The lists are fixed per level; the seed only shuffles the order the classes are listed in. */
export function generatePack(params: PackParams, rng: Rng): Instance<PackData> {
  const { data } = buildData(rng.shuffle([...params.classes]));
  return generatedInstance(TASK_ID, params, rng, data);
}
