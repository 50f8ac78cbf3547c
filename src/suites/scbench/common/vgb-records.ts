import { fileURLToPath } from "node:url";
import { type ZodType, z } from "zod";
import { fromZodError } from "../../../core/errors.ts";
import { readJsonlFile } from "../../../core/jsonl.ts";
import type { Instance, Preset } from "../../../core/task.ts";

/**
 * The fields every VisGeomBench record shares (the SCBench original ran its Delaunay, two-segments
 * and Shikaku subtasks from such records). Each task adds the shape of its own `ground_truth`,
 * `datagen_args` and extra fields.
 */
export const vgbRecordFields = {
  id: z.string().min(1).max(200),
  prompt: z.string().max(200_000),
  metadata: z.object({ difficulty: z.string().max(40).optional() }).optional(),
};

const envelope = z.object({
  id: z.string().min(1),
  task: z.string().min(1),
  params: z.unknown(),
  seed: z.string().nullable(),
  data: z.unknown(),
});

/** A line Plumb wrote itself (`plumb generate`): it carries `task` and `data`, which a VisGeomBench record never does. */
export function isInstanceLine(record: unknown): boolean {
  return typeof record === "object" && record !== null && "task" in record && "data" in record;
}

/** Reads one of Plumb's own instance lines, checking its data against the task's schema. */
export function loadInstanceLine<Data>(record: unknown, data: ZodType<Data>): Instance<Data> {
  const env = envelope.safeParse(record);
  if (!env.success) throw fromZodError(env.error);
  const parsed = data.safeParse(env.data.data);
  if (!parsed.success) throw fromZodError(parsed.error, ["data"]);
  return { ...env.data, data: parsed.data };
}

/** A record checked against a task's record schema, or an InputError naming the field. */
export function parseRecord<T>(schema: ZodType<T>, record: unknown): T {
  const parsed = schema.safeParse(record);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

/** The records of a JSONL file shipped beside a task (its original records); a bad line is an error. */
function readRecords(url: URL): unknown[] {
  const { lines, errors } = readJsonlFile(fileURLToPath(url));
  if (errors[0]) throw errors[0];
  return lines.map((l) => l.value);
}

/**
 * The `original` preset of a task whose subtasks are the records of a shipped JSONL file: each
 * record read by the task's loader, in file order, renamed `<task>/original/<n>` with no seed.
 */
export function recordsPreset<Data>(
  taskId: string,
  description: string,
  file: URL,
  load: (record: unknown) => Instance<Data>,
): Preset<Data> {
  let records: unknown[] | undefined;
  return {
    description,
    instances() {
      records ??= readRecords(file);
      return records.map((record, i) => ({
        ...load(structuredClone(record)),
        id: `${taskId}/original/${i + 1}`,
        seed: null,
      }));
    },
  };
}
