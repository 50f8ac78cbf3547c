import { z } from "zod";

export const TASK_ID = "scbench/pack-prisms";

const side = z.number().int().min(1).max(50);
export const prismClassSchema = z.object({
  /** Side lengths, sorted ascending. */
  size: z.tuple([side, side, side]),
  count: z.number().int().min(1).max(200),
});
export type PrismClass = z.infer<typeof prismClassSchema>;

export const packParams = z.object({
  classes: z
    .array(prismClassSchema)
    .min(1)
    .max(10)
    .default([
      { size: [1, 1, 2], count: 7 },
      { size: [1, 2, 3], count: 5 },
      { size: [2, 2, 3], count: 3 },
      { size: [2, 3, 4], count: 2 },
    ]),
});
export type PackParams = z.infer<typeof packParams>;

export const dataSchema = z.object({
  classes: z.array(prismClassSchema).min(1),
  totalVolume: z.number().int().positive(),
  /** "found": the reference packed a perfect box; "ruled-out": no box can be perfect (divisibility); else "unknown". */
  perfect: z.enum(["found", "ruled-out", "unknown"]),
  /** The efficiency a score of 1 needs: 1 when a perfect box was found, else the reference packer's. */
  target: z.number().positive().max(1),
});
export type PackData = z.infer<typeof dataSchema>;

const coord = z.number().min(-1e6).max(1e6);
export const boxSchema = z.object({
  min: z.tuple([coord, coord, coord]),
  max: z.tuple([coord, coord, coord]),
});
export type Box = z.infer<typeof boxSchema>;
/** Read at most: the most prisms the parameters allow (10 classes of 200); fewer or more fail the counts. */
export const MAX_BOXES = 2000;
export const answerSchema = z.object({ boxes: z.array(boxSchema).max(MAX_BOXES) });
export type PackAnswer = z.infer<typeof answerSchema>;

export const sortedSize = (b: Box): [number, number, number] => {
  const d = [b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]].sort((x, y) => x - y);
  return [d[0] as number, d[1] as number, d[2] as number];
};
export const sizeKey = (s: readonly number[]): string => s.join("×");
export const totalVolume = (classes: readonly PrismClass[]): number =>
  classes.reduce((sum, c) => sum + c.size[0] * c.size[1] * c.size[2] * c.count, 0);
