import { BUILTIN_LABEL_SETS } from "../../core/failure-modes.ts";
import type { AnyTask, Instance } from "../../core/task.ts";
import type { Store } from "../../store/store.ts";
import type { LabelRecord, SampleRecord, StepRecord } from "../../store/types.ts";
import {
  type RenderingJson,
  type SampleLabelJson,
  type SampleSummary,
  sampleDetailResponse,
  samplesQuery,
  samplesResponse,
} from "../api.ts";
import { promptImagesOf } from "../images.ts";
import { checkedAnswer, drawing, referenceOf, renderingJson } from "../renders.ts";
import { RENDERED_STEPS, replay } from "../replay.ts";
import { type Route, route } from "../router.ts";
import { envOptionsOf, instanceOf, requireRun, requireSample, taskOf } from "../tasks.ts";

function summaryOf(s: SampleRecord): SampleSummary {
  return {
    key: s.key,
    task: s.task,
    suite: s.suite,
    level: s.level,
    instance: s.instance,
    model: s.model,
    epoch: s.epoch,
    status: s.status,
    score: s.score,
    passed: s.passed,
    failureKind: s.failureKind,
    steps: s.steps,
    usage: s.usage,
    costUsd: s.costUsd,
    latencyMs: s.latencyMs,
  };
}

const orUndefined = (v: string | undefined) => (v === "" ? undefined : v);

/** A run's failure labels by sample key, per store connection, until the store's data_version moves. */
const labelCache = new WeakMap<
  Store,
  { version: number; run: string; bySample: Map<string, LabelRecord[]> }
>();

/** The labels judges gave one sample: the run's are read once per store change, not per sample. */
function labelsOf(store: Store, run: string, key: string): SampleLabelJson[] {
  const version = store.dataVersion();
  let hit = labelCache.get(store);
  if (!hit || hit.version !== version || hit.run !== run) {
    const bySample = new Map<string, LabelRecord[]>();
    for (const l of store.labels(run)) bySample.set(l.sampleKey, [...(bySample.get(l.sampleKey) ?? []), l]);
    hit = { version, run, bySample };
    labelCache.set(store, hit);
  }
  return (hit.bySample.get(key) ?? []).map((l) => {
    const set = BUILTIN_LABEL_SETS.find((s) => s.id === l.taxonomy);
    return {
      taxonomy: l.taxonomy,
      taxonomyTitle: set?.title ?? null,
      judge: l.judge,
      label: l.label,
      name: l.label === null ? null : (set?.labels.find((x) => x.id === l.label)?.name ?? l.label),
      confidence: l.confidence,
      reason: l.reason,
      createdAt: l.createdAt,
    };
  });
}

/** An episode's end state, replayed, as its answer's picture (episodes of tasks whose environment gives no answer store none). */
function finalState(
  task: AnyTask,
  inst: Instance,
  steps: readonly StepRecord[],
  envOptions: Record<string, unknown> | undefined,
): RenderingJson | null {
  const done = replay(task, inst, steps, envOptions, { upTo: steps.length, draw: false });
  if (done.error !== null || !done.env) throw new Error(done.error ?? "no environment");
  const drawn = done.env.render ? done.env.render() : task.render?.(inst, done.env.answer?.());
  return drawn ? renderingJson(drawn) : null;
}

/** The task's pictures of a sample: errors of its code are kept, never thrown. */
function picturesOf(
  task: AnyTask,
  inst: Instance,
  sample: SampleRecord,
  episode: { steps: StepRecord[]; envOptions: Record<string, unknown> | undefined },
) {
  const errors: string[] = [];
  const render = task.render?.bind(task);
  const answer = checkedAnswer(task, sample.answer);
  const reference = drawing(errors, "reference answer", () => referenceOf(task, inst));
  const draw = (what: string, a?: unknown) =>
    render ? drawing(errors, what, () => renderingJson(render(inst, a))) : null;
  const answerDrawn =
    answer !== null
      ? draw("answer", answer)
      : episode.steps.length > 0 && episode.steps.length <= RENDERED_STEPS
        ? drawing(errors, "the episode's end state", () =>
            finalState(task, inst, episode.steps, episode.envOptions),
          )
        : null;
  const scenes: ("instance" | "answer" | "reference")[] = task.scene
    ? [
        "instance",
        ...(answer !== null ? (["answer"] as const) : []),
        ...(reference !== null ? (["reference"] as const) : []),
      ]
    : [];
  return {
    renders: {
      instance: draw("instance"),
      answer: answerDrawn,
      reference: reference === null ? null : draw("reference", reference),
      error: errors[0] ?? null,
    },
    reference,
    scenes,
  };
}

export const sampleRoutes: Route[] = [
  route({
    method: "GET",
    path: "/api/runs/:run/samples",
    query: samplesQuery,
    response: samplesResponse,
    handle({ store, params, query }) {
      const run = params.run ?? "";
      requireRun(store, run);
      const page = store.samplesPage(
        run,
        { offset: query.offset, limit: query.limit },
        {
          task: orUndefined(query.task),
          model: orUndefined(query.model),
          level: orUndefined(query.level),
          status: query.status,
          outcome: orUndefined(query.outcome),
        },
      );
      return {
        total: page.total,
        offset: query.offset,
        limit: query.limit,
        samples: page.samples.map(summaryOf),
      };
    },
  }),
  route({
    method: "GET",
    path: "/api/runs/:run/samples/:key",
    response: sampleDetailResponse,
    async handle({ store, params }) {
      const sample = requireSample(store, params.run ?? "", params.key ?? "");
      const instance = instanceOf(store, sample);
      const steps = store.steps(sample.run, sample.key);
      const task = await taskOf(sample.task);
      const none = {
        renders: { instance: null, answer: null, reference: null, error: null },
        reference: null,
        scenes: [],
      };
      const spec = store.getRun(sample.run)?.config;
      const envOptions = envOptionsOf(spec);
      const pictures = task && instance ? picturesOf(task, instance, sample, { steps, envOptions }) : none;
      const images =
        task && instance
          ? promptImagesOf(task, instance, sample.prompt, spec, sample.model)
          : { promptImages: [], promptImagesNote: null };
      const labels = labelsOf(store, sample.run, sample.key);
      return { sample, instance, ...pictures, steps: steps.length, ...images, labels };
    },
  }),
];
