import type { Observation } from "../../core/task.ts";
import type { Episode, EpisodeState, StepOutcome } from "./types.ts";
import type { Opened } from "./work.ts";

/** Where an episode's environment lives: this thread or a worker. */
export interface EpisodeChannel {
  step(reply: string, maxResponseBytes?: number): Promise<StepOutcome>;
  legalActions(): Promise<unknown[]>;
  referenceAction(): Promise<unknown>;
  close(): Promise<void>;
}

/** The caller's side of an episode: keeps the current observation and state between steps. */
export function episodeHandle(opened: Opened, channel: EpisodeChannel): Episode {
  let observation: Observation = opened.observation;
  let state: EpisodeState = opened.state;
  let closed = false;
  return {
    instructions: opened.instructions,
    observation: () => observation,
    state: () => state,
    async step(reply, maxResponseBytes) {
      const out = await channel.step(reply, maxResponseBytes);
      observation = out.observation;
      state = out.state;
      return out;
    },
    legalActions: () => channel.legalActions(),
    referenceAction: () => channel.referenceAction(),
    async close() {
      if (closed) return;
      closed = true;
      await channel.close();
    },
  };
}
