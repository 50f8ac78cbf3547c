import { z } from "zod";
import { fromZodError, InputError } from "../../../core/errors.ts";
import type { Instance } from "../../../core/task.ts";
import { isInstanceLine, loadInstanceLine, parseRecord, vgbRecordFields } from "../common/vgb-records.ts";
import { cornerOrderSchema, type LabelledSquare, sideOrderSchema } from "./square.ts";

/**
 * Readers for the VisGeomBench records the SCBench original ran as its topology subtasks
 * (topology_enumeration_curated, topology_edge_enumerate_curated, topology_edge_classify_curated).
 * The records state orders with these names; the squares of the edge tasks exist only in the
 * record's prompt, one tuple per line, so they are read from there.
 */

/** The original's behaviour strings, and Plumb's names for them. */
export const ORIGINAL_BEHAVIOURS = {
  "known behaviour": "known",
  "three domains meeting": "triple",
  ambiguous: "ambiguous",
} as const;

const MAX_SQUARES_IN_RECORD = 40;

const enumerationRecord = z.object({
  ...vgbRecordFields,
  ground_truth: z.array(z.array(z.int()).max(4)).max(100),
  datagen_args: z.object({
    n_classes: z.union([z.literal(2), z.literal(3)]),
    corner_order: cornerOrderSchema,
  }),
});

const edgeArgs = {
  corner_order: cornerOrderSchema,
  cases: z.array(z.int().min(0)).min(1).max(MAX_SQUARES_IN_RECORD),
};

const edgesRecord = z.object({
  ...vgbRecordFields,
  ground_truth: z.array(z.array(z.tuple([z.int(), z.int()])).max(6)).max(MAX_SQUARES_IN_RECORD),
  datagen_args: z.object({
    subtask: z.literal("enumerate_edges"),
    ...edgeArgs,
    edge_order: sideOrderSchema,
  }),
});

const behaviourRecord = z.object({
  ...vgbRecordFields,
  ground_truth: z
    .array(z.enum(Object.keys(ORIGINAL_BEHAVIOURS) as [keyof typeof ORIGINAL_BEHAVIOURS]))
    .max(MAX_SQUARES_IN_RECORD),
  datagen_args: z.object({ subtask: z.literal("classify_behaviour"), ...edgeArgs }),
});

const SQUARE_LINE = /^\((\d), (\d), (\d), (\d)\)$/;

/** The label tuples a record's prompt lists, one per line, checked against the number of cases. */
function promptSquares(prompt: string, count: number): number[][] {
  const squares: number[][] = [];
  for (const line of prompt.split("\n")) {
    const m = SQUARE_LINE.exec(line.trim());
    if (m) squares.push(m.slice(1).map(Number));
  }
  if (squares.length !== count) {
    throw new InputError(`the prompt lists ${squares.length} squares, datagen_args.cases has ${count}`, {
      field: "prompt",
    });
  }
  return squares;
}

function sameLength(groundTruth: readonly unknown[], count: number): void {
  if (groundTruth.length !== count) {
    throw new InputError(`${groundTruth.length} entries for ${count} squares`, { field: "ground_truth" });
  }
}

const recordParams = (r: { id: string; datagen_args: object; metadata?: { difficulty?: string } }) => ({
  record: r.id,
  ...r.datagen_args,
  difficulty: r.metadata?.difficulty ?? null,
});

/** Data built from a record, checked against the task's schema (an InputError names the field). */
function checked<Data>(schema: z.ZodType<Data>, value: unknown): Data {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fromZodError(parsed.error, ["data"]);
  return parsed.data;
}

export function loadEnumerationRecord<Data>(
  taskId: string,
  record: unknown,
  data: z.ZodType<Data>,
): Instance<Data> {
  if (isInstanceLine(record)) return loadInstanceLine(record, data);
  const r = parseRecord(enumerationRecord, record);
  const { n_classes: classes, corner_order: corners } = r.datagen_args;
  return {
    id: r.id,
    task: taskId,
    params: recordParams(r),
    seed: null,
    data: checked(data, { classes, corners }),
  };
}

export function loadEdgesRecord<Data>(
  taskId: string,
  record: unknown,
  data: z.ZodType<Data>,
): Instance<Data> {
  if (isInstanceLine(record)) return loadInstanceLine(record, data);
  const r = parseRecord(edgesRecord, record);
  const { corner_order: corners, edge_order: sides, cases } = r.datagen_args;
  sameLength(r.ground_truth, cases.length);
  const squares = promptSquares(r.prompt, cases.length).map((labels) => ({ corners, labels, sides }));
  return { id: r.id, task: taskId, params: recordParams(r), seed: null, data: checked(data, { squares }) };
}

export function loadBehaviourRecord<Data>(
  taskId: string,
  record: unknown,
  data: z.ZodType<Data>,
): Instance<Data> {
  if (isInstanceLine(record)) return loadInstanceLine(record, data);
  const r = parseRecord(behaviourRecord, record);
  const { corner_order: corners, cases } = r.datagen_args;
  sameLength(r.ground_truth, cases.length);
  const squares: LabelledSquare[] = promptSquares(r.prompt, cases.length).map((labels) => ({
    corners,
    labels,
  }));
  return { id: r.id, task: taskId, params: recordParams(r), seed: null, data: checked(data, { squares }) };
}

/** The stored answer of a record, in Plumb's answer shape (the tests check Plumb's verdict on it). */
export const storedBehaviours = (groundTruth: readonly (keyof typeof ORIGINAL_BEHAVIOURS)[]) =>
  groundTruth.map((label) => ORIGINAL_BEHAVIOURS[label]);
