/**
 * PostgreSQL's text cannot hold U+0000, which model text may: strings are stored with U+0000 as
 * U+E000 "0" and U+E000 (a private-use character) doubled, and read back exactly. Other strings,
 * nearly all of them, pass through as they are.
 */
const NUL = "\u0000";
const MARK = "\uE000";

export function toPostgres(value: unknown): unknown {
  if (typeof value !== "string" || (!value.includes(NUL) && !value.includes(MARK))) return value;
  // The marks already there are doubled first, so the ones standing for U+0000 stay single.
  return value.replaceAll(MARK, MARK + MARK).replaceAll(NUL, `${MARK}0`);
}

export function fromPostgres(value: string): string {
  if (!value.includes(MARK)) return value;
  return value.replace(/\uE000([0\uE000])/g, (_, c: string) => (c === "0" ? NUL : MARK));
}

/** A row (object or array) with its strings read back. */
export function rowFromPostgres<R>(row: R): R {
  const cells = row as Record<string, unknown>;
  for (const key of Object.keys(cells)) {
    const v = cells[key];
    if (typeof v === "string" && v.includes(MARK)) cells[key] = fromPostgres(v);
  }
  return row;
}
