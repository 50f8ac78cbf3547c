import { createHash } from "node:crypto";

/** JSON with object keys sorted at every depth: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      // Defined, not assigned: a "__proto__" key stays a key instead of becoming the prototype.
      if (v !== undefined) Object.defineProperty(out, key, { value: sortKeys(v), enumerable: true });
    }
    return out;
  }
  return value;
}

/** A 16-hex-digit stable id: sha256 of the canonical JSON of the parts. */
export function stableId(...parts: unknown[]): string {
  return createHash("sha256").update(canonicalJson(parts)).digest("hex").slice(0, 16);
}
