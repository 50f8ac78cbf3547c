import type { Scene } from "../../core/scene.ts";
import { sceneQuery, sceneResponse } from "../api.ts";
import { messageOf, NotFound, TaskCodeError } from "../errors.ts";
import { checkedAnswer, referenceOf } from "../renders.ts";
import { replay } from "../replay.ts";
import { type Route, route } from "../router.ts";
import { envOptionsOf, instanceOf, requireSample, taskOf } from "../tasks.ts";

/** Runs the task's scene code: a failure is the task's (422), not the server's. */
function sceneFrom(make: () => Scene | undefined, what: string): Scene {
  let scene: Scene | undefined;
  try {
    scene = make();
  } catch (e) {
    throw new TaskCodeError(`the task's scene of the ${what} failed: ${messageOf(e)}`);
  }
  if (!scene) throw new NotFound(`no scene of the ${what}`);
  return scene;
}

export const sceneRoutes: Route[] = [
  route({
    method: "GET",
    path: "/api/runs/:run/samples/:key/scene",
    query: sceneQuery,
    response: sceneResponse,
    async handle({ store, params, query }) {
      const sample = requireSample(store, params.run ?? "", params.key ?? "");
      const task = await taskOf(sample.task);
      if (!task) throw new NotFound(`task ${sample.task} is not known to this Plumb`);
      const instance = instanceOf(store, sample);
      if (!instance) throw new NotFound("the run did not keep this sample's instance");
      if (query.which === "step") {
        const step = query.step ?? -1;
        const steps = store.steps(sample.run, sample.key);
        if (step >= steps.length)
          throw new NotFound(`the episode has ${steps.length} steps, no step ${step}`);
        const options = envOptionsOf(store.getRun(sample.run)?.config);
        const done = replay(task, instance, steps, options, { upTo: step + 1, draw: false });
        if (done.states.length < step + 2 || !done.env)
          throw new TaskCodeError(
            `the replay stopped before step ${step}: ${done.error ?? "no environment"}`,
          );
        const env = done.env;
        return sceneFrom(() => env.scene?.(), `state after step ${step}`);
      }
      const scene = task.scene?.bind(task);
      if (!scene) throw new NotFound(`task ${task.id} has no 3D scene`);
      if (query.which === "instance") return sceneFrom(() => scene(instance), "instance");
      const answer =
        query.which === "answer"
          ? checkedAnswer(task, sample.answer)
          : (() => {
              try {
                return referenceOf(task, instance);
              } catch (e) {
                throw new TaskCodeError(`the reference answer failed: ${messageOf(e)}`);
              }
            })();
      if (answer === null) throw new NotFound(`the sample has no ${query.which} answer`);
      return sceneFrom(() => scene(instance, answer), `${query.which} answer`);
    },
  }),
];
