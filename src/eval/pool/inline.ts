import { episodeHandle } from "./handle.ts";
import type { Checker } from "./types.ts";
import { combineWork, gradeWork, LiveEpisode } from "./work.ts";

/** A checker that runs every job on the calling thread, with the task objects as given. */
export function inlineChecker(): Checker {
  let closed = false;
  const open = () => {
    if (closed) throw new Error("the checker is closed");
  };
  return {
    async grade(task, instance, text, opts) {
      open();
      return gradeWork(task, instance, text, opts);
    },
    async combine(task, instance, verdict, grade, note) {
      open();
      return combineWork(task, instance, verdict, grade, note);
    },
    async openEpisode(task, instance, envOptions) {
      open();
      const live = LiveEpisode.open(task, instance, envOptions);
      return episodeHandle(live.opened, {
        step: async (reply, max) => live.step(reply, max),
        legalActions: async () => live.legalActions(),
        referenceAction: async () => live.referenceAction(),
        close: async () => {},
      });
    },
    async close() {
      closed = true;
    },
  };
}
