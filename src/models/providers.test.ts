import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../test/support/fake-openai.ts";
import { InputError } from "../core/errors.ts";
import { type Model, ModelCallError, type ModelRequest } from "../core/model.ts";
import { createProviderModel, type ProviderName } from "./providers.ts";
import type { RetryOptions } from "./retry.ts";

let server: FakeOpenAI;
let waits: number[] = [];

beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  waits = [];
});

function modelOf(retry: Partial<RetryOptions> = {}, provider: ProviderName = "openai"): Model {
  return createProviderModel({
    provider,
    model: "test-model",
    baseURL: server.url,
    keyVariable: "TEST_KEY",
    env: { TEST_KEY: "test-key" },
    retry: {
      retries: 3,
      timeoutMs: 5000,
      baseDelayMs: 100,
      jitter: () => 0.5,
      sleep: async (ms) => {
        waits.push(ms);
      },
      ...retry,
    },
  });
}

const ask = (m: Model, req: Partial<ModelRequest> = {}, signal = new AbortController().signal) =>
  m.generate({ messages: [{ role: "user", content: "What is 6 × 7?" }], ...req }, signal);

/** Runs `f` and returns how many requests the server saw meanwhile. */
async function requestsDuring(f: () => Promise<unknown>): Promise<number> {
  const before = server.count();
  await f();
  return server.count() - before;
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e as ModelCallError,
  );

const lastBody = () => server.requests.at(-1)?.body as Record<string, unknown>;

// The same server through the AI SDK (openai at a proxy) and through the lean client (openai-compatible).
describe.each(["openai", "openai-compatible"] as const)(
  "an OpenAI-compatible endpoint, as %s",
  (provider) => {
    const model = (retry: Partial<RetryOptions> = {}) => modelOf(retry, provider);

    it("answers, with usage mapped", async () => {
      server.enqueue({ text: "42", usage: { prompt: 100, completion: 50, reasoning: 20, cached: 30 } });
      const r = await ask(model());
      expect(r.text).toBe("42");
      expect(r.usage).toEqual({ input: 100, output: 50, reasoning: 20, cached: 30 });
      expect(r.finishReason).toBe("stop");
      expect(r.attempts).toHaveLength(1);
      expect(r.latencyMs).toBe(r.attempts[0]?.latencyMs);
      expect(lastBody()).toMatchObject({
        model: "test-model",
        messages: [{ role: "user", content: "What is 6 × 7?" }],
      });
    });

    it("names the endpoint in the id and the provider; openai-compatible returns reasoning_content", async () => {
      const m = model();
      expect(m.id).toBe(`${provider}:test-model@${server.url}`);
      expect(m.provider).toBe(`${provider}@${new URL(server.url).host}`);
      expect(m.baseURL).toBe(server.url);
      server.enqueue({ text: "7", reasoning: "six and one" });
      const r = await ask(m, { reasoningEffort: "low" });
      // OpenAI's own chat API has no reasoning_content; servers speaking its dialect (vLLM) do.
      expect(r.reasoning).toBe(provider === "openai-compatible" ? "six and one" : undefined);
      expect(lastBody().reasoning_effort).toBe("low");
    });

    it("honours Retry-After on a 429, or uses the backoff when told not to", async () => {
      server.enqueue({ status: 429, retryAfter: 1 }, { text: "done" });
      let r = await ask(model());
      expect(r.text).toBe("done");
      expect(waits).toEqual([1000]);
      expect(r.attempts[0]).toMatchObject({ status: 429, retryAfterMs: 1000 });

      waits = [];
      server.enqueue({ status: 429, retryAfter: 1 }, { text: "done" });
      r = await ask(model({ honourRetryAfter: false }));
      expect(waits).toEqual([50]);
      expect(r.attempts).toHaveLength(2);
    });

    it("retries 500 and 503, recording every attempt", async () => {
      server.enqueue({ status: 500 }, { status: 503 }, { text: "third time" });
      const r = await ask(model());
      expect(r.text).toBe("third time");
      expect(r.attempts.map((a) => a.status)).toEqual([500, 503, undefined]);
      expect(r.attempts[0]?.error).toMatch(/HTTP 500/);
      expect(waits).toEqual([50, 100]);
    });

    it("fails fast with retries: 0: one attempt, one request", async () => {
      server.enqueue({ status: 429, retryAfter: 30 });
      let err: ModelCallError | undefined;
      const n = await requestsDuring(async () => {
        err = await failure(ask(model({ retries: 0 })));
      });
      expect(n).toBe(1);
      expect(err).toBeInstanceOf(ModelCallError);
      expect(err?.attempts).toHaveLength(1);
      expect(err?.attempts[0]?.status).toBe(429);
      expect(waits).toEqual([]);
    });

    it("times out a slow reply and retries it", async () => {
      server.enqueue({ text: "too late", delayMs: 3000 }, { text: "in time" });
      const r = await ask(model({ timeoutMs: 300 }));
      expect(r.text).toBe("in time");
      expect(r.attempts[0]?.error).toMatch(/timed out after 300 ms/);
    });

    it("retries a malformed body, then reports it", async () => {
      server.enqueue({ malformed: true }, { text: "fine" });
      expect((await ask(model())).text).toBe("fine");
      server.enqueue({ malformed: true }, { malformed: true });
      const err = await failure(ask(model({ retries: 1 })));
      expect(err).toBeInstanceOf(ModelCallError);
      expect(err.attempts).toHaveLength(2);
      expect(err.message).toMatch(/gave up after 2 attempts: .*(Invalid JSON response|not JSON)/);
    });

    it("retries a dropped connection", async () => {
      server.enqueue({ drop: true }, { text: "reconnected" });
      const r = await ask(model());
      expect(r.text).toBe("reconnected");
      expect(r.attempts[0]?.error).toBeDefined();
      expect(r.attempts[0]?.status).toBeUndefined();
    });

    it("does not retry a 400", async () => {
      server.enqueue({ status: 400 });
      let err: ModelCallError | undefined;
      const n = await requestsDuring(async () => {
        err = await failure(ask(model()));
      });
      expect(n).toBe(1);
      expect(err?.attempts.map((a) => a.status)).toEqual([400]);
      expect(err?.message).toMatch(/not retried/);
    });

    it("stops at once when the caller aborts", async () => {
      server.enqueue({ text: "never seen", delayMs: 10_000 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const t0 = Date.now();
      let err: ModelCallError | undefined;
      const n = await requestsDuring(async () => {
        err = await failure(ask(model({ timeoutMs: 20_000 }), {}, controller.signal));
      });
      expect(Date.now() - t0).toBeLessThan(3000);
      expect(n).toBe(1);
      expect(err?.message).toMatch(/aborted/);
    });

    it("sends images, reasoning effort and sampling options", async () => {
      const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
      await ask(model(), {
        messages: [
          { role: "system", content: "Be brief." },
          { role: "user", content: "Look." },
          { role: "assistant", content: "Where?" },
          { role: "user", content: "Here." },
        ],
        images: [{ mediaType: "image/png", data: png, alt: "a test image" }],
        reasoningEffort: "high",
        temperature: 0.3,
        topP: 0.9,
        maxOutputTokens: 123,
      });
      const body = lastBody();
      expect(body).toMatchObject({ reasoning_effort: "high", temperature: 0.3, top_p: 0.9, max_tokens: 123 });
      const messages = body.messages as { role: string; content: unknown }[];
      expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
      expect(messages[1]?.content).toBe("Look.");
      expect(messages[3]?.content).toEqual([
        { type: "text", text: "Here." },
        {
          type: "image_url",
          image_url: { url: `data:image/png;base64,${Buffer.from(png).toString("base64")}` },
        },
      ]);
    });

    it("asks for structured output with the JSON schema, and returns the JSON text", async () => {
      const schema = {
        type: "object",
        properties: { answer: { type: "integer" } },
        required: ["answer"],
        additionalProperties: false,
      };
      server.enqueue({ text: '{"answer": 42}' });
      const r = await ask(model(), { outputSchema: schema });
      expect(r.text).toBe('{"answer": 42}');
      expect(lastBody().response_format).toMatchObject({ type: "json_schema", json_schema: { schema } });

      server.enqueue({ text: "forty-two" });
      const off = await ask(model(), { outputSchema: schema });
      expect(off.text).toBe("forty-two");
      expect(off.attempts).toHaveLength(1);
    });
  },
);

describe("createProviderModel", () => {
  const retry = { retries: 0, timeoutMs: 1000 };

  it("needs a key for a real provider, naming the variable", () => {
    const cases: [ProviderName, string][] = [
      ["openai", "OPENAI_API_KEY"],
      ["anthropic", "ANTHROPIC_API_KEY"],
      ["google", "GOOGLE_GENERATIVE_AI_API_KEY"],
    ];
    for (const [provider, variable] of cases) {
      const make = () => createProviderModel({ provider, model: "m", env: {}, retry });
      expect(make).toThrow(InputError);
      expect(make).toThrow(variable);
    }
    expect(
      createProviderModel({ provider: "anthropic", model: "m", env: { ANTHROPIC_API_KEY: "k" }, retry }).id,
    ).toBe("anthropic:m");
  });

  it("needs a base URL for openai-compatible, but no key", () => {
    expect(() => createProviderModel({ provider: "openai-compatible", model: "m", env: {}, retry })).toThrow(
      /needs a base URL/,
    );
    const m = createProviderModel({
      provider: "openai-compatible",
      model: "m",
      baseURL: "http://127.0.0.1:9/v1",
      env: {},
      retry,
    });
    expect(m.provider).toBe("openai-compatible@127.0.0.1:9");
  });
});
