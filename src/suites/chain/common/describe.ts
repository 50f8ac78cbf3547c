/** Model text and agent values echoed in messages and observations, kept short and never throwing. */

/** The first `max` characters of a text, with an ellipsis when it was longer. */
export const clip = (s: string, max = 120): string => (s.length > max ? `${s.slice(0, max)}…` : s);

/** A value as short JSON for a message: cycles, BigInts, getters that throw and huge values included. */
export function describeValue(value: unknown, max = 200): string {
  try {
    return clip(JSON.stringify(value) ?? String(value), max);
  } catch {
    return Array.isArray(value) ? "an array" : `a value of type ${typeof value}`;
  }
}
