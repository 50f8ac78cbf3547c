import { z } from "zod";
import { fromZodError } from "../core/errors.ts";
import { readJsonFile } from "../core/jsonl.ts";
import { type Model, type Price, parseSettingId, type Usage } from "../core/model.ts";
import { AGENTS } from "./spec.ts";

export type { Price } from "../core/model.ts";

/**
 * Model id as Plumb writes it → price: "openai:gpt-4.1" (the provider's default endpoint),
 * "openai-compatible:qwen@http://localhost:8000/v1", or an alias from a models file.
 */
export type PriceTable = ReadonlyMap<string, Price>;

/**
 * USD per unit of hosted tool use (ModelResponse.toolUse), as the providers list them in 2025:
 * OpenAI bills its code interpreter per container (1 GB, $0.03) and web search per call ($10 per
 * 1,000); Anthropic bills web search per search ($10 per 1,000), and its code execution by
 * container hours past a free allowance (not priced here). Google's search grounding is billed per
 * prompt or per query depending on the model, past a free tier: not priced here either.
 */
const OPENAI_TOOLS = { code_interpreter: 0.03, web_search: 0.01 };
const ANTHROPIC_TOOLS = { web_search: 0.01 };

/**
 * List prices (standard tier, prompts up to 200K tokens) as published by the providers in 2025.
 * They go stale and ignore discounts, batch and long-context tiers: override them with
 * `--prices file.json` (see loadPriceTable).
 */
export const BUILTIN_PRICES: PriceTable = new Map<string, Price>([
  ["openai:gpt-4.1", { input: 2, output: 8, cached: 0.5, tools: OPENAI_TOOLS }],
  ["openai:gpt-4.1-mini", { input: 0.4, output: 1.6, cached: 0.1, tools: OPENAI_TOOLS }],
  ["openai:o4-mini", { input: 1.1, output: 4.4, cached: 0.275, tools: OPENAI_TOOLS }],
  ["anthropic:claude-sonnet-4-5", { input: 3, output: 15, cached: 0.3, tools: ANTHROPIC_TOOLS }],
  ["google:gemini-2.5-pro", { input: 1.25, output: 10, cached: 0.125 }],
  ["google:gemini-2.5-flash", { input: 0.3, output: 2.5, cached: 0.03 }],
]);

/** The built-in agents make no calls. */
function isFree(model: string): boolean {
  return (AGENTS as readonly string[]).includes(model) || model.startsWith("replay:");
}

const nonNegative = z.number().finite().nonnegative();
const priceFileSchema = z.record(
  z.string().min(1),
  z.strictObject({
    input: nonNegative,
    output: nonNegative,
    cached: nonNegative.optional(),
    tools: z.record(z.string().min(1), nonNegative).optional(),
  }),
);

/** Validates a parsed override file and merges it over the built-in prices. */
export function parsePriceTable(value: unknown, source?: string): PriceTable {
  const result = priceFileSchema.safeParse(value);
  if (!result.success) throw fromZodError(result.error).withLocation({ source });
  const table = new Map(BUILTIN_PRICES);
  for (const [model, price] of Object.entries(result.data)) table.set(model, price);
  return table;
}

/**
 * Reads a JSON file {"model id": {"input", "output", "cached"?, "tools"?}}: USD per 1M tokens, and
 * per unit of hosted tool use ({"web_search": 0.01, …}).
 */
export function loadPriceTable(path: string): PriceTable {
  return parsePriceTable(readJsonFile(path), path);
}

/**
 * What one sample's usage costs, or null when the model's price is unknown. A model's own price
 * comes first; a bare id is looked up in the table, without the setting it was run under
 * (`openai:gpt-4.1+tools=provider` is priced as `openai:gpt-4.1`). Usage follows the AI SDK:
 * `input` includes the `cached` tokens and `output` includes the `reasoning` tokens, so reasoning
 * is billed at the output price and cached tokens at the cached price instead of input. Hosted
 * tool use (`toolUse`) adds its units at the price's `tools` rates; units without one add nothing.
 */
export function costOf(
  model: string | Pick<Model, "id" | "price" | "local">,
  usage: Usage,
  table: PriceTable = BUILTIN_PRICES,
  toolUse?: Readonly<Record<string, number>>,
): number | null {
  const id = typeof model === "string" ? model : model.id;
  const base = parseSettingId(id).model;
  const price = (typeof model === "string" ? undefined : model.price) ?? table.get(id) ?? table.get(base);
  if (price === undefined)
    return isFree(base) || (typeof model !== "string" && model.local === true) ? 0 : null;
  const cached = Math.min(usage.cached, usage.input);
  const fresh = usage.input - cached;
  let tools = 0;
  for (const [unit, n] of Object.entries(toolUse ?? {})) {
    const rate = price.tools?.[unit];
    if (rate !== undefined && Number.isFinite(n) && n > 0) tools += n * rate;
  }
  return (
    (fresh * price.input + cached * (price.cached ?? price.input) + usage.output * price.output) / 1e6 + tools
  );
}
