/**
 * A lean client for OpenAI-compatible chat completions (vLLM, SGLang, llama.cpp, Ollama, proxies):
 * the endpoints evaluated at high concurrency, where the AI SDK's per-call work and WHATWG fetch
 * cost more main-thread time than the run itself. It sends what the AI SDK's openai-compatible
 * provider sent for our requests and reads the reply the same way (finish reasons, usage,
 * `reasoning_content` or `reasoning`), over undici's request API.
 */
import { request } from "undici";
import { z } from "zod";
import { clip } from "../core/clip.ts";
import {
  addUsage,
  type ModelRequest,
  type ModelResponse,
  type ToolCall,
  type ToolHost,
  type Usage,
} from "../core/model.ts";
import {
  MAX_RECORDED_INPUT,
  MAX_RECORDED_OUTPUT,
  OVER_LIMIT_ERROR,
  PYTHON_PARAMETERS,
  PYTHON_TOOL,
  PythonRunner,
  pythonToolDescription,
} from "./hosted-tools.ts";

/** Bodies past this are refused unread: no answer worth grading is this long. */
export const MAX_RESPONSE_BODY_BYTES = 32 * 2 ** 20;

/** Of an error reply, only this much is read, for its message. */
const ERROR_BODY_BYTES = 64 * 1024;

type Reply = Omit<ModelResponse, "latencyMs" | "attempts">;

/** Thrown for a non-2xx reply, shaped like the AI SDK's APICallError for classifyError. */
export class HttpStatusError extends Error {
  override name = "HttpStatusError";
  constructor(
    readonly statusCode: number,
    readonly responseHeaders: Record<string, string>,
    message: string,
  ) {
    super(message);
  }
}

/** A 2xx reply we could not read: worth another try, as a flaky proxy's usually is. */
export class MalformedResponseError extends Error {
  override name = "MalformedResponseError";
}

/** A reply too large to read: not retried, since the next one would be the same. */
export class OversizedResponseError extends Error {
  override name = "OversizedResponseError";
  readonly isRetryable = false;
}

const count = z.number().finite().nonnegative().nullish();

const contentPart = z.looseObject({ type: z.string(), text: z.unknown().optional() });

const completionSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({
          content: z.union([z.string(), z.array(contentPart)]).nullish(),
          reasoning_content: z.string().nullish(),
          reasoning: z.string().nullish(),
          // Read one by one (see toolCallsOf): a bad call is the model's mistake, not a bad reply.
          tool_calls: z.array(z.unknown()).nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1, "the reply has no choices"),
  usage: z
    .looseObject({
      prompt_tokens: count,
      completion_tokens: count,
      prompt_tokens_details: z.looseObject({ cached_tokens: count }).nullish(),
      completion_tokens_details: z.looseObject({ reasoning_tokens: count }).nullish(),
    })
    .nullish(),
});

type Completion = z.infer<typeof completionSchema>;

const errorSchema = z.looseObject({ error: z.looseObject({ message: z.string() }) });

/** The AI SDK's unified finish reasons, which samples and reports use. */
export function finishReasonOf(raw: string | null | undefined): string {
  switch (raw) {
    case "stop":
    case "length":
      return raw;
    case "content_filter":
      return "content-filter";
    case "function_call":
    case "tool_calls":
      return "tool-calls";
    default:
      return "other";
  }
}

function base64(data: Uint8Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("base64");
}

/** The request body: messages (images on the last user message), sampling options, schema. */
export function chatBody(model: string, req: ModelRequest): Record<string, unknown> {
  const messages: { role: string; content: unknown }[] = req.messages.map((m) => ({
    role: m.role,
    content: m.content,
  }));
  const images = req.images ?? [];
  if (images.length > 0) {
    const parts = images.map((img) => ({
      type: "image_url",
      image_url: { url: `data:${img.mediaType};base64,${base64(img.data)}` },
    }));
    let last = messages.length - 1;
    while (last >= 0 && messages[last]?.role !== "user") last--;
    const target = messages[last];
    if (target) target.content = [{ type: "text", text: target.content }, ...parts];
    else messages.push({ role: "user", content: parts });
  }
  const body: Record<string, unknown> = { model, messages };
  if (req.maxOutputTokens !== undefined) body.max_tokens = req.maxOutputTokens;
  if (req.temperature !== undefined) body.temperature = req.temperature;
  if (req.topP !== undefined) body.top_p = req.topP;
  if (req.outputSchema)
    body.response_format = {
      type: "json_schema",
      json_schema: { schema: req.outputSchema, strict: true, name: "response" },
    };
  if (req.reasoningEffort) body.reasoning_effort = req.reasoningEffort;
  return body;
}

function textOf(content: Completion["choices"][number]["message"]["content"]): string {
  if (typeof content === "string") return content;
  let text = "";
  for (const part of content ?? [])
    if (part.type === "text" && typeof part.text === "string") text += part.text;
  return text;
}

function usageOf(u: Completion["usage"]): Usage {
  return {
    input: u?.prompt_tokens ?? 0,
    output: u?.completion_tokens ?? 0,
    reasoning: u?.completion_tokens_details?.reasoning_tokens ?? 0,
    cached: u?.prompt_tokens_details?.cached_tokens ?? 0,
  };
}

/** Our reply from a parsed body; throws MalformedResponseError for one of the wrong shape. */
export function readCompletion(json: unknown): Reply {
  const parsed = completionSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new MalformedResponseError(`unexpected reply${where}: ${issue?.message ?? "invalid"}`);
  }
  const { choices, usage } = parsed.data;
  const choice = choices[0] as Completion["choices"][number];
  const reasoning = choice.message.reasoning_content ?? choice.message.reasoning;
  return {
    text: textOf(choice.message.content),
    ...(reasoning ? { reasoning } : {}),
    usage: usageOf(usage),
    finishReason: finishReasonOf(choice.finish_reason),
  };
}

type Body = AsyncIterable<Uint8Array> & { destroy(error?: Error): unknown };

/**
 * The body as text. Past the cap the connection is dropped, and the reply refused or (`truncate`)
 * cut short.
 */
async function readCapped(body: Body, cap: number, truncate = false): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.byteLength > cap) {
      body.destroy();
      if (!truncate)
        throw new OversizedResponseError(`the reply is over the ${cap.toLocaleString("en")}-byte cap`);
      chunks.push(chunk.subarray(0, cap - size));
      size = cap;
      break;
    }
    size += chunk.byteLength;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

function errorMessage(status: number, text: string): string {
  try {
    const parsed = errorSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data.error.message.slice(0, 1000);
  } catch {
    // not JSON: fall through to the status alone
  }
  return status === 429 ? "rate limited" : `status ${status}`;
}

function headerRecord(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === "string") out[name] = value;
    else if (Array.isArray(value)) out[name] = value.join(", ");
  }
  return out;
}

export interface CompatibleEndpoint {
  baseURL: string;
  model: string;
  /** Sent as a bearer token; no other credential is ever sent. */
  key?: string;
  maxBodyBytes?: number;
}

/** Tool-call arguments past this many characters are refused unread. */
export const MAX_TOOL_ARGUMENT_CHARS = 200_000;

/** One tool call of a reply, as read; `code` or `error` (a call that cannot run). */
export interface RawToolCall {
  id: string;
  name: string;
  /** The arguments as sent back to the server with the assistant message. */
  arguments: string;
  code?: string;
  error?: string;
}

/** The python code of a call's arguments, or why there is none. Never throws. */
export function parseToolArguments(raw: unknown): { code: string } | { error: string } {
  let value = raw;
  if (typeof raw === "string") {
    if (raw.length > MAX_TOOL_ARGUMENT_CHARS)
      return { error: `the arguments are over ${MAX_TOOL_ARGUMENT_CHARS.toLocaleString("en")} characters` };
    try {
      value = JSON.parse(raw);
    } catch {
      return { error: 'the arguments are not valid JSON: send {"code": "<python program>"}' };
    }
  }
  const code =
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>).code
      : undefined;
  if (typeof code !== "string")
    return { error: 'the arguments must be a JSON object {"code": "<python program>"}' };
  if (code.length > MAX_TOOL_ARGUMENT_CHARS)
    return { error: `the code is over ${MAX_TOOL_ARGUMENT_CHARS.toLocaleString("en")} characters` };
  return { code };
}

/** Tool calls read from one reply at most. */
const MAX_CALLS_PER_REPLY = 64;

/** The reply's tool calls (at most MAX_CALLS_PER_REPLY), each read into code or an error for the model. */
export function toolCallsOf(json: unknown): RawToolCall[] {
  const parsed = completionSchema.safeParse(json);
  if (!parsed.success) return [];
  // Past this many calls in one reply the rest are dropped unanswered (and not sent back either).
  const list = (parsed.data.choices[0]?.message.tool_calls ?? []).slice(0, MAX_CALLS_PER_REPLY);
  return list.map((entry, i): RawToolCall => {
    const e = typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>) : {};
    const fn =
      typeof e.function === "object" && e.function !== null ? (e.function as Record<string, unknown>) : {};
    const id = typeof e.id === "string" && e.id !== "" ? e.id.slice(0, 200) : `call_${i}`;
    const name = typeof fn.name === "string" ? fn.name.slice(0, 200) : "";
    const raw = fn.arguments;
    const args =
      typeof raw === "string"
        ? raw.slice(0, MAX_TOOL_ARGUMENT_CHARS + 1)
        : (() => {
            try {
              return (JSON.stringify(raw) ?? "").slice(0, MAX_TOOL_ARGUMENT_CHARS + 1);
            } catch {
              return "";
            }
          })();
    if (name !== PYTHON_TOOL)
      return {
        id,
        name,
        arguments: args,
        error: `there is no tool named "${name}"; the only tool is ${PYTHON_TOOL}`,
      };
    const read = parseToolArguments(typeof raw === "string" ? raw : args);
    return "code" in read
      ? { id, name, arguments: args, code: read.code }
      : { id, name, arguments: args, error: read.error };
  });
}

/** One try of one request; errors are left for callWithRetries to classify. */
export function compatibleCaller(
  endpoint: CompatibleEndpoint,
): (req: ModelRequest, signal: AbortSignal, host?: ToolHost) => Promise<Reply> {
  const url = `${endpoint.baseURL}/chat/completions`;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (endpoint.key !== undefined) headers.authorization = `Bearer ${endpoint.key}`;
  const cap = endpoint.maxBodyBytes ?? MAX_RESPONSE_BODY_BYTES;
  const post = async (body: Record<string, unknown>, signal: AbortSignal): Promise<unknown> => {
    const response = await request(url, { method: "POST", headers, body: JSON.stringify(body), signal });
    const { statusCode } = response;
    if (statusCode < 200 || statusCode > 299) {
      const text = await readCapped(response.body, ERROR_BODY_BYTES, true);
      throw new HttpStatusError(statusCode, headerRecord(response.headers), errorMessage(statusCode, text));
    }
    const text = await readCapped(response.body, cap);
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new MalformedResponseError(`the reply is not JSON: ${(error as Error).message}`);
    }
  };
  return async (req, signal, host) => {
    if (!req.tools) return readCompletion(await post(chatBody(endpoint.model, req), signal));
    if (req.tools.kind !== "python")
      throw new Error("an OpenAI-compatible server has no provider tools (checkOptions refuses them)");
    if (!host) throw new Error("a python tools setting needs a ToolHost: pass one to Model.generate");
    return pythonLoop(post, endpoint.model, req, req.tools.maxCalls, host, signal);
  };
}

/**
 * The python tool by hand: ask, run the calls the reply makes (up to the limit; past it, or when a
 * call cannot be read, the model is told so), send their results back, ask again, until a reply
 * makes no call or the round trips run out. The last reply's text is the answer; usage is summed.
 */
async function pythonLoop(
  post: (body: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>,
  model: string,
  req: ModelRequest,
  maxCalls: number,
  host: ToolHost,
  signal: AbortSignal,
): Promise<Reply> {
  const body = chatBody(model, req);
  body.tools = [
    {
      type: "function",
      function: {
        name: PYTHON_TOOL,
        description: pythonToolDescription(maxCalls, host.limits),
        parameters: PYTHON_PARAMETERS,
      },
    },
  ];
  const messages = body.messages as unknown[];
  const runner = new PythonRunner(host, maxCalls);
  const toolCalls: ToolCall[] = [];
  let usage: Usage = { input: 0, output: 0, reasoning: 0, cached: 0 };
  const maxRounds = maxCalls + 2;
  for (let round = 1; ; round++) {
    const json = await post(body, signal);
    const reply = readCompletion(json);
    usage = addUsage(usage, reply.usage);
    const calls = toolCallsOf(json);
    const done = { ...reply, usage, toolCalls };
    if (calls.length === 0) return done;
    if (round >= maxRounds) {
      // Out of round trips: these calls are never answered.
      for (const c of calls)
        toolCalls.push({
          tool: c.name || PYTHON_TOOL,
          by: "plumb",
          input: clip(c.code ?? c.arguments, MAX_RECORDED_INPUT),
          output: "",
          error: c.error ?? OVER_LIMIT_ERROR,
        });
      return done;
    }
    messages.push({
      role: "assistant",
      content: reply.text === "" ? null : reply.text,
      tool_calls: calls.map((c) => ({
        id: c.id,
        type: "function",
        function: { name: c.name, arguments: c.arguments },
      })),
    });
    for (const c of calls) {
      let content: string;
      if (c.code === undefined) {
        const error = c.error ?? "the call cannot be run";
        content = `Error: ${error}`;
        toolCalls.push({
          tool: c.name || PYTHON_TOOL,
          by: "plumb",
          input: clip(c.arguments, MAX_RECORDED_INPUT),
          output: clip(content, MAX_RECORDED_OUTPUT),
          error,
        });
      } else {
        const { text, call } = await runner.run(c.id, c.code, signal);
        content = text;
        toolCalls.push(call);
      }
      messages.push({ role: "tool", tool_call_id: c.id, content });
    }
  }
}
