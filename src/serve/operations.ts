import type { ZodType, z } from "zod";
import { resolveParams } from "../core/instances.ts";
import { loadTask, taskInfos } from "../core/registry.ts";
import type { AnyTask, Instance } from "../core/task.ts";
import type { Checker } from "../eval/pool/index.ts";
import * as api from "./api.ts";
import { ApiError, invalid } from "./errors.ts";
import { promptJson } from "./json.ts";

/**
 * The service's operations, one body each (single or as a batch's item): what a request asks,
 * checked, and run on a checker. They run in the checker's threads (jobs.ts), where the body is
 * parsed too, so the HTTP thread only moves bytes.
 */

/** A task by id: an unknown one is a 404 naming the field. */
export async function taskOf(id: string, field = "task"): Promise<AnyTask> {
  if (!taskInfos().some((i) => i.id === id))
    throw new ApiError(404, "unknown_task", `unknown task "${id}"`, field);
  return loadTask(id);
}

/** The request's instance, its data checked by the task's own schema. */
export function instanceOf(task: AnyTask, inst: z.infer<typeof api.instanceSchema>): Instance {
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

/** An operation: its body's schema, its response's, and what it does with a checked body. */
export interface Operation<B extends ZodType> {
  body: B;
  response: z.ZodObject;
  run(checker: Checker, body: z.output<B>): Promise<unknown>;
}

function operation<B extends ZodType>(op: Operation<B>): Operation<ZodType> {
  return op as unknown as Operation<ZodType>;
}

const generate = operation({
  body: api.generateBody,
  response: api.generateResponse,
  async run(checker, b) {
    const task = await taskOf(b.task);
    const params = resolveParams(task, b.level, b.params ?? {});
    return { instances: await checker.generate(task, params, b.count, b.seed) };
  },
});

const prompt = operation({
  body: api.promptBody,
  response: api.promptResponse,
  async run(checker, b) {
    const task = await taskOf(b.task);
    const p = await checker.prompt(task, instanceOf(task, b.instance), b.options ?? {});
    return { prompt: promptJson(p) };
  },
});

const grade = operation({
  body: api.gradeBody,
  response: api.gradeResponse,
  async run(checker, b) {
    const task = await taskOf(b.task);
    const opts = b.maxResponseBytes === undefined ? {} : { maxResponseBytes: b.maxResponseBytes };
    const g = await checker.grade(task, instanceOf(task, b.instance), b.text, opts, { strict: true });
    return { answer: g.answer ?? null, verdict: g.verdict, reward: g.verdict.score };
  },
});

const verify = operation({
  body: api.verifyBody,
  response: api.verifyResponse,
  async run(checker, b) {
    const task = await taskOf(b.task);
    const inst = instanceOf(task, b.instance);
    const answer = task.answer.safeParse(b.answer);
    if (!answer.success) throw invalid(answer.error, ["answer"]);
    const verdict = await checker.verify(task, inst, answer.data, { strict: true });
    return { verdict, reward: verdict.score };
  },
});

export const OPERATIONS = { generate, prompt, grade, verify } as const;

export type OperationName = keyof typeof OPERATIONS;

/** One body checked and run: a bad body is a 400 naming the field. */
export async function runOperation(checker: Checker, op: Operation<ZodType>, raw: unknown): Promise<unknown> {
  const body = op.body.safeParse(raw);
  if (!body.success) throw invalid(body.error);
  return op.run(checker, body.data);
}
