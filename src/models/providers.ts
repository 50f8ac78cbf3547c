import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import {
  generateText,
  type JSONSchema7,
  type JSONValue,
  jsonSchema,
  type LanguageModel,
  NoObjectGeneratedError,
  Output,
  type StepResult,
  type StopCondition,
  stepCountIs,
  type ToolSet,
} from "ai";
import {
  addUsage,
  type GenerationOptions,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type Price,
  type ToolHost,
  type Usage,
  ZERO_USAGE,
} from "../core/model.ts";
import { compatibleCaller } from "./compatible.ts";
import { endpointOf, keyedFetch } from "./endpoint.ts";
import { collectToolCalls, PythonRunner, providerToolSet, pythonToolSet, toolUseOf } from "./hosted-tools.ts";
import { chooseKey } from "./keys.ts";
import { isOpenAIReasoningModel, toProviderOptions } from "./options.ts";
import { type ProviderName, toModelMessages, toUsage } from "./request.ts";
import { callWithRetries, type RetryOptions } from "./retry.ts";

export type { ProviderName } from "./request.ts";

export interface ProviderSpec {
  provider: ProviderName;
  model: string;
  /** Else the provider's default endpoint. */
  baseURL?: string;
  /** A models-file alias; else the id names provider, model and (away from the default) endpoint. */
  id?: string;
  /** The variable holding this model's key (see chooseKey for what is read without it). */
  keyVariable?: string;
  /** Where keys are read (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  retry: RetryOptions;
  /** The model's own price (models file). */
  price?: Price;
  /** Prices by model id; they apply to a provider model at its default endpoint or to an exact id. */
  prices?: ReadonlyMap<string, Price>;
  options?: GenerationOptions;
  concurrency?: number;
}

/** The AI SDK's own key: never a real one, since keyedFetch puts the model's key on the wire. */
const PLACEHOLDER_KEY = "plumb-placeholder";

function languageModel(
  provider: Exclude<ProviderName, "openai-compatible">,
  model: string,
  baseURL: string,
  responses: boolean,
  fetch: typeof globalThis.fetch,
): LanguageModel {
  const apiKey = PLACEHOLDER_KEY;
  switch (provider) {
    case "openai": {
      const openai = createOpenAI({ apiKey, baseURL, fetch });
      // Proxies for OpenAI models speak chat completions; the responses API is OpenAI's own.
      return responses ? openai.responses(model) : openai.chat(model);
    }
    case "anthropic":
      return createAnthropic({ apiKey, baseURL, fetch })(model);
    case "google":
      return createGoogleGenerativeAI({ apiKey, baseURL, fetch })(model);
  }
}

type Reply = Omit<ModelResponse, "latencyMs" | "attempts">;
type Caller = (req: ModelRequest, signal: AbortSignal, host?: ToolHost) => Promise<Reply>;

/** Anthropic pauses long server-tool turns ("pause_turn"); a paused turn is sent back this often at most. */
const MAX_CONTINUATIONS = 3;

/** What generateText is given for the request's tools setting. */
function toolsFor(
  provider: Exclude<ProviderName, "openai-compatible">,
  responses: boolean,
  req: ModelRequest,
  host: ToolHost | undefined,
): { tools?: ToolSet; stopWhen?: StopCondition<ToolSet>; runner?: PythonRunner } {
  const setting = req.tools;
  if (!setting) return {};
  // A bound on the loop: provider tools run within one response, python calls one or more a step.
  const stopWhen = stepCountIs(setting.maxCalls + 2);
  if (setting.kind === "python") {
    if (!host) throw new Error("a python tools setting needs a ToolHost: pass one to Model.generate");
    const runner = new PythonRunner(host, setting.maxCalls);
    return { tools: pythonToolSet(runner), stopWhen, runner };
  }
  if (provider === "openai" && !responses)
    throw new Error("provider tools need OpenAI's responses API (checkOptions refuses them elsewhere)");
  return { tools: providerToolSet(provider, setting), stopWhen };
}

/** The provider options, with OpenAI's bound on hosted tool calls when provider tools are on. */
function optionsFor(
  provider: Exclude<ProviderName, "openai-compatible">,
  req: ModelRequest,
  responses: boolean,
  reasoning: boolean,
): Record<string, Record<string, JSONValue>> | undefined {
  const options = toProviderOptions(provider, req, responses, reasoning);
  if (provider !== "openai" || req.tools?.kind !== "provider") return options;
  return { ...options, openai: { ...options?.openai, maxToolCalls: req.tools.maxCalls } };
}

/** One try through the AI SDK, for the hosted providers. */
async function callOnce(
  provider: Exclude<ProviderName, "openai-compatible">,
  responses: boolean,
  reasoning: boolean,
  model: LanguageModel,
  req: ModelRequest,
  signal: AbortSignal,
  host?: ToolHost,
): Promise<Reply> {
  const { tools, stopWhen, runner } = toolsFor(provider, responses, req, host);
  try {
    let messages = toModelMessages(req);
    const steps: StepResult<ToolSet>[] = [];
    let usage: Usage = { ...ZERO_USAGE };
    let text = "";
    let reasoningText = "";
    for (let round = 0; ; round++) {
      const result = await generateText({
        model,
        messages,
        allowSystemInMessages: true,
        maxRetries: 0,
        abortSignal: runner ? AbortSignal.any([signal, runner.controller.signal]) : signal,
        temperature: req.temperature,
        topP: req.topP,
        maxOutputTokens: req.maxOutputTokens,
        providerOptions: optionsFor(provider, req, responses, reasoning),
        output: req.outputSchema
          ? Output.object({ schema: jsonSchema(req.outputSchema as JSONSchema7) })
          : undefined,
        ...(tools ? { tools, stopWhen } : {}),
      });
      if (runner?.failure) throw runner.failure.error;
      if (!tools)
        return {
          text: result.text,
          ...(result.reasoningText ? { reasoning: result.reasoningText } : {}),
          usage: toUsage(result.usage),
          finishReason: result.finishReason,
        };
      steps.push(...result.steps);
      usage = addUsage(usage, toUsage(result.totalUsage));
      text += result.text;
      reasoningText += result.reasoningText ?? "";
      const paused = provider === "anthropic" && result.rawFinishReason === "pause_turn";
      if (!paused || round >= MAX_CONTINUATIONS) {
        const toolCalls = collectToolCalls(steps, runner?.details);
        const toolUse = toolUseOf(steps, toolCalls);
        return {
          text,
          ...(reasoningText ? { reasoning: reasoningText } : {}),
          usage,
          finishReason: result.finishReason,
          toolCalls,
          ...(toolUse ? { toolUse } : {}),
        };
      }
      // The paused turn goes back as it is, and the model carries on with it.
      messages = [...messages, ...result.response.messages];
    }
  } catch (error) {
    if (runner?.failure) throw runner.failure.error;
    // Text that misses the schema is the model's answer, for the task to judge, not a failed call.
    if (NoObjectGeneratedError.isInstance(error) && error.text !== undefined) {
      return { text: error.text, usage: toUsage(error.usage), finishReason: error.finishReason ?? "other" };
    }
    throw error;
  }
}

/** A model behind an HTTP API. Throws InputError at once for a missing key or base URL. */
export function createProviderModel(spec: ProviderSpec): Model {
  const { provider, model: name } = spec;
  const { baseURL, isDefault } = endpointOf(provider, name, spec.baseURL);
  const plainId = `${provider}:${name}`;
  const id = spec.id ?? (isDefault ? plainId : `${plainId}@${baseURL}`);
  const key = chooseKey({ provider, id, isDefault, keyVariable: spec.keyVariable }, spec.env ?? process.env);
  const responses = provider === "openai" && isDefault;
  const reasoning = provider === "openai" && isOpenAIReasoningModel(name);
  // OpenAI-compatible servers get the lean client: they are where runs go fast (see compatible.ts).
  let call: Caller;
  if (provider === "openai-compatible") {
    call = compatibleCaller({ baseURL, model: name, ...(key.value !== undefined ? { key: key.value } : {}) });
  } else {
    const model = languageModel(provider, name, baseURL, responses, keyedFetch(provider, key.value));
    call = (req, signal, host) => callOnce(provider, responses, reasoning, model, req, signal, host);
  }
  // Table prices are for the provider's own endpoint, or for the exact id a user priced.
  const price = spec.price ?? spec.prices?.get(id) ?? (isDefault ? spec.prices?.get(plainId) : undefined);
  return {
    id,
    // Concurrency is per endpoint: two servers behind one provider name do not share a limit.
    provider: isDefault ? provider : `${provider}@${new URL(baseURL).host}`,
    ...(isDefault ? {} : { baseURL }),
    ...(price ? { price } : {}),
    ...(spec.options ? { options: spec.options } : {}),
    ...(spec.concurrency !== undefined ? { concurrency: spec.concurrency } : {}),
    spec: {
      provider,
      model: name,
      baseURL,
      // The variable read, set or not, so that setting it later does not change the run's spec.
      keyVariable: key.variable,
      price: price ?? null,
      ...(spec.options ? { options: spec.options } : {}),
    },
    async generate(req, signal, host) {
      const { value, attempts } = await callWithRetries((s) => call(req, s, host), spec.retry, signal);
      return { ...value, latencyMs: attempts.at(-1)?.latencyMs ?? 0, attempts };
    },
  };
}
