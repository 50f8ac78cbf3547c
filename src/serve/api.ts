/**
 * The reward service's contract (`plumb serve`, API version v1): zod schemas of every route's body
 * and response. The server checks bodies with them, and /openapi.json is generated from them, so
 * clients (clients/python) and this file cannot drift apart.
 */
import { z } from "zod";

/** Items a batch takes at most. */
export const MAX_BATCH = 1024;
/** Instances one generate request makes at most. */
export const MAX_COUNT = 1000;
/** Instances a whole batch of generate requests makes at most. */
export const MAX_BATCH_INSTANCES = 20_000;

const taskId = z.string().min(1).max(200).describe("a task id, e.g. sparc or scbench/shikaku");

/** Plumb's instance envelope, as /v1/generate makes it; `data` is checked by the task's own schema. */
export const instanceSchema = z
  .object({
    id: z.string().min(1).max(1000),
    task: z.string().min(1).max(200),
    params: z.unknown(),
    seed: z.string().max(1000).nullable(),
    data: z.unknown(),
  })
  .describe("an instance: {id, task, params, seed, data}");

export const imageSchema = z.object({
  alt: z.string(),
  mediaType: z.literal("image/png"),
  data: z.string().describe("base64"),
});

export const observationSchema = z.object({ text: z.string(), images: z.array(imageSchema).optional() });

export const verdictSchema = z.object({
  score: z.number(),
  passed: z.boolean(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string().optional() })),
  failure: z
    .object({
      kind: z.enum(["parse", "invalid", "wrong", "unscored", "error"]),
      message: z.string(),
    })
    .optional(),
  isolation: z.string().optional(),
  metrics: z.record(z.string(), z.number()).optional(),
});

export const errorSchema = z.object({
  error: z.object({
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
  }),
});

// ---- bodies ----

export const generateBody = z.strictObject({
  task: taskId,
  level: z.string().max(200).optional(),
  params: z.record(z.string(), z.unknown()).optional().describe("parameter overrides"),
  seed: z
    .union([z.string().max(1000), z.number().int()])
    .default("0")
    .transform((s) => String(s)),
  count: z.number().int().min(1).max(MAX_COUNT).default(1),
});

export const promptOptionsSchema = z.strictObject({
  variant: z.string().max(200).optional(),
  shots: z.number().int().min(0).max(1000).optional(),
  maxOutputTokens: z.number().int().positive().optional(),
});

export const promptBody = z.strictObject({
  task: taskId,
  instance: instanceSchema,
  options: promptOptionsSchema.optional(),
});

export const gradeBody = z.strictObject({
  task: taskId,
  instance: instanceSchema,
  text: z.string(),
  maxResponseBytes: z.number().int().positive().optional(),
});

export const verifyBody = z.strictObject({
  task: taskId,
  instance: instanceSchema,
  answer: z.unknown().describe("the answer in the task's form (its answer schema)"),
});

export const sessionOptionsSchema = z.strictObject({
  maxSteps: z.number().int().positive().max(100_000).optional(),
  traceback: z.boolean().optional(),
  vision: z.boolean().optional(),
  imageOnly: z.boolean().optional(),
});

export const sessionBody = z.strictObject({
  task: taskId,
  instance: instanceSchema,
  options: sessionOptionsSchema.optional(),
});

export const stepBody = z.strictObject({
  text: z.string(),
  maxResponseBytes: z.number().int().positive().optional(),
});

export const batchBody = z.strictObject({
  items: z.array(z.unknown()).max(MAX_BATCH),
});

// ---- responses ----

export const healthResponse = z.object({ status: z.literal("ok") });
export const readyResponse = z.object({ ready: z.boolean(), workers: z.number().int() });

export const tasksResponse = z.object({
  tasks: z.array(
    z.object({
      id: z.string(),
      suite: z.string(),
      description: z.string(),
      tags: z.array(z.string()),
      levels: z.array(z.string()),
      presets: z.array(z.string()),
      interactive: z.boolean(),
    }),
  ),
});

export const generateResponse = z.object({ instances: z.array(instanceSchema) });

export const promptResponse = z.object({
  prompt: z.object({
    messages: z.array(z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() })),
    images: z.array(imageSchema),
    outputSchema: z.record(z.string(), z.unknown()).optional(),
  }),
});

export const gradeResponse = z.object({
  answer: z.unknown().describe("the answer read from the text; null when none could be read"),
  verdict: verdictSchema,
  reward: z.number(),
});

export const verifyResponse = z.object({ verdict: verdictSchema, reward: z.number() });

export const sessionResponse = z.object({
  session: z.string(),
  task: z.string(),
  instructions: z.string(),
  observation: observationSchema,
  done: z.boolean(),
  success: z.boolean(),
  steps: z.number().int(),
  verdict: verdictSchema.optional(),
});

export const stepResponse = z.object({
  observation: observationSchema,
  reward: z.number(),
  done: z.boolean(),
  success: z.boolean(),
  steps: z.number().int(),
  invalid: z.string().optional().describe("why no action could be read from the text (the turn is spent)"),
  error: z.string().optional().describe("why the environment refused the action"),
  verdict: verdictSchema.optional().describe("the episode's verdict, once done"),
});

export const closeResponse = z.object({ closed: z.literal(true), verdict: verdictSchema.optional() });

/** A batch's results, in the order of its items. */
export function batchResponse(item: z.ZodObject) {
  return z.object({
    results: z.array(
      z.union([
        item.extend({ ok: z.literal(true) }),
        z.object({ ok: z.literal(false), error: errorSchema.shape.error }),
      ]),
    ),
  });
}

export type ErrorBody = z.infer<typeof errorSchema>;
export type Observation = z.infer<typeof observationSchema>;
export type VerdictJson = z.infer<typeof verdictSchema>;
