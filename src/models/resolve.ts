import { InputError } from "../core/errors.ts";
import { readTextFile } from "../core/jsonl.ts";
import type { Model } from "../core/model.ts";
import { loadModelsFile, type ModelEntry } from "./models-file.ts";
import { BUILTIN_PRICES, type PriceTable } from "./prices.ts";
import { createProviderModel } from "./providers.ts";
import type { RetryOptions } from "./retry.ts";
import { type ParsedSpec, parseModelSpec, SPEC_FORMS } from "./spec.ts";

export { checkOptions } from "./options.ts";

/** A --model text naming a built-in agent (oracle, random, a baseline) or a replay file. */
export type BuiltinSpec = Exclude<ParsedSpec, { kind: "provider" }>;

export interface ResolveOptions {
  /**
   * Makes the built-in agents (they solve tasks, so they live with the runner: eval/agents.ts).
   * Without it, a --model naming one is refused.
   */
  builtin?: (spec: BuiltinSpec) => Model;
  /** JSON models file whose aliases --model may name (see models-file.ts). */
  modelsFile?: string;
  /** Legacy: the endpoint of openai-compatible models that name none. */
  baseURL?: string;
  /** Where API keys are looked up (default process.env). */
  env?: Record<string, string | undefined>;
  retry: RetryOptions;
  /** Prices by model id (default the built-in ones). */
  prices?: PriceTable;
}

/** --base-url may reach only openai-compatible models: no hosted provider's key or id goes there. */
function legacyBaseURL(provider: string, id: string, opts: ResolveOptions): string | undefined {
  if (opts.baseURL === undefined) return undefined;
  if (provider === "openai-compatible") return opts.baseURL;
  throw new InputError(
    `--base-url applies only to openai-compatible models, not ${id}: give it its own endpoint (${id}@<URL> or a models file entry with baseURL and keyVariable), or drop --base-url and name each endpoint with PROVIDER:MODEL@URL`,
    { field: "--base-url" },
  );
}

function fromEntry(entry: ModelEntry, opts: ResolveOptions, prices: PriceTable): Model {
  return createProviderModel({
    ...entry,
    baseURL: entry.baseURL ?? legacyBaseURL(entry.provider, entry.id, opts),
    env: opts.env,
    retry: opts.retry,
    prices,
  });
}

/**
 * The models --model arguments (or --judge) name: built-in agents, PROVIDER:MODEL[@URL], or
 * aliases of the models file. Throws InputError for an unknown form, a missing key, or
 * --base-url where it would reach a hosted provider's model.
 */
export function resolveModels(specs: string[], opts: ResolveOptions): Model[] {
  const entries = opts.modelsFile ? loadModelsFile(opts.modelsFile) : new Map<string, ModelEntry>();
  const prices = opts.prices ?? BUILTIN_PRICES;
  return specs.map((text) => {
    const entry = entries.get(text);
    if (entry) return fromEntry(entry, opts, prices);
    const parsed = parseModelSpec(text);
    if (!parsed) {
      const aliases = entries.size > 0 ? `, or an id of ${opts.modelsFile}` : "";
      throw new InputError(`unknown model "${text}": use one of ${SPEC_FORMS}${aliases}`, {
        field: "--model",
      });
    }
    if (parsed.kind !== "provider") {
      if (!opts.builtin)
        throw new InputError(`"${text}" is a built-in agent, which only runs can use`, { field: "--model" });
      return opts.builtin(parsed);
    }
    return createProviderModel({
      provider: parsed.provider,
      model: parsed.model,
      baseURL: parsed.baseURL ?? legacyBaseURL(parsed.provider, text, opts),
      env: opts.env,
      retry: opts.retry,
      prices,
    });
  });
}

function unquote(value: string): string {
  const q = value[0];
  if ((q === '"' || q === "'") && value.length >= 2 && value.endsWith(q)) {
    const inner = value.slice(1, -1);
    return q === '"' ? inner.replace(/\\n/g, "\n").replace(/\\(["\\])/g, "$1") : inner;
  }
  // An unquoted value ends at a " #" comment.
  return value.replace(/\s+#.*$/, "");
}

/** KEY=VALUE lines, with # comments, optional quotes and an optional `export ` prefix. */
export function loadEnvFile(path: string): Record<string, string> {
  const text = readTextFile(path);
  const out: Record<string, string> = {};
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*)$/.exec(line);
    if (!m) throw new InputError("expected KEY=VALUE", { line: i + 1, source: path });
    out[m[1] as string] = unquote((m[2] as string).trim());
  });
  return out;
}
