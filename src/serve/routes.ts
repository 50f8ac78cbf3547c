import type { ZodType, z } from "zod";
import { resolveParams } from "../core/instances.ts";
import { loadTask, taskInfos } from "../core/registry.ts";
import type { AnyTask, Instance } from "../core/task.ts";
import type { Checker } from "../eval/pool/index.ts";
import * as api from "./api.ts";
import { ApiError, invalid, toApiError } from "./errors.ts";
import { promptJson } from "./json.ts";
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

/** One route: `path` may hold `:name` segments; the body (POST) is checked with `body` before `handle` runs. */
export interface Route {
  method: "GET" | "POST" | "DELETE";
  path: string;
  summary: string;
  body?: ZodType;
  /** The body as /openapi.json describes it, when it differs from what the server checks first (a batch checks items one by one). */
  documentedBody?: ZodType;
  response: ZodType;
  handle(ctx: ServeContext, params: Record<string, string>, body: unknown): Promise<Answer>;
}

export interface Answer {
  status: number;
  body: unknown;
}

const ok = (body: unknown): Answer => ({ status: 200, body });

/** A task by id: an unknown one is a 404 naming the field. */
async function taskOf(id: string, field = "task"): Promise<AnyTask> {
  if (!taskInfos().some((i) => i.id === id))
    throw new ApiError(404, "unknown_task", `unknown task "${id}"`, field);
  return loadTask(id);
}

/** The request's instance, its data checked by the task's own schema. */
function instanceOf(task: AnyTask, inst: z.infer<typeof api.instanceSchema>): Instance {
  if (inst.task !== task.id)
    throw new ApiError(
      400,
      "invalid_input",
      `the instance is one of ${inst.task}, not ${task.id}`,
      "instance.task",
    );
  const data = task.data.safeParse(inst.data);
  if (!data.success) throw invalid(data.error, ["instance", "data"]);
  return { id: inst.id, task: inst.task, params: inst.params ?? null, seed: inst.seed, data: data.data };
}

/** The work of a route that batches: its body's schema, its response's, and what it does with a checked body. */
interface Operation<B extends ZodType> {
  body: B;
  response: z.ZodObject;
  run(ctx: ServeContext, body: z.output<B>): Promise<unknown>;
}

function operation<B extends ZodType>(op: Operation<B>): Operation<ZodType> {
  return op as unknown as Operation<ZodType>;
}

const generate = operation({
  body: api.generateBody,
  response: api.generateResponse,
  async run(ctx, b) {
    const task = await taskOf(b.task);
    const params = resolveParams(task, b.level, b.params ?? {});
    return { instances: await ctx.checker.generate(task, params, b.count, b.seed) };
  },
});

const prompt = operation({
  body: api.promptBody,
  response: api.promptResponse,
  async run(ctx, b) {
    const task = await taskOf(b.task);
    const p = await ctx.checker.prompt(task, instanceOf(task, b.instance), b.options ?? {});
    return { prompt: promptJson(p) };
  },
});

const grade = operation({
  body: api.gradeBody,
  response: api.gradeResponse,
  async run(ctx, b) {
    const task = await taskOf(b.task);
    const opts = b.maxResponseBytes === undefined ? {} : { maxResponseBytes: b.maxResponseBytes };
    const g = await ctx.checker.grade(task, instanceOf(task, b.instance), b.text, opts, { strict: true });
    return { answer: g.answer ?? null, verdict: g.verdict, reward: g.verdict.score };
  },
});

const verify = operation({
  body: api.verifyBody,
  response: api.verifyResponse,
  async run(ctx, b) {
    const task = await taskOf(b.task);
    const inst = instanceOf(task, b.instance);
    const answer = task.answer.safeParse(b.answer);
    if (!answer.success) throw invalid(answer.error, ["answer"]);
    const verdict = await ctx.checker.verify(task, inst, answer.data, { strict: true });
    return { verdict, reward: verdict.score };
  },
});

const OPERATIONS = { generate, prompt, grade, verify } as const;

/** One body checked and run: a bad body is a 400 naming the field. */
async function runOperation(ctx: ServeContext, op: Operation<ZodType>, raw: unknown): Promise<unknown> {
  const body = op.body.safeParse(raw);
  if (!body.success) throw invalid(body.error);
  return op.run(ctx, body.data);
}

function single(name: keyof typeof OPERATIONS, summary: string): Route {
  const op = OPERATIONS[name];
  return {
    method: "POST",
    path: `/v1/${name}`,
    summary,
    body: op.body,
    response: op.response,
    handle: async (ctx, _params, body) => ok(await op.run(ctx, body)),
  };
}

function batch(name: keyof typeof OPERATIONS): Route {
  const op = OPERATIONS[name];
  return {
    method: "POST",
    path: `/v1/batch/${name}`,
    summary: `Many /v1/${name} requests at once (at most ${api.MAX_BATCH}), run concurrently; one result per item, in order.`,
    body: api.batchBody,
    documentedBody: api.batchBody.extend({ items: op.body.array().max(api.MAX_BATCH) }),
    response: api.batchResponse(op.response),
    async handle(ctx, _params, raw) {
      const { items } = api.batchBody.parse(raw);
      if (name === "generate") {
        const total = items.reduce<number>((n, item) => n + countOf(item), 0);
        if (total > api.MAX_BATCH_INSTANCES)
          throw new ApiError(
            400,
            "invalid_body",
            `the batch asks for ${total} instances, over ${api.MAX_BATCH_INSTANCES}`,
            "items",
          );
      }
      const results = await Promise.all(
        items.map(async (item) => {
          try {
            return { ok: true, ...((await runOperation(ctx, op, item)) as object) };
          } catch (e) {
            return { ok: false, ...toApiError(e, ctx.bug).body() };
          }
        }),
      );
      return ok({ results });
    },
  };
}

function countOf(item: unknown): number {
  const count = (item as { count?: unknown } | null)?.count;
  return typeof count === "number" && Number.isFinite(count) ? Math.max(1, count) : 1;
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
