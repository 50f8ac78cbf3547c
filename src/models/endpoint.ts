import { InputError } from "../core/errors.ts";
import type { ProviderName } from "./request.ts";

/** Where each hosted provider's calls go unless a model names another endpoint. */
export const DEFAULT_BASE_URLS: Readonly<Record<ProviderName, string | undefined>> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
  google: "https://generativelanguage.googleapis.com/v1beta",
  "openai-compatible": undefined,
};

/**
 * A base URL in the form ids and the cache use: http(s), no trailing slash. URLs that carry
 * credentials or a query are refused without being echoed, since either may hold a key.
 */
export function normalizeBaseURL(text: string, what: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(`${what}: not a valid base URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new InputError(`${what}: the base URL must start with http:// or https://`);
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "") {
    throw new InputError(
      `${what}: the base URL must carry no credentials, query or fragment (name the key's variable in a models file instead)`,
    );
  }
  return url.href.replace(/\/+$/, "");
}

export interface Endpoint {
  baseURL: string;
  /** The provider's own endpoint, where its usual key and the built-in prices apply. */
  isDefault: boolean;
}

/** Where a model's calls go: its own base URL, else its provider's default endpoint. */
export function endpointOf(provider: ProviderName, model: string, baseURL: string | undefined): Endpoint {
  const fallback = DEFAULT_BASE_URLS[provider];
  if (baseURL === undefined) {
    if (fallback === undefined)
      throw new InputError(
        `${provider}:${model} needs a base URL: ${provider}:${model}@<URL>, a models file, or --base-url`,
      );
    return { baseURL: fallback, isDefault: true };
  }
  const url = normalizeBaseURL(baseURL, `${provider}:${model}`);
  return { baseURL: url, isDefault: url === fallback };
}

const CREDENTIAL_HEADERS = ["authorization", "x-api-key", "x-goog-api-key", "api-key"];

/**
 * A fetch that sends this model's key (or none) in its provider's header and no other credential.
 * The AI SDK is given a placeholder key, so it never falls back on process.env by itself.
 */
export function keyedFetch(provider: ProviderName, key: string | undefined): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    for (const name of CREDENTIAL_HEADERS) headers.delete(name);
    if (key !== undefined) {
      if (provider === "anthropic") headers.set("x-api-key", key);
      else if (provider === "google") headers.set("x-goog-api-key", key);
      else headers.set("authorization", `Bearer ${key}`);
    }
    return fetch(input, { ...init, headers });
  };
}
