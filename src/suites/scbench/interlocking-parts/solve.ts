import { referenceDesign } from "./design.ts";
import type { InterlockingAnswer, InterlockingData } from "./schema.ts";

const cache = new Map<string, InterlockingAnswer>();

/** The reference cage for an instance (a copy; built once per size and printer, as the kernel work takes a while). */
export function solveInterlocking(data: InterlockingData): InterlockingAnswer {
  const key = JSON.stringify([data.innerWidth, data.innerHeight, data.build]);
  let answer = cache.get(key);
  if (!answer) {
    answer = referenceDesign(data);
    if (cache.size >= 16) cache.delete(cache.keys().next().value as string);
    cache.set(key, answer);
  }
  return structuredClone(answer);
}
