import { z } from "zod";
import { episodeResponse, stepImagesResponse } from "../api.ts";
import { NotFound } from "../errors.ts";
import { observationImagesOf, observationImagesWanted } from "../images.ts";
import { RENDERED_STEPS, replay } from "../replay.ts";
import { type Route, route } from "../router.ts";
import { envOptionsOf, instanceOf, requireSample, taskOf } from "../tasks.ts";

const stepNumber = z
  .string()
  .regex(/^\d{1,6}$/)
  .transform(Number);

type Response = ReturnType<typeof episodeResponse.parse>;

export const episodeRoutes: Route[] = [
  route({
    method: "GET",
    path: "/api/runs/:run/samples/:key/episode",
    response: episodeResponse,
    async handle({ store, params }): Promise<Response> {
      const sample = requireSample(store, params.run ?? "", params.key ?? "");
      const steps = store.steps(sample.run, sample.key);
      if (steps.length === 0 && sample.steps === null)
        throw new NotFound(`sample "${sample.key}" is not an episode`);
      const task = await taskOf(sample.task);
      const instance = instanceOf(store, sample);
      const envOptions = envOptionsOf(store.getRun(sample.run)?.config);
      const replayed =
        task && instance
          ? replay(task, instance, steps, envOptions, {
              upTo: RENDERED_STEPS,
              draw: true,
            })
          : {
              states: [],
              error: task
                ? "the run did not keep this instance"
                : `task ${sample.task} is not known to this Plumb`,
            };
      const state = (i: number) => replayed.states[i] ?? { render: null, hasScene: false };
      return {
        initial: state(0),
        steps: steps.map((s, i) => ({
          index: s.index,
          observation: s.observation,
          reply: s.reply,
          action: s.action,
          reward: s.reward,
          error: s.error,
          usage: s.usage,
          ...state(i + 1),
        })),
        replayError: replayed.error,
        renderLimit: RENDERED_STEPS,
        observationImages: task !== null && instance !== null && observationImagesWanted(envOptions),
      };
    },
  }),
  route({
    method: "GET",
    path: "/api/runs/:run/samples/:key/episode/:step/images",
    response: stepImagesResponse,
    async handle({ store, params }) {
      const sample = requireSample(store, params.run ?? "", params.key ?? "");
      const steps = store.steps(sample.run, sample.key);
      const step = stepNumber.safeParse(params.step).data;
      if (step === undefined || step >= steps.length)
        throw new NotFound(`sample "${sample.key}" has no step "${params.step ?? ""}"`);
      const task = await taskOf(sample.task);
      if (!task) return { images: [], note: `task ${sample.task} is not known to this Plumb` };
      const instance = instanceOf(store, sample);
      if (!instance) return { images: [], note: "the run did not keep this instance" };
      const envOptions = envOptionsOf(store.getRun(sample.run)?.config);
      const [images] = observationImagesOf(task, instance, steps, envOptions, { from: step, to: step + 1 });
      return images ?? { images: [], note: null };
    },
  }),
];
