import type { LanguageModelUsage, ModelMessage, UserContent } from "ai";
import type { ModelRequest, Usage } from "../core/model.ts";

export type ProviderName = "openai" | "anthropic" | "google" | "openai-compatible";

/** The request's messages in AI SDK form, the images appended to the last user message. */
export function toModelMessages(req: ModelRequest): ModelMessage[] {
  const out: ModelMessage[] = req.messages.map((m) => ({ role: m.role, content: m.content }));
  const images = req.images ?? [];
  if (images.length === 0) return out;
  const parts = images.map((img) => ({ type: "image" as const, image: img.data, mediaType: img.mediaType }));
  let last = -1;
  for (let i = out.length - 1; i >= 0 && last < 0; i--) if (out[i]?.role === "user") last = i;
  if (last < 0) {
    out.push({ role: "user", content: parts });
    return out;
  }
  const text = req.messages[last]?.content ?? "";
  const content: UserContent = [{ type: "text", text }, ...parts];
  out[last] = { role: "user", content };
  return out;
}

/**
 * Our usage from the SDK's. `output` is every generated token as billed, reasoning included;
 * `reasoning` is the part of it spent thinking.
 */
export function toUsage(u: LanguageModelUsage | undefined): Usage {
  if (!u) return { input: 0, output: 0, reasoning: 0, cached: 0 };
  return {
    input: u.inputTokens ?? 0,
    output: u.outputTokens ?? 0,
    reasoning: u.outputTokenDetails?.reasoningTokens ?? u.reasoningTokens ?? 0,
    cached: u.inputTokenDetails?.cacheReadTokens ?? u.cachedInputTokens ?? 0,
  };
}
