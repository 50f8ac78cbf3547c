import type { ZodType } from "zod";
import type { Store } from "../store/store.ts";

/** What a route's handler gets: its path parameters, its checked query and body, and the store. */
export interface RouteContext<Q, B> {
  params: Record<string, string>;
  query: Q;
  body: B;
  /** The store on a read-only connection: it sees what a running `plumb run` commits. */
  store: Store;
  /** The store's path. */
  db: string;
  /** A connection that writes (play mode's human runs), opened on first use. */
  writer(): Store;
}

/** One route: `path` is a template such as "/api/runs/:run/samples/:key". */
export interface Route<Q = unknown, B = unknown, R = unknown> {
  method: "GET" | "POST";
  path: string;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** The response: zod-checked on the way out in tests and in the web app on the way in. */
  response: ZodType<R>;
  handle(ctx: RouteContext<Q, B>): R | Promise<R>;
}

/** Routes are declared with their own types and held erased. */
export function route<Q, B, R>(r: Route<Q, B, R>): Route {
  return r as unknown as Route;
}

export interface Matched {
  route: Route;
  params: Record<string, string>;
}

/** Matches a method and path to a route; a path segment that is not valid percent-encoding matches nothing. */
export function matchRoute(
  routes: readonly Route[],
  method: string,
  path: string,
): Matched | "method" | null {
  let wrongMethod = false;
  const parts = path.split("/");
  for (const r of routes) {
    const pattern = r.path.split("/");
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = Object.create(null);
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const p = pattern[i] ?? "";
      const got = parts[i] ?? "";
      if (p.startsWith(":")) {
        try {
          params[p.slice(1)] = decodeURIComponent(got);
        } catch {
          ok = false;
        }
        ok &&= got !== "";
      } else ok = p === got;
    }
    if (!ok) continue;
    if (r.method !== method) {
      wrongMethod = true;
      continue;
    }
    return { route: r, params };
  }
  return wrongMethod ? "method" : null;
}
