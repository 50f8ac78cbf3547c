import { clip } from "../../../core/clip.ts";

/** Agent values echoed in messages and observations, kept short and never throwing. */

/** A value as short JSON for a message: cycles, BigInts, getters that throw and huge values included. */
export function describeValue(value: unknown, max = 200): string {
  try {
    return clip(JSON.stringify(value) ?? String(value), max);
  } catch {
    return Array.isArray(value) ? "an array" : `a value of type ${typeof value}`;
  }
}
