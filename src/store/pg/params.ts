import type { Params } from "../sql.ts";

/** A statement in the store's SQL (`?` and `@name` parameters) as PostgreSQL takes it (`$1`, `$2`, …). */
export interface Translated {
  text: string;
  /** The named parameters in `$n` order; null when the statement's are positional. */
  names: string[] | null;
}

/**
 * Rewrites `?` and `@name` as `$n`, leaving string literals, quoted names and comments alone. A
 * name used twice is one parameter. One pass over the text.
 */
export function translate(sql: string): Translated {
  let out = "";
  let positional = 0;
  const names: string[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    if (c === "'" || c === '"') {
      const end = closing(sql, i, c);
      out += sql.slice(i, end);
      i = end;
    } else if (c === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === "?") {
      out += `$${++positional}`;
      i++;
    } else if (c === "@" && /[A-Za-z_]/.test(sql[i + 1] ?? "")) {
      let j = i + 1;
      while (j < sql.length && /\w/.test(sql[j] as string)) j++;
      const name = sql.slice(i + 1, j);
      let at = names.indexOf(name);
      if (at === -1) at = names.push(name) - 1;
      out += `$${at + 1}`;
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  if (positional > 0 && names.length > 0) throw new Error("a statement mixes ? and @name parameters");
  return { text: out, names: names.length > 0 ? names : null };
}

/** Past the literal or quoted name opening at `start` (a doubled quote stays inside it). */
function closing(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return sql.length;
}

/** The values of a translated statement, in `$n` order; a named parameter missing from `params` is a bug. */
export function values(t: Translated, params: Params): unknown[] {
  if (t.names === null) {
    if (!Array.isArray(params)) throw new Error("named values given to a statement with ? parameters");
    return params as unknown[];
  }
  if (Array.isArray(params)) throw new Error("positional values given to a statement with @name parameters");
  const named = params as Readonly<Record<string, unknown>>;
  return t.names.map((name) => {
    if (!Object.hasOwn(named, name)) throw new Error(`missing named parameter @${name}`);
    return named[name];
  });
}
