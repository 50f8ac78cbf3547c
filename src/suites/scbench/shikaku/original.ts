import { z } from "zod";
import { InputError } from "../../../core/errors.ts";
import type { Instance } from "../../../core/task.ts";
import { isInstanceLine, loadInstanceLine, parseRecord, vgbRecordFields } from "../common/vgb-records.ts";
import { dataSchema, rectSchema, type ShikakuData } from "./puzzle.ts";

export const TASK_ID = "scbench/shikaku";

const MAX_SIDE = 30;

/** A record of VisGeomBench's shikaku_curated.jsonl, the file the SCBench original ran. */
const shikakuRecord = z.object({
  ...vgbRecordFields,
  ground_truth: z.array(rectSchema).max(MAX_SIDE * MAX_SIDE),
  datagen_args: z
    .object({ puzzle_id: z.string().max(400).optional(), puzzle_index: z.int().optional() })
    .optional(),
  puzzle: z.object({
    numbers: z.array(z.array(z.int().min(0)).max(MAX_SIDE)).max(MAX_SIDE),
    width: z.int().min(1).max(MAX_SIDE),
    height: z.int().min(1).max(MAX_SIDE),
  }),
});

/** A VisGeomBench Shikaku record (or one of Plumb's own instance lines) as an instance; its stored solution is the reference. */
export function loadShikaku(record: unknown): Instance<ShikakuData> {
  if (isInstanceLine(record)) return loadInstanceLine(record, dataSchema);
  const r = parseRecord(shikakuRecord, record);
  const data = dataSchema.safeParse({
    rows: r.puzzle.height,
    cols: r.puzzle.width,
    grid: r.puzzle.numbers,
    solution: r.ground_truth,
  });
  if (!data.success) {
    const issue = data.error.issues[0];
    throw new InputError(issue?.message ?? "bad puzzle", { field: "puzzle.numbers" });
  }
  const params = { record: r.id, ...r.datagen_args, difficulty: r.metadata?.difficulty ?? null };
  return { id: r.id, task: TASK_ID, params, seed: null, data: data.data };
}
