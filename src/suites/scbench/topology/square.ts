import { z } from "zod";
import type { Rng } from "../../../core/rng.ts";
import { CORNERS, type Corner, fromCanonical, SIDES, type Side, toCanonical } from "./corners.ts";

const isPermutation = (names: readonly string[]): boolean => new Set(names).size === names.length;

export const cornerOrderSchema = z
  .array(z.enum(CORNERS))
  .length(4)
  .refine(isPermutation, "each corner must appear once");
export const sideOrderSchema = z
  .array(z.enum(SIDES))
  .length(4)
  .refine(isPermutation, "each side must appear once");

/** A square as shown: `labels[i]` is the label of corner `corners[i]`. */
export const labelledSquareSchema = z.object({
  corners: cornerOrderSchema,
  labels: z.array(z.number().int().min(0).max(9)).length(4),
});
export type LabelledSquare = z.infer<typeof labelledSquareSchema>;

export const canonicalLabels = (square: LabelledSquare): number[] =>
  toCanonical(square.corners, square.labels);

/** How corners are listed: the canonical order, or a fresh random permutation per square. */
export const orderMode = z.enum(["canonical", "shuffled"]);
export type OrderMode = z.infer<typeof orderMode>;

export interface SquareOptions {
  count: number;
  cornerOrder: OrderMode;
  /** Show the labels renamed at random within 0..3 instead of in first-appearance form. */
  relabel: boolean;
}

export function pickOrder<T>(names: readonly T[], mode: OrderMode, rng: Rng): T[] {
  return mode === "canonical" ? names.slice() : rng.shuffle(names);
}

/**
 * `count` squares whose canonical configurations come from `pool`, walking through a fresh shuffle
 * of the pool each time it runs out, so small prompts still show varied configurations.
 */
export function sampleSquares(
  pool: readonly (readonly number[])[],
  opts: SquareOptions,
  rng: Rng,
): LabelledSquare[] {
  if (pool.length === 0) throw new Error("sampleSquares: empty configuration pool");
  const squares: LabelledSquare[] = [];
  let deck: (readonly number[])[] = [];
  for (let i = 0; i < opts.count; i++) {
    if (deck.length === 0) deck = rng.shuffle(pool);
    const config = deck.pop() as readonly number[];
    const names = opts.relabel ? rng.shuffle([0, 1, 2, 3]) : [0, 1, 2, 3];
    const canonical = config.map((label) => names[label] as number);
    const corners: Corner[] = pickOrder(CORNERS, opts.cornerOrder, rng);
    squares.push({ corners, labels: fromCanonical(corners, canonical) });
  }
  return squares;
}

export const sideNumber = (sides: readonly Side[], canonicalSide: number): number =>
  sides.indexOf(SIDES[canonicalSide] as Side);

/** Corners listed as "bottom-left = 2, top-right = 0, …" in the square's own order. */
export const describeLabels = (square: LabelledSquare): string =>
  square.corners.map((corner, i) => `${corner} = ${square.labels[i]}`).join(", ");
