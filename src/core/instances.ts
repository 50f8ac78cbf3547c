import { z } from "zod";
import { stableId } from "./canonical.ts";
import { fromZodError, InputError } from "./errors.ts";
import { type JsonlLine, readJsonlFile } from "./jsonl.ts";
import { Rng, type Seed } from "./rng.ts";
import type { AnyTask, Instance } from "./task.ts";

/** Parameters from a named level and `key=value` overrides, validated by the task's schema. */
export function resolveParams(
  task: AnyTask,
  level?: string,
  overrides: Record<string, unknown> = {},
): unknown {
  let base: Record<string, unknown> = {};
  if (level !== undefined) {
    const preset = task.levels[level];
    if (!preset) {
      const known = Object.keys(task.levels).join(", ") || "none";
      throw new InputError(`unknown level "${level}" for ${task.id} (levels: ${known})`, { field: "level" });
    }
    base = { ...(preset as Record<string, unknown>) };
  }
  const result = task.params.safeParse({ ...base, ...overrides });
  if (!result.success) throw fromZodError(result.error, ["params"]);
  return result.data;
}

/** A task's named fixed instance set (`--preset`), in its order; an unknown name lists the known ones. */
export function presetInstances(task: AnyTask, name: string): Instance[] {
  const presets = task.presets ?? {};
  const preset = Object.hasOwn(presets, name) ? presets[name] : undefined;
  if (!preset) {
    const known = Object.keys(presets).join(", ") || "none";
    throw new InputError(`unknown preset "${name}" for ${task.id} (presets: ${known})`, {
      field: "--preset",
    });
  }
  return preset.instances();
}

/** `k=v` pairs from the command line; values are JSON when they parse as JSON, else strings. */
export function parseOverrides(pairs: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new InputError(`expected key=value, got "${pair}"`, { field: "--set" });
    const key = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    let value: unknown;
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      value = raw;
    }
    // Defined, not assigned: `--set __proto__=…` names a key, never the prototype.
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Redraws allowed per instance when a task with signatures draws a puzzle the set already has. */
export const DUPLICATE_REDRAWS = 50;

/**
 * Instance i of a set is generated from the stream `seed/i`, so sets are prefix-stable. A task
 * with signatures redraws a duplicate from `seed/i/redraw/r`; when every redraw is a duplicate
 * too, the parameters admit no more distinct puzzles than were found, which is an input error.
 */
export function generateInstances(task: AnyTask, params: unknown, count: number, seed: Seed): Instance[] {
  const root = new Rng(seed);
  const out: Instance[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    for (let redraw = 0; ; redraw++) {
      const rng = redraw === 0 ? root.split(i) : root.split(`${i}/redraw/${redraw}`);
      const inst = task.generate(params, rng, { index: i, setSeed: root.seed });
      const signature = task.signature?.(inst);
      if (signature !== undefined && seen.has(signature)) {
        if (redraw < DUPLICATE_REDRAWS) continue;
        throw new InputError(
          `${task.id}: only ${out.length} distinct instances found for these parameters (instance ${i + 1} repeated an earlier one ${DUPLICATE_REDRAWS + 1} times); ask for fewer or change the parameters`,
          { field: "count" },
        );
      }
      if (signature !== undefined) seen.add(signature);
      out.push({ ...inst, seed: rng.seed, id: inst.id || instanceId(task.id, params, rng.seed) });
      break;
    }
  }
  return out;
}

/** The id of a generated instance: a hash of its task, its parameters and the stream it was drawn from. */
export function instanceId(taskId: string, params: unknown, seed: string): string {
  return stableId(taskId, params, seed);
}

/** A generated instance of `taskId`, drawn from `rng` with these parameters; its id is `instanceId`'s. */
export function generatedInstance<Data>(
  taskId: string,
  params: unknown,
  rng: Rng,
  data: Data,
): Instance<Data> {
  return { id: instanceId(taskId, params, rng.seed), task: taskId, params, seed: rng.seed, data };
}

const envelope = z.object({
  id: z.string().min(1),
  task: z.string().min(1),
  params: z.unknown(),
  seed: z.string().nullable(),
  data: z.unknown(),
});

/** Reads one instance line: the task's own loader when it has one, else the generic envelope. */
export function loadInstance(task: AnyTask, record: unknown): Instance {
  if (task.load) return task.load(record);
  const env = envelope.safeParse(record);
  if (!env.success) throw fromZodError(env.error);
  const data = task.data.safeParse(env.data.data);
  if (!data.success) throw fromZodError(data.error, ["data"]);
  return { ...env.data, data: data.data };
}

/** What an instance looks like on disk: the official record format when the task has one. */
export function dumpInstance(task: AnyTask, inst: Instance): unknown {
  return task.dump ? task.dump(inst) : inst;
}

export interface LoadReport<T> {
  items: T[];
  errors: InputError[];
}

/** Reads every line it can; each bad line becomes an error naming the file, line and field. */
export function readInstancesFile(task: AnyTask, path: string): LoadReport<Instance> {
  const { lines, errors } = readJsonlFile(path);
  const items: Instance[] = [];
  for (const entry of lines) {
    try {
      items.push(loadInstance(task, entry.value));
    } catch (e) {
      errors.push(asLineError(e, entry, path));
    }
  }
  return { items, errors };
}

export function asLineError(e: unknown, entry: JsonlLine, source: string): InputError {
  if (e instanceof InputError) return e.withLocation({ line: entry.line, source });
  throw e;
}
