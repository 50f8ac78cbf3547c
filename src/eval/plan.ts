import { stableId } from "../core/canonical.ts";
import type { GenerationOptions, Model } from "../core/model.ts";
import type { AnyTask, Instance, PromptOptions } from "../core/task.ts";

/** One unit of work: an instance put to a model, once per epoch. */
export interface PlanItem {
  key: string;
  task: AnyTask;
  instance: Instance;
  /** The instance's content hash (see spec.ts instanceHash). */
  instanceHash: string;
  model: Model;
  epoch: number;
  /** Interactive episode through the task's environment instead of one prompt. */
  episode: boolean;
  /** The options this model is called with (its own defaults under the run's flags). */
  generation: GenerationOptions;
}

export interface PlanSettings {
  epochs: number;
  episode: boolean;
  prompt: PromptOptions;
  /** The options each model is called with. */
  generation: (model: Model) => GenerationOptions;
}

/**
 * A sample's identity within a run: the same instance (by content), model, epoch, mode, prompt
 * wording and generation options is never asked twice, and a change to any of them is another sample.
 */
export function sampleKey(
  task: string,
  instanceHash: string,
  model: string,
  epoch: number,
  episode: boolean,
  prompt: PromptOptions,
  generation: GenerationOptions,
): string {
  return stableId(task, instanceHash, model, epoch, episode ? "episode" : "single", prompt, generation);
}

/**
 * Every (instance, model, epoch) of the run, instance-major so that a partial run has answers
 * from every model for the instances it reached (paired comparisons stay possible).
 */
export function buildPlan(
  work: readonly { task: AnyTask; instances: readonly Instance[]; hashes: readonly string[] }[],
  models: readonly Model[],
  settings: PlanSettings,
): PlanItem[] {
  const items: PlanItem[] = [];
  const generations = new Map(models.map((m) => [m, settings.generation(m)]));
  for (const { task, instances, hashes } of work) {
    const asEpisode = settings.episode && task.env !== undefined;
    instances.forEach((instance, i) => {
      const instanceHash = hashes[i] as string;
      for (let epoch = 0; epoch < settings.epochs; epoch++) {
        for (const model of models) {
          const generation = generations.get(model) as GenerationOptions;
          items.push({
            key: sampleKey(task.id, instanceHash, model.id, epoch, asEpisode, settings.prompt, generation),
            task,
            instance,
            instanceHash,
            model,
            epoch,
            episode: asEpisode,
            generation,
          });
        }
      }
    });
  }
  return items;
}

/**
 * Runs async jobs with at most `limit` in flight per group (per provider); stops taking new ones
 * when told. A job that throws stops the others from starting new work; once every job in flight
 * has settled, the first error is thrown, so no job outlives the call.
 */
export async function runPooled<T>(
  items: readonly T[],
  groupOf: (item: T) => string,
  limit: (group: string) => number,
  work: (item: T) => Promise<void>,
  shouldStop: () => boolean,
): Promise<void> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const g = groupOf(item);
    let list = groups.get(g);
    if (!list) {
      list = [];
      groups.set(g, list);
    }
    list.push(item);
  }
  let failure: { error: unknown } | null = null;
  const workers: Promise<void>[] = [];
  for (const [group, queue] of groups) {
    let next = 0;
    const worker = async () => {
      while (next < queue.length && failure === null && !shouldStop()) {
        const item = queue[next++] as T;
        try {
          await work(item);
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    const n = Math.max(1, Math.min(limit(group), queue.length));
    for (let i = 0; i < n; i++) workers.push(worker());
  }
  await Promise.all(workers);
  if (failure !== null) throw (failure as { error: unknown }).error;
}
