import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../test/support/fake-openai.ts";
import { InputError } from "../core/errors.ts";
import type { GenerationOptions, Model } from "../core/model.ts";
import { checkOptions, toProviderOptions } from "./options.ts";
import { resolveModels } from "./resolve.ts";

const retry = { retries: 0, timeoutMs: 2000 };
let server: FakeOpenAI;
beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(async () => {
  await server.close();
});

const at = (provider: string, model = "m") =>
  resolveModels([`${provider}:${model}@${server.url}`], { env: {}, retry })[0] as Model;

/** The body a model's call with these options puts on the wire (the fake answers 404 to non-OpenAI paths). */
async function bodyOf(m: Model, g: GenerationOptions): Promise<Record<string, unknown>> {
  checkOptions(m, g);
  const before = server.count();
  await m
    .generate({ messages: [{ role: "user", content: "Hi." }], ...g }, new AbortController().signal)
    .catch(() => undefined);
  expect(server.count()).toBe(before + 1);
  return server.requests.at(-1)?.body as Record<string, unknown>;
}

describe("checkOptions", () => {
  const refused = (provider: string, g: GenerationOptions, model?: string): string => {
    try {
      checkOptions(at(provider, model), g);
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      return (e as Error).message;
    }
    return "accepted";
  };

  it("refuses what a provider has no equivalent for, naming the flag", () => {
    expect(refused("openai", { thinkingBudget: 1024 })).toMatch(/cannot take --thinking-budget/);
    expect(refused("openai-compatible", { thinkingBudget: 1024 })).toMatch(/--thinking-budget/);
    expect(refused("anthropic", { reasoningEffort: "minimal" })).toMatch(/--reasoning-effort minimal/);
    expect(refused("google", { reasoningEffort: "low", thinkingBudget: 512 })).toMatch(/not both/);
    // Anthropic would drop these silently; every problem is listed at once.
    const both = refused("anthropic", { thinkingBudget: 2048, temperature: 0.5, topP: 0.9 });
    expect(both).toMatch(/--temperature .*; --top-p/);
  });

  it("follows the SDK's split of OpenAI models: sampling options or reasoning effort, not both", () => {
    expect(refused("openai", { reasoningEffort: "high" }, "gpt-4.1")).toMatch(/not a reasoning model/);
    expect(refused("openai", { temperature: 1 }, "o4-mini")).toMatch(/--temperature \(a reasoning model/);
    expect(refused("openai", { topP: 1 }, "gpt-5")).toMatch(/--top-p/);
    expect(refused("openai", { temperature: 1, topP: 1 }, "gpt-5-chat-latest")).toBe("accepted");
    expect(refused("anthropic", { thinkingBudget: 500 })).toMatch(/smallest thinking budget is 1024/);
  });

  it("accepts what each provider takes, and anything for built-in agents", () => {
    expect(refused("openai", { temperature: 1, topP: 1, maxOutputTokens: 9 }, "gpt-4.1")).toBe("accepted");
    expect(refused("openai", { reasoningEffort: "minimal", maxOutputTokens: 9 }, "o4-mini")).toBe("accepted");
    expect(
      refused("anthropic", { reasoningEffort: "high", thinkingBudget: 2048, maxOutputTokens: 4096 }),
    ).toBe("accepted");
    expect(refused("google", { thinkingBudget: 0 })).toBe("accepted");
    // A built-in agent's spec names no provider of these (see eval/agents.test.ts).
    const oracle = { id: "oracle", spec: { provider: "oracle" } };
    expect(() => checkOptions(oracle, { thinkingBudget: 5, reasoningEffort: "minimal" })).not.toThrow();
  });
});

describe("checkOptions of a tools setting", () => {
  const provider = { kind: "provider", webSearch: false, maxCalls: 4 } as const;
  const python = { kind: "python", webSearch: false, maxCalls: 4 } as const;
  const own = (spec: string) =>
    resolveModels([spec], {
      env: { OPENAI_API_KEY: "k", ANTHROPIC_API_KEY: "k", GOOGLE_GENERATIVE_AI_API_KEY: "k" },
      retry,
    })[0] as Model;
  const refusal = (m: Model, tools: Parameters<typeof checkOptions>[2]): InputError | undefined => {
    try {
      checkOptions(m, {}, tools);
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      return e as InputError;
    }
    return undefined;
  };

  it("refuses provider tools where there are none, suggesting --tools python", () => {
    const compatible = refusal(at("openai-compatible"), provider);
    expect(compatible?.message).toMatch(
      /--tools provider \(an OpenAI-compatible server has no hosted tools; use --tools python\)/,
    );
    expect(compatible?.field).toBe("--tools");
    expect(refusal(at("openai", "gpt-4.1"), provider)?.message).toMatch(/--tools provider .*responses API/);
    expect(refusal(at("openai-compatible"), python)).toBeUndefined();
    expect(refusal(at("openai", "gpt-4.1"), python)).toBeUndefined();
  });

  it("accepts provider tools at OpenAI's own endpoint, Anthropic and Google", () => {
    for (const spec of ["openai:gpt-4.1", "anthropic:claude-sonnet-4-5", "google:gemini-2.5-flash"])
      expect(refusal(own(spec), { ...provider, webSearch: true })).toBeUndefined();
    expect(refusal(at("anthropic"), provider)).toBeUndefined();
  });

  it("refuses web search without provider tools, naming --web-search", () => {
    const e = refusal(own("openai:gpt-4.1"), { ...python, webSearch: true });
    expect(e?.message).toMatch(/--web-search/);
    expect(e?.field).toBe("--web-search");
    // Every problem at once, generation options first.
    expect(() => checkOptions(at("openai-compatible"), { thinkingBudget: 5 }, { ...provider })).toThrow(
      /--thinking-budget .*; --tools provider/,
    );
    const oracle = { id: "oracle", spec: { provider: "oracle" } };
    expect(() => checkOptions(oracle, {}, { ...provider, webSearch: true })).not.toThrow();
  });
});

describe("provider options on the wire", () => {
  it("openai and openai-compatible send reasoning effort", async () => {
    expect(await bodyOf(at("openai", "o4-mini"), { reasoningEffort: "high" })).toMatchObject({
      reasoning_effort: "high",
    });
    expect(await bodyOf(at("openai-compatible"), { reasoningEffort: "low" })).toMatchObject({
      reasoning_effort: "low",
    });
  });

  it("anthropic maps reasoning effort to effort and the budget to thinking", async () => {
    const body = await bodyOf(at("anthropic"), { reasoningEffort: "medium", thinkingBudget: 2048 });
    expect(body).toMatchObject({
      output_config: { effort: "medium" },
      thinking: { type: "enabled", budget_tokens: 2048 },
    });
  });

  it("google maps reasoning effort to a thinking level, the budget to a thinking budget", async () => {
    const level = await bodyOf(at("google"), { reasoningEffort: "low" });
    expect(level).toMatchObject({
      generationConfig: { thinkingConfig: { thinkingLevel: "low", includeThoughts: true } },
    });
    const budget = await bodyOf(at("google"), { thinkingBudget: 512 });
    expect(budget).toMatchObject({ generationConfig: { thinkingConfig: { thinkingBudget: 512 } } });
  });

  it("asks OpenAI's responses API for reasoning summaries of reasoning models, and nowhere else", () => {
    expect(toProviderOptions("openai", { reasoningEffort: "low" }, true, true)).toEqual({
      openai: { reasoningEffort: "low", reasoningSummary: "auto" },
    });
    // At the default effort too: the summary is how the reasoning text comes back.
    expect(toProviderOptions("openai", {}, true, true)).toEqual({ openai: { reasoningSummary: "auto" } });
    expect(toProviderOptions("openai", { reasoningEffort: "low" }, false, true)).toEqual({
      openai: { reasoningEffort: "low" },
    });
    expect(toProviderOptions("openai", {}, true, false)).toBeUndefined();
  });
});
