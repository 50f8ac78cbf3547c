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
  /** Tools the model may call while answering (the tools setting); none when absent. */
  tools?: ToolsRequest;
}

/**
 * The tools setting of a request. Plain data: it is part of the request's cache key. What runs
 * Plumb's own tools is given to `Model.generate` apart (a ToolHost).
 */
export interface ToolsRequest {
  /**
   * "provider": the provider's hosted code execution (OpenAI's code interpreter, Anthropic's and
   * Google's code execution); "python": a `python` function tool that Plumb runs in its sandbox.
   */
  kind: "provider" | "python";
  /** Also the provider's hosted web search (provider tools only). */
  webSearch: boolean;
  /** Tool calls allowed in one answer; past it a call is refused and the model told to answer. */
  maxCalls: number;
}

/** One tool call made while answering, and what came back to the model. */
export interface ToolCall {
  /** "python", "code_interpreter", "code_execution", "web_search", … */
  tool: string;
  /** "provider": run on the provider's side; "plumb": run by Plumb (the python tool). */
  by: "provider" | "plumb";
  /** The code or the query, clipped. */
  input: string;
  /** What the model was given back (output, logs, results), clipped. */
  output: string;
  /** Why the call failed or was refused (over its time or memory cap, blocked, over the call limit, …). */
  error?: string;
  ms?: number;
}

/** What Plumb's python tool gives back for one call. */
export interface PythonToolResult {
  /** What the model is shown: standard output, then standard error when there is some. */
  output: string;
  /** Set when the run did not end normally (timed out, out of memory, blocked, an exception). */
  error?: string;
  ms: number;
}

/** Runs the tools Plumb executes itself, for models given `tools.kind: "python"`. */
export interface ToolHost {
  python(code: string, signal: AbortSignal): Promise<PythonToolResult>;
  /** The caps each python run is held to, which the tool's description states. */
  limits?: { seconds: number; memoryMiB: number; outputKiB: number };
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

/**
 * USD per 1M tokens. `cached` is the price of cached input tokens; without it they cost `input`.
 * `tools`: USD per unit of provider tool use (`ModelResponse.toolUse`), e.g. a web search.
 */
export interface Price {
  input: number;
  output: number;
  cached?: number;
  tools?: Record<string, number>;
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
  /** The setting the model is run under (see ModelSetting): its tools and its output-token cap. */
  setting?: { tools?: ToolsRequest; maxOutputTokens?: number };
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
  /** The tool calls made while answering (a tools setting), in order. */
  toolCalls?: ToolCall[];
  /**
   * Billable units of hosted tool use the provider reported or its replies show, by name
   * ("web_search": searches, "code_interpreter": containers, …), priced by `Price.tools`.
   */
  toolUse?: Record<string, number>;
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
  /** The tools setting this model is run under (a run's `--tools`); none when absent. */
  tools?: ToolsRequest;
  /** What a run stores of this model. */
  spec: ModelSpec;
  /** `host` runs the tools Plumb executes itself (requests with `tools.kind: "python"`). */
  generate(req: ModelRequest, signal: AbortSignal, host?: ToolHost): Promise<ModelResponse>;
}

/**
 * A run may put one model under several settings (`--tools none,provider`, a sweep of output-token
 * caps); each is a model of its own in the run, named by the model's id and the setting:
 * `openai:gpt-5.2+tools=provider`, `anthropic:claude-sonnet-4-5+max-output-tokens=4096`.
 */
export interface ModelSetting {
  tools?: "provider" | "python";
  maxOutputTokens?: number;
}

const SETTING_SUFFIX = /\+(tools=(?:provider|python)|max-output-tokens=\d+)$/;

/** The id of `model` under `setting` (the model's own id when the setting is empty). */
export function settingId(model: string, setting: ModelSetting): string {
  let id = model;
  if (setting.tools !== undefined) id += `+tools=${setting.tools}`;
  if (setting.maxOutputTokens !== undefined) id += `+max-output-tokens=${setting.maxOutputTokens}`;
  return id;
}

/** A run's model id taken apart: the model's own id and the setting it was run under. */
export function parseSettingId(id: string): { model: string; setting: ModelSetting } {
  const setting: ModelSetting = {};
  let rest = id;
  for (let m = SETTING_SUFFIX.exec(rest); m !== null; m = SETTING_SUFFIX.exec(rest)) {
    const [name, value] = (m[1] as string).split("=") as [string, string];
    if (name === "tools") setting.tools = value as "provider" | "python";
    else setting.maxOutputTokens = Number(value);
    rest = rest.slice(0, m.index);
  }
  return { model: rest, setting };
}

/** The setting's name in reports: "no tools", "tools=python", "max-output-tokens=4096", … */
export function settingName(setting: ModelSetting): string {
  const parts: string[] = [];
  parts.push(setting.tools === undefined ? "no tools" : `tools=${setting.tools}`);
  if (setting.maxOutputTokens !== undefined) parts.push(`max-output-tokens=${setting.maxOutputTokens}`);
  return parts.join(", ");
}
