import { episodeResponse } from "../api.ts";
import { NotFound } from "../errors.ts";
import { RENDERED_STEPS, replay } from "../replay.ts";
import { type Route, route } from "../router.ts";
import { envOptionsOf, instanceOf, requireSample, taskOf } from "../tasks.ts";

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
      const replayed =
        task && instance
          ? replay(task, instance, steps, envOptionsOf(store.getRun(sample.run)?.config), {
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
      };
    },
  }),
];
