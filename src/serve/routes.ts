import type { ZodType, z } from "zod";
import { loadTask, taskInfos } from "../core/registry.ts";
import type { AnyTask } from "../core/task.ts";
import type { Checker } from "../eval/pool/index.ts";
import * as api from "./api.ts";
import { ApiError, toApiError } from "./errors.ts";
import { DECIDED, ITEM_SEPARATOR, TO_RUN } from "./jobs.ts";
import { instanceOf, OPERATIONS, type OperationName, taskOf } from "./operations.ts";
import type { Sessions } from "./sessions.ts";

/** What the routes run with. */
export interface ServeContext {
  checker: Checker;
  sessions: Sessions;
  workers: number;
  /** Ready (not starting, not draining). */
  ready(): boolean;
  /** Logs a bug's stack. */
  bug(e: unknown): void;
}

/**
 * One route: `path` may hold `:name` segments; the body (POST) is checked with `body` before
 * `handle` runs, or, for a `raw` route, given as text to a job that parses and checks it itself.
 */
export interface Route {
  method: "GET" | "POST" | "DELETE";
  path: string;
  summary: string;
  body?: ZodType;
  /** `handle` gets the body's text, unparsed: the checker's threads parse and check it (jobs.ts). */
  raw?: true;
  /** The body as /openapi.json describes it, when it differs from what the server checks first (a batch checks items one by one). */
  documentedBody?: ZodType;
  response: ZodType;
  handle(ctx: ServeContext, params: Record<string, string>, body: unknown): Promise<Answer>;
}

/** An answer's body as a value, or as JSON text already written (by a text job). */
export type Answer = { status: number; body: unknown } | { status: number; json: string };

const ok = (body: unknown): Answer => ({ status: 200, body });

/** A text job's answer (jobs.ts: `STATUS\nBUG\nBODY`), logging the bug it met, if any. */
function fromJob(text: string, ctx: ServeContext): { status: number; json: string } {
  const first = text.indexOf("\n");
  const second = text.indexOf("\n", first + 1);
  const bug = text.slice(first + 1, second);
  if (bug !== "") ctx.bug(JSON.parse(bug));
  return { status: Number(text.slice(0, first)), json: text.slice(second + 1) };
}

function single(name: OperationName, summary: string): Route {
  const op = OPERATIONS[name];
  return {
    method: "POST",
    path: `/v1/${name}`,
    summary,
    body: op.body,
    raw: true,
    response: op.response,
    handle: async (ctx, _params, text) =>
      fromJob(await ctx.checker.textJob(`one:${name}`, text as string), ctx),
  };
}

function batch(name: OperationName): Route {
  const op = OPERATIONS[name];
  return {
    method: "POST",
    path: `/v1/batch/${name}`,
    summary: `Many /v1/${name} requests at once (at most ${api.MAX_BATCH}), run concurrently; one result per item, in order.`,
    body: api.batchBody,
    raw: true,
    documentedBody: api.batchBody.extend({ items: op.body.array().max(api.MAX_BATCH) }),
    response: api.batchResponse(op.response),
    async handle(ctx, _params, text) {
      const split = fromJob(await ctx.checker.textJob(`split:${name}`, text as string), ctx);
      if (split.status !== 200) return split;
      const items = split.json === "" ? [] : split.json.split(ITEM_SEPARATOR);
      const results = await Promise.all(
        items.map(async (item) => {
          if (item.startsWith(DECIDED)) return item.slice(DECIDED.length);
          try {
            return fromJob(await ctx.checker.textJob(`item:${name}`, item.slice(TO_RUN.length)), ctx).json;
          } catch (e) {
            return JSON.stringify({ ok: false, ...toApiError(e, ctx.bug).body() });
          }
        }),
      );
      return { status: 200, json: `{"results":[${results.join(",")}]}` };
    },
  };
}

const taskLists = new WeakMap<ServeContext, Promise<z.infer<typeof api.tasksResponse>>>();

/**
 * Every task's info, and whether it is interactive (which loads each task once per server). A task
 * that cannot load is a bug of that task: it is logged and left out, and the list still answers.
 */
function listTasks(ctx: ServeContext): Promise<z.infer<typeof api.tasksResponse>> {
  let list = taskLists.get(ctx);
  if (list) return list;
  list = (async () => {
    const tasks = [];
    for (const info of taskInfos()) {
      let task: AnyTask;
      try {
        task = await loadTask(info.id);
      } catch (e) {
        ctx.bug(e);
        continue;
      }
      tasks.push({
        id: info.id,
        suite: info.suite,
        description: info.description,
        tags: info.tags,
        levels: info.levels,
        presets: Object.keys(info.presets ?? {}),
        interactive: typeof task.env === "function",
      });
    }
    return { tasks };
  })();
  taskLists.set(ctx, list);
  return list;
}

/** Every route of the service, in the order /openapi.json lists them (it is added by the server). */
export const ROUTES: readonly Route[] = [
  {
    method: "GET",
    path: "/v1/health",
    summary: "Liveness: the process answers.",
    response: api.healthResponse,
    handle: async () => ok({ status: "ok" }),
  },
  {
    method: "GET",
    path: "/v1/ready",
    summary: "Readiness: 200 when the worker threads are up, 503 while starting or shutting down.",
    response: api.readyResponse,
    handle: async (ctx) => ({
      status: ctx.ready() ? 200 : 503,
      body: { ready: ctx.ready(), workers: ctx.workers },
    }),
  },
  {
    method: "GET",
    path: "/v1/tasks",
    summary: "Every task: id, suite, description, tags, levels, presets and whether it is interactive.",
    response: api.tasksResponse,
    handle: async (ctx) => ok(await listTasks(ctx)),
  },
  single("generate", "Instances of a task, generated from a seed (the same seed gives the same instances)."),
  single(
    "prompt",
    "The prompt a model is given for an instance: messages, PNG images (base64), output schema.",
  ),
  single(
    "grade",
    "A model's reply text read and verified: the answer, the verdict and the reward (its score).",
  ),
  single(
    "verify",
    "An answer in the task's form checked by its answer schema, then verified: the verdict and reward.",
  ),
  {
    method: "POST",
    path: "/v1/sessions",
    summary: "Opens an environment session on an instance of an interactive task (CHAIN, SPaRC's gym).",
    body: api.sessionBody,
    response: api.sessionResponse,
    async handle(ctx, _params, raw) {
      const b = raw as z.output<typeof api.sessionBody>;
      const task = await taskOf(b.task);
      if (!task.env) throw new ApiError(400, "not_interactive", `${task.id} has no environment`, "task");
      return ok(await ctx.sessions.start(task, instanceOf(task, b.instance), b.options ?? {}));
    },
  },
  {
    method: "GET",
    path: "/v1/sessions/:id",
    summary: "A session's current state.",
    response: api.sessionResponse,
    handle: async (ctx, params) => ok(ctx.sessions.get(params.id ?? "")),
  },
  {
    method: "POST",
    path: "/v1/sessions/:id/step",
    summary: "Plays one reply: the action is read from the text (an unreadable one spends the turn).",
    body: api.stepBody,
    response: api.stepResponse,
    async handle(ctx, params, raw) {
      const b = raw as z.output<typeof api.stepBody>;
      return ok(await ctx.sessions.step(params.id ?? "", b.text, b.maxResponseBytes));
    },
  },
  {
    method: "DELETE",
    path: "/v1/sessions/:id",
    summary: "Closes a session: its verdict when it is over.",
    response: api.closeResponse,
    handle: async (ctx, params) => ok(await ctx.sessions.close(params.id ?? "")),
  },
  batch("grade"),
  batch("verify"),
  batch("prompt"),
  batch("generate"),
];

/** The route of a method and path, `"method"` when the path exists under another method, or null. */
export function match(
  routes: readonly Route[],
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | "method" | null {
  const parts = path.split("/");
  let otherMethod = false;
  for (const route of routes) {
    const pattern = route.path.split("/");
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = Object.create(null);
    const fits = pattern.every((p, i) => {
      const got = parts[i] ?? "";
      if (!p.startsWith(":")) return p === got;
      params[p.slice(1)] = got;
      return got !== "" && got.length <= 200;
    });
    if (!fits) continue;
    if (route.method === method) return { route, params };
    otherMethod = true;
  }
  return otherMethod ? "method" : null;
}
