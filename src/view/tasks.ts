import { loadTask, taskInfos } from "../core/registry.ts";
import type { AnyTask, Instance } from "../core/task.ts";
import type { Store } from "../store/store.ts";
import type { SampleRecord } from "../store/types.ts";
import { NotFound } from "./errors.ts";

/** The task's code, or null for a task this Plumb does not know (its samples still show, without pictures). */
export async function taskOf(id: string): Promise<AnyTask | null> {
  if (!taskInfos().some((i) => i.id === id)) return null;
  return loadTask(id);
}

export function requireRun(store: Store, run: string): void {
  if (!store.getRun(run)) throw new NotFound(`no run "${run}"`);
}

export function requireSample(store: Store, run: string, key: string): SampleRecord {
  requireRun(store, run);
  const sample = store.sample(run, key);
  if (!sample) throw new NotFound(`no sample "${key}" in run "${run}"`);
  return sample;
}

/** The instance a sample was asked about, as stored with its run. */
export function instanceOf(store: Store, sample: SampleRecord): Instance | null {
  return sample.instanceHash === null ? null : (store.instance(sample.run, sample.instanceHash) ?? null);
}

/** The environment options the run's episodes were made with (its spec's episode.envOptions). */
export function envOptionsOf(spec: unknown): Record<string, unknown> | undefined {
  if (typeof spec !== "object" || spec === null) return undefined;
  const episode = (spec as { episode?: unknown }).episode;
  if (typeof episode !== "object" || episode === null) return undefined;
  const options = (episode as { envOptions?: unknown }).envOptions;
  return typeof options === "object" && options !== null && !Array.isArray(options)
    ? (options as Record<string, unknown>)
    : undefined;
}
