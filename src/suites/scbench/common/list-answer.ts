/** Used by the topology tasks and half-subdivision (VisGeomBench answers). */
/**
 * The answer shapes the original's prompts and structured outputs used, mapped onto Plumb's: a bare
 * list (what its prompts ask for) or an object under the original's key (what its JSON schema named
 * the list) becomes Plumb's object. Anything else is passed on for the schema to judge.
 */
export function asListAnswer(value: unknown, field: string, originalKey: string): unknown {
  if (Array.isArray(value)) return { [field]: value };
  if (typeof value !== "object" || value === null || Object.hasOwn(value, field)) return value;
  return Object.hasOwn(value, originalKey)
    ? { [field]: (value as Record<string, unknown>)[originalKey] }
    : value;
}
