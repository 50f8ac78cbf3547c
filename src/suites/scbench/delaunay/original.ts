import { z } from "zod";
import { InputError } from "../../../core/errors.ts";
import type { Instance } from "../../../core/task.ts";
import { isInstanceLine, loadInstanceLine, parseRecord, vgbRecordFields } from "../common/vgb-records.ts";
import { type DelaunayData, delaunayData, MAX_LOADED_POINTS, SCALE } from "./generate.ts";

export const TASK_ID = "scbench/delaunay";

const triangle = z.array(z.int().min(0)).length(3);

/** A record of VisGeomBench's delaunay_dataset.jsonl, the file the SCBench original ran. */
const delaunayRecord = z.object({
  ...vgbRecordFields,
  ground_truth: z.array(triangle).max(4 * MAX_LOADED_POINTS),
  datagen_args: z.object({
    num_points: z.int().min(3).max(MAX_LOADED_POINTS),
    seed: z.int().optional(),
  }),
});

/** "[0.956, 0.208]": one point as the record's prompt prints it. */
const PRINTED_POINT = /\[\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\]/g;
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const DECIMALS = Math.log10(SCALE);

/** A printed coordinate as an exact integer in thousandths; more decimals than that is an input error. */
function thousandths(text: string): number {
  const [, sign = "", whole = "", frac = ""] = DECIMAL.exec(text) ?? [];
  if (frac.length > DECIMALS)
    throw new InputError(`coordinate ${text} has more than ${DECIMALS} decimals`, { field: "prompt" });
  const value = Number(whole) * SCALE + Number(frac.padEnd(DECIMALS, "0"));
  return sign === "-" ? -value : value;
}

/**
 * The points exactly as the record's prompt shows them (3 decimals), which is what a model sees and
 * what Plumb verifies against; the record keeps no other copy of them.
 */
function printedPoints(prompt: string, count: number): [number, number][] {
  const points = [...prompt.matchAll(PRINTED_POINT)].map((m): [number, number] => [
    thousandths(m[1] ?? ""),
    thousandths(m[2] ?? ""),
  ]);
  if (points.length !== count)
    throw new InputError(`the prompt lists ${points.length} points, datagen_args.num_points says ${count}`, {
      field: "prompt",
    });
  return points;
}

/** A VisGeomBench Delaunay record (or one of Plumb's own instance lines) as an instance. */
export function loadDelaunay(record: unknown): Instance<DelaunayData> {
  if (isInstanceLine(record)) return loadInstanceLine(record, delaunayData);
  const r = parseRecord(delaunayRecord, record);
  const data = delaunayData.safeParse({
    points: printedPoints(r.prompt, r.datagen_args.num_points),
    original: { id: r.id, answer: r.ground_truth },
  });
  if (!data.success) throw new InputError(data.error.issues[0]?.message ?? "bad points", { field: "prompt" });
  const params = { record: r.id, ...r.datagen_args, difficulty: r.metadata?.difficulty ?? null };
  return { id: r.id, task: TASK_ID, params, seed: null, data: data.data };
}
