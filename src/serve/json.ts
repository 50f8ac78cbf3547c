import type { Observation, Prompt, PromptImage } from "../core/task.ts";
import type { Verdict } from "../core/verdict.ts";
import type { Observation as ObservationJson } from "./api.ts";

/** A session as the service answers it (api.ts sessionResponse). */
export interface SessionJson {
  session: string;
  task: string;
  instructions: string;
  observation: ObservationJson;
  done: boolean;
  success: boolean;
  steps: number;
  verdict?: Verdict;
}

/** One step as the service answers it (api.ts stepResponse). */
export interface StepJson {
  observation: ObservationJson;
  reward: number;
  done: boolean;
  success: boolean;
  steps: number;
  invalid?: string;
  error?: string;
  verdict?: Verdict;
}

function imageJson(image: PromptImage): { alt: string; mediaType: "image/png"; data: string } {
  return { alt: image.alt, mediaType: image.mediaType, data: Buffer.from(image.data).toString("base64") };
}

/** An observation with its images' bytes as base64. */
export function observationJson(o: Observation): ObservationJson {
  return o.images && o.images.length > 0
    ? { text: o.text, images: o.images.map(imageJson) }
    : { text: o.text };
}

/** A prompt with its images' bytes as base64 (always a list, empty when it has none). */
export function promptJson(p: Prompt) {
  return {
    messages: p.messages.map((m) => ({ role: m.role, content: m.content })),
    images: (p.images ?? []).map(imageJson),
    ...(p.outputSchema !== undefined && { outputSchema: p.outputSchema }),
  };
}
