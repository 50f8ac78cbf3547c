import { InputError } from "../../core/errors.ts";
import { JobError } from "./errors.ts";
import { episodeHandle } from "./handle.ts";
import type { Checker } from "./types.ts";
import {
  combineWork,
  generateWork,
  gradeWork,
  LiveEpisode,
  loadTextJobs,
  promptWork,
  type TextJobs,
  verifyWork,
} from "./work.ts";

/** What a generate or prompt job threw, as the pool reports it. */
function jobError(stage: string, e: unknown): JobError {
  if (e instanceof InputError) return new JobError("input", e.reason, e.field);
  return new JobError("task", `${stage} failed: ${e instanceof Error ? e.message : String(e)}`);
}

/** A checker that runs every job on the calling thread, with the task objects as given. */
export function inlineChecker(textJobsUrl?: string): Checker {
  let closed = false;
  let textJobs: Promise<TextJobs> | undefined;
  const open = () => {
    if (closed) throw new Error("the checker is closed");
  };
  return {
    async grade(task, instance, text, opts) {
      open();
      return gradeWork(task, instance, text, opts);
    },
    async verify(task, instance, answer) {
      open();
      return verifyWork(task, instance, answer);
    },
    async generate(task, params, count, seed) {
      open();
      try {
        return generateWork(task, params, count, seed);
      } catch (e) {
        throw jobError("generating instances", e);
      }
    },
    async prompt(task, instance, opts = {}) {
      open();
      try {
        return promptWork(task, instance, opts);
      } catch (e) {
        throw jobError("building the prompt", e);
      }
    },
    async textJob(kind, input) {
      open();
      if (!textJobsUrl) throw new JobError("task", "the checker was given no text jobs module");
      textJobs ??= loadTextJobs(textJobsUrl);
      try {
        return await (await textJobs)(kind, input);
      } catch (e) {
        throw jobError("the job", e);
      }
    },
    async warm() {},
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
