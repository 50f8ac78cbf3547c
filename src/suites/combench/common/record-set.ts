import { z } from "zod";
import { InputError } from "../../../core/errors.ts";
import { Rng } from "../../../core/rng.ts";
import type { GenerateContext, Instance } from "../../../core/task.ts";
import type { TaskRecord } from "./record.ts";

/** Which built-in records a generated set draws from: a category and a difficulty level, matched ignoring case. */
export const recordParams = z
  .object({
    category: z.string().trim().min(1).optional(),
    level: z.string().trim().min(1).optional(),
  })
  .strict();

export type RecordParams = z.infer<typeof recordParams>;

const same = (a: string | undefined, b: string | undefined) =>
  b === undefined || a?.toLowerCase() === b.toLowerCase();

export function selectRecords(records: readonly TaskRecord[], params: RecordParams): TaskRecord[] {
  const chosen = records.filter((r) => same(r.category, params.category) && same(r.level, params.level));
  if (chosen.length === 0) {
    const known = (pick: (r: TaskRecord) => string | undefined) =>
      [...new Set(records.map(pick).filter((v) => v !== undefined))].join(", ") || "none";
    throw new InputError(
      `no built-in record matches (categories: ${known((r) => r.category)}; levels: ${known((r) => r.level)})`,
      { field: "params" },
    );
  }
  return chosen;
}

/**
 * Instance i of a generated set is record i of one order seeded by the set, so a set never repeats
 * a record until it runs out; past the set size every draw repeats and generation stops with
 * "only N distinct". Outside a set it is a plain random pick.
 */
export function drawRecord(records: readonly TaskRecord[], rng: Rng, ctx?: GenerateContext): TaskRecord {
  if (!ctx) return rng.pick(records);
  const order = new Rng(`${ctx.setSeed}/combench-order`).shuffle(records);
  return order[ctx.index % order.length] as TaskRecord;
}

export function recordInstance(
  task: string,
  record: TaskRecord,
  params: unknown,
  seed: string | null,
): Instance<TaskRecord> {
  return { id: record.id, task, params, seed, data: record };
}
