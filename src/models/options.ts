import type { JSONValue } from "ai";
import { InputError } from "../core/errors.ts";
import type { GenerationOptions, Model, ModelRequest, ToolsRequest } from "../core/model.ts";
import { DEFAULT_BASE_URLS } from "./endpoint.ts";
import type { ProviderName } from "./request.ts";
import { PROVIDERS } from "./spec.ts";

type Refusal = { flag: string; why: string };

/** Anthropic's smallest thinking budget. */
const ANTHROPIC_MIN_BUDGET = 1024;

/**
 * Whether the AI SDK treats an OpenAI model as a reasoning model (o-series, GPT-5 and later but
 * their chat variants): it then drops temperature and top-p, and otherwise drops reasoning effort.
 */
export function isOpenAIReasoningModel(name: string): boolean {
  if (/^o\d+(?:-|$)/.test(name)) return true;
  const gpt = /^gpt-(\d+)(?:\.\d+)?(?:-(.*))?$/.exec(name);
  return gpt !== null && Number(gpt[1]) >= 5 && !(gpt[2] ?? "").startsWith("chat");
}

function refusals(provider: ProviderName, name: string, g: GenerationOptions): Refusal[] {
  const out: Refusal[] = [];
  const { reasoningEffort, thinkingBudget } = g;
  switch (provider) {
    case "openai":
    case "openai-compatible":
      if (thinkingBudget !== undefined)
        out.push({ flag: "--thinking-budget", why: "it has no thinking budget; use --reasoning-effort" });
      if (provider === "openai" && isOpenAIReasoningModel(name)) {
        for (const [flag, value] of [
          ["--temperature", g.temperature],
          ["--top-p", g.topP],
        ] as const)
          if (value !== undefined) out.push({ flag, why: "a reasoning model takes no sampling options" });
      } else if (provider === "openai" && reasoningEffort !== undefined)
        out.push({ flag: "--reasoning-effort", why: "it is not a reasoning model" });
      break;
    case "anthropic":
      if (thinkingBudget !== undefined && thinkingBudget < ANTHROPIC_MIN_BUDGET)
        out.push({
          flag: "--thinking-budget",
          why: `its smallest thinking budget is ${ANTHROPIC_MIN_BUDGET}`,
        });
      if (reasoningEffort === "minimal")
        out.push({ flag: "--reasoning-effort minimal", why: "its effort goes from low to high" });
      // The SDK drops these silently; a run must not record options that were never sent.
      if (thinkingBudget !== undefined && g.temperature !== undefined)
        out.push({
          flag: "--temperature",
          why: "it takes no temperature while thinking (--thinking-budget)",
        });
      if (g.temperature !== undefined && g.topP !== undefined)
        out.push({ flag: "--top-p", why: "it takes --temperature or --top-p, not both" });
      break;
    case "google":
      if (reasoningEffort !== undefined && thinkingBudget !== undefined)
        out.push({
          flag: "--thinking-budget",
          why: "it takes a thinking level (--reasoning-effort) or a budget, not both",
        });
      break;
  }
  return out;
}

/** Tools a model cannot be given: hosted tools where there are none, web search without them. */
function toolRefusals(provider: ProviderName, isDefault: boolean, tools: ToolsRequest): Refusal[] {
  const out: Refusal[] = [];
  if (tools.kind === "provider") {
    if (provider === "openai-compatible")
      out.push({
        flag: "--tools provider",
        why: "an OpenAI-compatible server has no hosted tools; use --tools python",
      });
    else if (provider === "openai" && !isDefault)
      out.push({
        flag: "--tools provider",
        why: "OpenAI's hosted tools need its responses API, and a non-default endpoint speaks chat completions; use --tools python",
      });
  }
  if (tools.webSearch && tools.kind !== "provider")
    out.push({ flag: "--web-search", why: "web search is a provider tool: use it with --tools provider" });
  return out;
}

/**
 * Refuses, before any call, generation options the model's provider cannot take (the SDK would
 * drop them silently), and a tools setting it cannot run. Built-in agents ignore every option.
 */
export function checkOptions(
  model: Pick<Model, "id" | "spec">,
  generation: GenerationOptions,
  tools?: ToolsRequest,
): void {
  const provider = PROVIDERS.find((p) => p === model.spec.provider);
  if (!provider) return;
  const refused = refusals(provider, model.spec.model ?? "", generation);
  if (tools) {
    const base = DEFAULT_BASE_URLS[provider];
    const isDefault = base !== undefined && (model.spec.baseURL === undefined || model.spec.baseURL === base);
    refused.push(...toolRefusals(provider, isDefault, tools));
  }
  const first = refused[0];
  if (!first) return;
  const list = refused.map((r) => `${r.flag} (${r.why})`).join("; ");
  throw new InputError(`${model.id} (${provider}) cannot take ${list}`, { field: first.flag.split(" ")[0] });
}

/**
 * Reasoning effort and thinking budget in each provider's own option names (checkOptions has
 * refused what has no equivalent). `responses`: an OpenAI model on the responses API;
 * `reasoning`: a reasoning model (see isOpenAIReasoningModel).
 */
export function toProviderOptions(
  provider: Exclude<ProviderName, "openai-compatible">,
  req: Pick<ModelRequest, "reasoningEffort" | "thinkingBudget">,
  responses = false,
  reasoning = false,
): Record<string, Record<string, JSONValue>> | undefined {
  const { reasoningEffort, thinkingBudget } = req;
  switch (provider) {
    case "openai": {
      // A reasoning model on the responses API returns its reasoning text only as a summary.
      const options: Record<string, JSONValue> = {};
      if (reasoningEffort) options.reasoningEffort = reasoningEffort;
      if (responses && reasoning) options.reasoningSummary = "auto";
      return Object.keys(options).length > 0 ? { openai: options } : undefined;
    }
    case "anthropic": {
      const options: Record<string, JSONValue> = {};
      if (reasoningEffort) options.effort = reasoningEffort;
      if (thinkingBudget !== undefined) options.thinking = { type: "enabled", budgetTokens: thinkingBudget };
      return Object.keys(options).length > 0 ? { anthropic: options } : undefined;
    }
    case "google": {
      if (!reasoningEffort && thinkingBudget === undefined) return undefined;
      const thinkingConfig: Record<string, JSONValue> = { includeThoughts: true };
      if (reasoningEffort) thinkingConfig.thinkingLevel = reasoningEffort;
      if (thinkingBudget !== undefined) thinkingConfig.thinkingBudget = thinkingBudget;
      return { google: { thinkingConfig } };
    }
  }
}
