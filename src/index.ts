/**
 * Plumb's public API: the functions the CLI itself runs, for programs that import Plumb.
 * Everything exported here is stable within a major version; anything imported from a deeper path
 * is internal. Tasks are named by id ("sparc", "scbench/shikaku") or given as Task objects; options
 * are checked at this boundary and a bad one is an InputError naming the field.
 */
import { z } from "zod";
import { fromZodError, InputError } from "./core/errors.ts";
import { gradeResponse, verifyAnswer } from "./core/grade.ts";
import {
  dumpInstance,
  generateInstances,
  loadInstance,
  presetInstances,
  resolveParams,
} from "./core/instances.ts";
import { buildPrompt } from "./core/prompt-template.ts";
import { loadTask, type TaskInfo, taskInfos } from "./core/registry.ts";
import type {
  AnyTask,
  Environment,
  Instance,
  Prompt,
  PromptOptions,
  SolveOptions,
  SolveResult,
} from "./core/task.ts";
import type { Verdict } from "./core/verdict.ts";
import { registerAllTasks } from "./suites/catalog.ts";

export { InputError } from "./core/errors.ts";
export { registerTask, type TaskInfo } from "./core/registry.ts";
export { Rng, type Seed } from "./core/rng.ts";
export type {
  AnyTask,
  Environment,
  Instance,
  Message,
  Observation,
  Prompt,
  PromptImage,
  PromptOptions,
  Rendering,
  SolveOptions,
  SolveResult,
  StepResult,
  Task,
} from "./core/task.ts";
export { type Check, type FailureKind, isParseFailure, ParseFailure, type Verdict } from "./core/verdict.ts";

/** A task by id, or a Task object of your own. */
export type TaskRef = string | AnyTask;

/** Every built-in task's id, suite, description, tags, levels and presets, without loading any task's code. */
export function listTasks(suite?: string): TaskInfo[] {
  registerAllTasks();
  return taskInfos(suite);
}

/** A task's code, loaded on first use (with its WebAssembly kernels, if it has any). */
export async function getTask(id: string): Promise<AnyTask> {
  registerAllTasks();
  return loadTask(z.string().min(1).parse(id));
}

async function taskOf(ref: TaskRef): Promise<AnyTask> {
  return typeof ref === "string" ? getTask(ref) : ref;
}

function checked<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw fromZodError(result.error, [field]);
  return result.data;
}

function checkInstance(task: AnyTask, inst: Instance): Instance {
  if (inst === null || typeof inst !== "object" || inst.task !== task.id) {
    throw new InputError(`the instance is not one of ${task.id} (read records with readInstance)`, {
      field: "instance.task",
    });
  }
  return inst;
}

const generateOptions = z
  .object({
    /** How many instances (default 10). */
    count: z.number().int().min(1).max(1_000_000).default(10),
    /** The set's seed: the same seed gives the same instances. */
    seed: z.union([z.string(), z.number()]).default("0"),
    /** A named parameter level of the task. */
    level: z.string().optional(),
    /** Parameter overrides, checked by the task's schema. */
    params: z.record(z.string(), z.unknown()).default({}),
    /** A fixed instance set instead of generation (takes no level or params; count cuts it). */
    preset: z.string().optional(),
  })
  .strict();

export type GenerateOptions = z.input<typeof generateOptions>;

/** Generated instances (or a preset's), exactly as `plumb generate` makes them. */
export async function generate(ref: TaskRef, options: GenerateOptions = {}): Promise<Instance[]> {
  const task = await taskOf(ref);
  const o = checked(generateOptions, options, "options");
  if (o.preset !== undefined) {
    if (o.level !== undefined || Object.keys(o.params).length > 0)
      throw new InputError("a preset is a fixed set: it takes no level or params", {
        field: "options.preset",
      });
    return presetInstances(task, o.preset).slice(0, options.count === undefined ? undefined : o.count);
  }
  return generateInstances(task, resolveParams(task, o.level, o.params), o.count, o.seed);
}

/** An instance from a record (a line of an instance file, or an official record); throws an InputError naming the field. */
export async function readInstance(ref: TaskRef, record: unknown): Promise<Instance> {
  return loadInstance(await taskOf(ref), record);
}

/** How an instance is written to a file (the official record format where the task has one). */
export async function writeInstance(ref: TaskRef, inst: Instance): Promise<unknown> {
  const task = await taskOf(ref);
  return dumpInstance(task, checkInstance(task, inst));
}

const promptOptions = z
  .object({
    variant: z.string().optional(),
    shots: z.number().int().min(0).optional(),
    maxOutputTokens: z.number().int().positive().optional(),
  })
  .strict();

/** The prompt a model is given for an instance. */
export async function prompt(
  ref: TaskRef,
  inst: Instance,
  options: Omit<PromptOptions, "template"> = {},
): Promise<Prompt> {
  const task = await taskOf(ref);
  return buildPrompt(task, checkInstance(task, inst), checked(promptOptions, options, "options"));
}

const gradeOptions = z
  .object({
    /** Also accept answers only the task's lenient reading finds (SPaRC's --lenient). */
    lenient: z.boolean().optional(),
    /** Text longer than this many UTF-8 bytes is a parse failure without being read (default 1 MiB). */
    maxResponseBytes: z.number().int().positive().optional(),
  })
  .strict();

/**
 * A model's reply text, read and verified: the Verdict. Never throws on the text: unreadable text is
 * a `parse` failure, a task's own bug an `error` verdict.
 */
export async function grade(
  ref: TaskRef,
  inst: Instance,
  text: string,
  options: z.input<typeof gradeOptions> = {},
): Promise<Verdict> {
  const task = await taskOf(ref);
  const o = checked(gradeOptions, options, "options");
  const t = checked(z.string(), text, "text");
  return (await gradeResponse(task, checkInstance(task, inst), t, o)).verdict;
}

/** The Verdict on an answer already in the task's answer form (checked by the task's answer schema). */
export async function verify(ref: TaskRef, inst: Instance, answer: unknown): Promise<Verdict> {
  const task = await taskOf(ref);
  return verifyAnswer(task, checkInstance(task, inst), checked(task.answer, answer, "answer"));
}

/** The task's reference solver; an InputError when the task has none. */
export async function solve(
  ref: TaskRef,
  inst: Instance,
  options: SolveOptions = {},
): Promise<SolveResult<unknown>> {
  const task = await taskOf(ref);
  if (!task.solve) throw new InputError(`${task.id} has no reference solver`);
  const o = checked(
    z.object({ all: z.boolean().optional(), maxSolutions: z.number().int().positive().optional() }).strict(),
    options,
    "options",
  );
  return task.solve(checkInstance(task, inst), o);
}

/** An answer written as model text that the task reads back (what the oracle agent replies). */
export async function formatAnswer(ref: TaskRef, inst: Instance, answer: unknown): Promise<string> {
  const task = await taskOf(ref);
  if (!task.formatAnswer) throw new InputError(`${task.id} cannot write answers as text`);
  return task.formatAnswer(checked(task.answer, answer, "answer"), checkInstance(task, inst));
}

/** A fresh interactive episode over an instance; an InputError when the task has none. */
export async function environment(
  ref: TaskRef,
  inst: Instance,
  options: Record<string, unknown> = {},
): Promise<Environment> {
  const task = await taskOf(ref);
  if (!task.env) throw new InputError(`${task.id} has no interactive environment`);
  return task.env(checkInstance(task, inst), checked(z.record(z.string(), z.unknown()), options, "options"));
}

export interface Picture {
  svg: string;
  width: number;
  height: number;
  /** Present when asked for with `{ png: true }`. */
  png?: Uint8Array;
}

/** The instance (and an answer, if given) as an SVG picture, and as PNG on request. */
export async function render(
  ref: TaskRef,
  inst: Instance,
  answer?: unknown,
  options: { png?: boolean } = {},
): Promise<Picture> {
  const task = await taskOf(ref);
  if (!task.render) throw new InputError(`${task.id} has no renderer`);
  const o = checked(z.object({ png: z.boolean().optional() }).strict(), options, "options");
  const a = answer === undefined ? undefined : checked(task.answer, answer, "answer");
  const picture = task.render(checkInstance(task, inst), a);
  const png = o.png ? (await import("./core/png.ts")).svgToPng(picture.svg) : undefined;
  return { svg: picture.svg, width: picture.width, height: picture.height, ...(png && { png }) };
}
