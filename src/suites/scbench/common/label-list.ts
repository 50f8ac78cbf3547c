/**
 * Replies of the form the VisGeomBench prompts ask for ("a comma-separated list of strings, quotes
 * optional"): `0010, 0011, '010'` or `known behaviour, ambiguous`. Used by half-subdivision and
 * classify-behaviour, whose labels are not valid Python or JSON literals when written bare.
 */

/** Longer replies are not searched for a bare list (a real one is a few kilobytes at most). */
export const MAX_LABEL_REPLY = 200_000;

const QUOTED = /^(['"`])(.*)\1$/s;

function unwrap(text: string): string {
  let s = text.trim().replace(/[.;]$/, "").trim();
  const first = s[0];
  const last = s[s.length - 1];
  if ((first === "[" && last === "]") || (first === "(" && last === ")")) s = s.slice(1, -1).trim();
  return s;
}

/**
 * The last line of the reply that is a comma-separated list whose every entry `read` accepts
 * (entries may be quoted; the line may be wrapped in one pair of brackets), or undefined. Each line
 * is looked at once, so the reader is linear in the reply.
 */
export function lastLabelList<T>(text: string, read: (label: string) => T | undefined): T[] | undefined {
  if (text.length > MAX_LABEL_REPLY) return undefined;
  const lines = text.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    const body = unwrap(lines[i] ?? "");
    if (body === "") continue;
    const entries = body.split(",");
    const labels: T[] = [];
    for (const entry of entries) {
      const raw = entry.trim();
      const value = read(QUOTED.exec(raw)?.[2] ?? raw);
      if (value === undefined) break;
      labels.push(value);
    }
    if (labels.length === entries.length) return labels;
  }
  return undefined;
}
