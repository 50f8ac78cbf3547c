import { fromZodError, InputError } from "../core/errors.ts";
import { messageOf, NotFound, TaskCodeError } from "./errors.ts";
import { matchRoute, type Route, type RouteContext } from "./router.ts";

/** An API answer: its HTTP status and JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

/** The store and connections a route runs with; params, query and body are the request's. */
export type Connections = Omit<RouteContext<unknown, unknown>, "params" | "query" | "body">;

/** Longest query string taken, in bytes. */
export const MAX_QUERY = 4096;

class BadRequest extends InputError {}

/** The query's parameters; a repeated one is refused (no route takes lists). Unknown ones are left to zod (ignored). */
export function queryParams(search: string): Record<string, string> {
  if (search.length > MAX_QUERY) throw new BadRequest(`the query is over ${MAX_QUERY} bytes`);
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of new URLSearchParams(search)) {
    if (Object.hasOwn(out, k)) throw new BadRequest("given more than once", { field: k });
    out[k] = v;
  }
  return out;
}

function errorAnswer(e: unknown): Answer {
  if (e instanceof NotFound) return { status: 404, body: { error: e.message } };
  if (e instanceof InputError) return { status: 400, body: { error: e.message } };
  if (e instanceof TaskCodeError) return { status: 422, body: { error: e.message } };
  process.stderr.write(`plumb view: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  return { status: 500, body: { error: `internal error: ${messageOf(e)}` } };
}

/**
 * Answers one API request: finds the route, checks its query and body with its zod schemas, runs
 * it. Every failure is an answer (400 bad input naming the field, 404, 405, 422 task code failed,
 * 500 a bug, logged), never a throw. `body` is the parsed JSON body, if any.
 */
export async function dispatch(
  routes: readonly Route[],
  connections: Connections,
  method: string,
  path: string,
  search: string,
  body?: unknown,
): Promise<Answer> {
  try {
    for (const segment of path.split("/")) {
      try {
        decodeURIComponent(segment);
      } catch {
        throw new BadRequest("the path is not valid percent-encoding");
      }
    }
    const matched = matchRoute(routes, method, path);
    if (matched === null) throw new NotFound(`no API route ${path}`);
    if (matched === "method") return { status: 405, body: { error: `${method} is not allowed on ${path}` } };
    const { route, params } = matched;
    const rawQuery = queryParams(search);
    const query = route.query ? route.query.safeParse(rawQuery) : { success: true as const, data: undefined };
    if (!query.success) throw fromZodError(query.error);
    const checkedBody = route.body ? route.body.safeParse(body) : { success: true as const, data: undefined };
    if (!checkedBody.success) throw fromZodError(checkedBody.error, ["body"]);
    const result = await route.handle({ ...connections, params, query: query.data, body: checkedBody.data });
    return { status: 200, body: result };
  } catch (e) {
    return errorAnswer(e);
  }
}
