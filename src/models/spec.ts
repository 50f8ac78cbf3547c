import { InputError } from "../core/errors.ts";
import type { ProviderName } from "./request.ts";

export const PROVIDERS: readonly ProviderName[] = ["openai", "anthropic", "google", "openai-compatible"];

/** Built-in agents: the task's reference, random play, and the baselines tasks may define. */
export const AGENTS = ["oracle", "random", "astar"] as const;
export type AgentName = (typeof AGENTS)[number];

export type ParsedSpec =
  | { kind: "agent"; name: AgentName }
  | { kind: "replay"; file: string }
  | { kind: "provider"; provider: ProviderName; model: string; baseURL?: string };

export const SPEC_FORMS = [
  ...AGENTS,
  "replay:<responses.jsonl>",
  ...PROVIDERS.map((p) => `${p}:<model>[@<base URL>]`),
].join(", ");

/** The provider a "provider:…" text names, if it names one. */
export function providerPrefix(text: string): ProviderName | "replay" | undefined {
  const colon = text.indexOf(":");
  if (colon < 0) return undefined;
  const prefix = text.slice(0, colon);
  return prefix === "replay" ? "replay" : PROVIDERS.find((p) => p === prefix);
}

// The endpoint starts at the first "@" followed by a scheme: model names may hold "@", "/" and ":".
const URL_START = /@(?=https?:\/\/)/i;

/**
 * A --model text: an agent, a replay file, or PROVIDER:MODEL[@BASE_URL]. Undefined when the text
 * has none of these forms; an InputError when it has one but is incomplete.
 */
export function parseModelSpec(text: string): ParsedSpec | undefined {
  const agent = AGENTS.find((a) => a === text);
  if (agent !== undefined) return { kind: "agent", name: agent };
  const prefix = providerPrefix(text);
  if (prefix === undefined) return undefined;
  const rest = text.slice(prefix.length + 1);
  if (prefix === "replay") {
    if (rest === "") throw new InputError(`"${text}" names no file: use replay:<responses.jsonl>`);
    return { kind: "replay", file: rest };
  }
  const at = URL_START.exec(rest);
  const model = at ? rest.slice(0, at.index) : rest;
  if (model.trim() === "")
    throw new InputError(`"${prefix}:" names no model: use ${prefix}:<model>[@<base URL>]`);
  return at
    ? { kind: "provider", provider: prefix, model, baseURL: rest.slice(at.index + 1) }
    : { kind: "provider", provider: prefix, model };
}
