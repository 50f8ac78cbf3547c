import { z } from "zod";
import { fromZodError, InputError } from "../core/errors.ts";
import { readJsonFile } from "../core/jsonl.ts";
import type { GenerationOptions, Price } from "../core/model.ts";
import { normalizeBaseURL } from "./endpoint.ts";
import type { ProviderName } from "./request.ts";
import { AGENTS, PROVIDERS } from "./spec.ts";

/** One model of a models file, picked with `--model ID`. */
export interface ModelEntry {
  id: string;
  provider: ProviderName;
  model: string;
  baseURL?: string;
  keyVariable?: string;
  price?: Price;
  options?: GenerationOptions;
  concurrency?: number;
}

const nonNegative = z.number().finite().nonnegative();
const entrySchema = z.strictObject({
  // No ":" or "@": an alias never reads as a provider's model, so no built-in price applies to it by mistake.
  id: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, "an alias of letters, digits, '.', '_', '/', '-'")
    .refine((id) => !(AGENTS as readonly string[]).includes(id), `${AGENTS.join(", ")} are built-in agents`),
  provider: z.enum(PROVIDERS as [ProviderName, ...ProviderName[]]),
  model: z.string().min(1),
  baseURL: z.string().min(1).optional(),
  keyVariable: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "the name of an environment variable (never the key itself)")
    .optional(),
  price: z
    .strictObject({ input: nonNegative, output: nonNegative, cached: nonNegative.optional() })
    .optional(),
  options: z
    .strictObject({
      maxOutputTokens: z.number().int().positive().optional(),
      temperature: z.number().finite().min(0).max(2).optional(),
      topP: z.number().finite().min(0).max(1).optional(),
      reasoningEffort: z.enum(["minimal", "low", "medium", "high"]).optional(),
      thinkingBudget: z.number().int().nonnegative().optional(),
    })
    .optional(),
  concurrency: z.number().int().positive().optional(),
});
const fileSchema = z.strictObject({ models: z.array(entrySchema) });

/** Validates a parsed models file: `{"models": [entry, …]}`, aliases unique. */
export function parseModelsFile(value: unknown, source?: string): Map<string, ModelEntry> {
  const result = fileSchema.safeParse(value);
  if (!result.success) throw fromZodError(result.error).withLocation({ source });
  const entries = new Map<string, ModelEntry>();
  result.data.models.forEach((entry, i) => {
    const field = `models[${i}]`;
    if (entries.has(entry.id))
      throw new InputError(`alias "${entry.id}" is used twice`, { field: `${field}.id`, source });
    let baseURL: string | undefined;
    try {
      baseURL = entry.baseURL === undefined ? undefined : normalizeBaseURL(entry.baseURL, entry.id);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      throw new InputError(e.reason, { field: `${field}.baseURL`, source });
    }
    entries.set(entry.id, { ...entry, ...(baseURL ? { baseURL } : {}) });
  });
  return entries;
}

export function loadModelsFile(path: string): Map<string, ModelEntry> {
  return parseModelsFile(readJsonFile(path), path);
}
