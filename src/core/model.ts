import type { JsonSchema, Message, PromptImage } from "./task.ts";

/** What a model is asked: a prompt plus the per-model generation options. */
export interface ModelRequest {
  messages: Message[];
  /** Attached to the last user message. */
  images?: PromptImage[];
  /** Ask for structured output following this schema, where the provider supports it. */
  outputSchema?: JsonSchema;
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  /** OpenAI-style reasoning effort. */
  reasoningEffort?: "minimal" | "low" | "medium" | "high";
  /** Anthropic / Google thinking budget in tokens. */
  thinkingBudget?: number;
}

/**
 * Tokens of a call, as the AI SDK counts them: `input` includes the `cached` input tokens and
 * `output` includes the `reasoning` tokens.
 */
export interface Usage {
  input: number;
  output: number;
  reasoning: number;
  cached: number;
}

export const ZERO_USAGE: Usage = { input: 0, output: 0, reasoning: 0, cached: 0 };

/** The model id of answers people gave in the viewer's play mode; reports show their solve times. */
export const HUMAN_MODEL = "human";

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    input: a.input + b.input,
    output: a.output + b.output,
    reasoning: a.reasoning + b.reasoning,
    cached: a.cached + b.cached,
  };
}

/** USD per 1M tokens. `cached` is the price of cached input tokens; without it they cost `input`. */
export interface Price {
  input: number;
  output: number;
  cached?: number;
}

/** The generation options a model can be given, per model (models file) or per run (flags). */
export type GenerationOptions = Pick<
  ModelRequest,
  "maxOutputTokens" | "temperature" | "topP" | "reasoningEffort" | "thinkingBudget"
>;

/**
 * What a run records of a model: enough to tell two configurations apart and to audit where the
 * calls went and which variable's key they carried. Never a key.
 */
export interface ModelSpec {
  /** "openai", "anthropic", "google", "openai-compatible", or a built-in agent ("oracle", "random", "replay"). */
  provider: string;
  /** The provider's model name (for replay, the file). */
  model?: string;
  /** Where the calls go, the provider's default endpoint included. */
  baseURL?: string;
  /** The environment variable the key is read from; null when no key is sent. */
  keyVariable?: string | null;
  price?: Price | null;
  /** The model's own generation defaults (models file). */
  options?: GenerationOptions;
}

/** One try at a call. */
export interface Attempt {
  startedAt: string;
  latencyMs: number;
  /** Set when the try failed. */
  error?: string;
  /** HTTP status of a failed try, when there was one. */
  status?: number;
  /** How long the server asked us to wait (Retry-After), when it did. */
  retryAfterMs?: number;
}

export interface ModelResponse {
  text: string;
  reasoning?: string;
  usage: Usage;
  /** Of the successful attempt. */
  latencyMs: number;
  finishReason: string;
  /** Every try, failed ones included, in order. */
  attempts: Attempt[];
}

/** A failed call: every attempt failed (or the first did and it was not worth retrying). */
export class ModelCallError extends Error {
  constructor(
    message: string,
    readonly attempts: Attempt[],
  ) {
    super(message);
    this.name = "ModelCallError";
  }
}

export interface Model {
  /**
   * "openai:gpt-4.1" at the provider's default endpoint, "openai-compatible:qwen@http://host:8000/v1"
   * elsewhere, an alias from a models file, "oracle", "replay:results.jsonl", …
   */
  id: string;
  /** Concurrency and rate limits are per provider endpoint. */
  provider: string;
  /** Base URL for HTTP providers (part of the cache key). */
  baseURL?: string;
  /** A built-in agent (oracle, random, astar, replay) that costs nothing and needs no key. */
  local?: boolean;
  /** Known when given (models file, --prices) or built in for the provider's default endpoint. */
  price?: Price;
  /** The model's own generation defaults; a run's explicit flags override them. */
  options?: GenerationOptions;
  /** Calls in flight at most, when the models file sets it. */
  concurrency?: number;
  /** What a run stores of this model. */
  spec: ModelSpec;
  generate(req: ModelRequest, signal: AbortSignal): Promise<ModelResponse>;
}
