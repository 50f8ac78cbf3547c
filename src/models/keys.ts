import { InputError } from "../core/errors.ts";
import type { ProviderName } from "./request.ts";

/** The variable each provider's key is read from: at its own endpoint (openai-compatible: at any). */
export const KEY_VARIABLES: Readonly<Record<ProviderName, string>> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  google: "GOOGLE_GENERATIVE_AI_API_KEY",
  "openai-compatible": "OPENAI_COMPATIBLE_API_KEY",
};

export interface ChosenKey {
  /** The variable read; null when the model may read none. */
  variable: string | null;
  /** Absent when no key is sent. */
  value?: string;
}

/**
 * Which key a model's calls carry. A provider's usual variable is read only at its own endpoint;
 * a model at any other endpoint gets a key only from a variable named for it (`keyVariable`),
 * except that openai-compatible's usual variable is meant for custom endpoints. A named variable
 * that is unset is an error, as is a missing key for a provider's own endpoint.
 */
export function chooseKey(
  model: { provider: ProviderName; id: string; isDefault: boolean; keyVariable?: string },
  env: Readonly<Record<string, string | undefined>>,
): ChosenKey {
  const { provider, keyVariable } = model;
  const usual = model.isDefault || provider === "openai-compatible" ? KEY_VARIABLES[provider] : null;
  const variable = keyVariable ?? usual;
  if (variable === null) return { variable: null };
  const value = Object.hasOwn(env, variable) ? env[variable]?.trim() : undefined;
  if (value === undefined || value === "") {
    // Local OpenAI-compatible servers usually take no key.
    if (keyVariable === undefined && provider === "openai-compatible") return { variable };
    throw new InputError(`no API key for ${model.id}: set ${variable}`);
  }
  // Keys are printable ASCII; anything else could make the HTTP client fail with the key in its message.
  if (/[^\x20-\x7e]/.test(value)) {
    throw new InputError(
      `the key in ${variable} (for ${model.id}) holds a character other than printable ASCII`,
    );
  }
  return { variable, value };
}
