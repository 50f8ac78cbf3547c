/**
 * A lean client for OpenAI-compatible chat completions (vLLM, SGLang, llama.cpp, Ollama, proxies):
 * the endpoints evaluated at high concurrency, where the AI SDK's per-call work and WHATWG fetch
 * cost more main-thread time than the run itself. It sends what the AI SDK's openai-compatible
 * provider sent for our requests and reads the reply the same way (finish reasons, usage,
 * `reasoning_content` or `reasoning`), over undici's request API.
 */
import { request } from "undici";
import { z } from "zod";
import type { ModelRequest, ModelResponse, Usage } from "../core/model.ts";

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

/** One try of one request; errors are left for callWithRetries to classify. */
export function compatibleCaller(
  endpoint: CompatibleEndpoint,
): (req: ModelRequest, signal: AbortSignal) => Promise<Reply> {
  const url = `${endpoint.baseURL}/chat/completions`;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (endpoint.key !== undefined) headers.authorization = `Bearer ${endpoint.key}`;
  const cap = endpoint.maxBodyBytes ?? MAX_RESPONSE_BODY_BYTES;
  return async (req, signal) => {
    const response = await request(url, {
      method: "POST",
      headers,
      body: JSON.stringify(chatBody(endpoint.model, req)),
      signal,
    });
    const { statusCode } = response;
    if (statusCode < 200 || statusCode > 299) {
      const text = await readCapped(response.body, ERROR_BODY_BYTES, true);
      throw new HttpStatusError(statusCode, headerRecord(response.headers), errorMessage(statusCode, text));
    }
    const text = await readCapped(response.body, cap);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new MalformedResponseError(`the reply is not JSON: ${(error as Error).message}`);
    }
    return readCompletion(json);
  };
}
