import type { ZodType } from "zod";
import { canonicalJson } from "./canonical.ts";

interface Keyed {
  /** Every parameter some level sets. */
  keys: string[];
  /** Each level's values of those, completed with the schema's defaults, canonical JSON. */
  levels: [string, string[]][];
}

const keyedLevels = new WeakMap<object, Keyed>();

function keyed<P>(schema: ZodType<P>, levels: Readonly<Record<string, Partial<P>>>): Keyed {
  let k = keyedLevels.get(levels);
  if (!k) {
    const keys = [...new Set(Object.values(levels).flatMap((preset) => Object.keys(preset)))].sort();
    k = {
      keys,
      levels: Object.entries(levels).map(([name, preset]) => {
        const full = schema.parse(preset) as Record<string, unknown>;
        return [name, keys.map((key) => canonicalJson(full[key]))];
      }),
    };
    keyedLevels.set(levels, k);
  }
  return k;
}

/**
 * The level these parameters are: the first level that agrees with them, both completed with the
 * schema's defaults, on every parameter some level sets. Parameters no level sets may differ. Null
 * for parameters no level names (or that the schema refuses, such as a preset instance's null).
 */
export function levelOfParams<P>(
  schema: ZodType<P>,
  levels: Readonly<Record<string, Partial<P>>>,
  params: unknown,
): string | null {
  const parsed = schema.safeParse(params);
  if (!parsed.success) return null;
  const k = keyed(schema, levels);
  const p = parsed.data as Record<string, unknown>;
  const values = k.keys.map((key) => canonicalJson(p[key]));
  return k.levels.find(([, v]) => v.every((x, i) => x === values[i]))?.[0] ?? null;
}
