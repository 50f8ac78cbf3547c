import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelCallError, type ModelRequest } from "../core/model.ts";
import { chatBody, compatibleCaller, MalformedResponseError, readCompletion } from "./compatible.ts";
import { createProviderModel } from "./providers.ts";

const ask: ModelRequest = { messages: [{ role: "user", content: "Hi" }] };

describe("chatBody", () => {
  it("puts images on the last user message and sends only the options given", () => {
    const png = new Uint8Array([1, 2, 3]);
    const body = chatBody("m", {
      messages: [
        { role: "system", content: "S" },
        { role: "user", content: "A" },
        { role: "assistant", content: "B" },
        { role: "user", content: "C" },
        { role: "assistant", content: "D" },
      ],
      images: [{ mediaType: "image/png", data: png, alt: "" }],
    });
    expect(body).toEqual({
      model: "m",
      messages: [
        { role: "system", content: "S" },
        { role: "user", content: "A" },
        { role: "assistant", content: "B" },
        {
          role: "user",
          content: [
            { type: "text", text: "C" },
            { type: "image_url", image_url: { url: "data:image/png;base64,AQID" } },
          ],
        },
        { role: "assistant", content: "D" },
      ],
    });
  });

  it("gives images a user message of their own when there is none", () => {
    const body = chatBody("m", {
      messages: [{ role: "system", content: "S" }],
      images: [{ mediaType: "image/png", data: new Uint8Array([0]), alt: "" }],
    });
    expect(body.messages).toEqual([
      { role: "system", content: "S" },
      { role: "user", content: [{ type: "image_url", image_url: { url: "data:image/png;base64,AA==" } }] },
    ]);
  });

  it("asks for strict structured output by schema", () => {
    const schema = { type: "object" };
    expect(chatBody("m", { ...ask, outputSchema: schema, maxOutputTokens: 5 })).toMatchObject({
      max_tokens: 5,
      response_format: { type: "json_schema", json_schema: { schema, strict: true, name: "response" } },
    });
  });
});

describe("readCompletion", () => {
  const reply = (message: object, extra: object = {}) => ({ choices: [{ message, ...extra }] });

  it("joins text parts, reads `reasoning` where `reasoning_content` is missing, maps finish reasons", () => {
    const r = readCompletion(
      reply(
        {
          content: [
            { type: "text", text: "4" },
            { type: "image", url: "x" },
            { type: "text", text: "2" },
          ],
          reasoning: "six sevens",
        },
        { finish_reason: "length" },
      ),
    );
    expect(r).toEqual({
      text: "42",
      reasoning: "six sevens",
      usage: { input: 0, output: 0, reasoning: 0, cached: 0 },
      finishReason: "length",
    });
    expect(readCompletion(reply({ content: null }, { finish_reason: "content_filter" }))).toMatchObject({
      text: "",
      finishReason: "content-filter",
    });
    expect(readCompletion(reply({ content: "x" }, { finish_reason: "eos" })).finishReason).toBe("other");
  });

  it("refuses a reply of the wrong shape as malformed, naming where", () => {
    expect(() => readCompletion({ choices: [] })).toThrow(/no choices/);
    expect(() => readCompletion(reply({ content: 42 }))).toThrow(MalformedResponseError);
    expect(() => readCompletion({ ...reply({ content: "x" }), usage: { prompt_tokens: -1 } })).toThrow(
      /usage\.prompt_tokens/,
    );
  });

  it("throws nothing but MalformedResponseError on any JSON, and never touches a prototype", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        try {
          const r = readCompletion(json);
          expect(typeof r.text).toBe("string");
        } catch (error) {
          expect(error).toBeInstanceOf(MalformedResponseError);
        }
      }),
    );
    const hostile = JSON.parse('{"__proto__": {"polluted": 1}, "choices": [{"message": {"content": "ok"}}]}');
    expect(readCompletion(hostile).text).toBe("ok");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

/** A raw HTTP server on 127.0.0.1 answering each request with the next scripted reply. */
type Raw = { status?: number; headers?: Record<string, string>; body: string | Buffer };
let server: Server;
let url = "";
const script: Raw[] = [];
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    req.on("end", () => {
      const next = script.shift() ?? { body: JSON.stringify(reply200("default")) };
      res.writeHead(next.status ?? 200, { "content-type": "application/json", ...next.headers });
      res.end(next.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function reply200(text: string) {
  return { choices: [{ message: { content: text }, finish_reason: "stop" }] };
}

const retry = { retries: 2, timeoutMs: 5000, sleep: async () => {} };

function compatible(key?: string) {
  return createProviderModel({
    provider: "openai-compatible",
    model: "m",
    baseURL: url,
    env: key === undefined ? {} : { OPENAI_COMPATIBLE_API_KEY: key },
    retry,
  });
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e as ModelCallError,
  );

describe("the lean client against a hostile server", () => {
  it("refuses a body over the cap without reading it, and does not retry", async () => {
    script.push({ body: JSON.stringify(reply200("x".repeat(10_000))) });
    const call = compatibleCaller({ baseURL: url, model: "m", maxBodyBytes: 1000 });
    await expect(call(ask, new AbortController().signal)).rejects.toThrow(/over the 1,000-byte cap/);

    script.length = 0;
    seen.length = 0;
    const giant = Buffer.alloc(40 * 2 ** 20, 0x20);
    script.push({ body: giant });
    const err = await failure(compatible().generate(ask, new AbortController().signal));
    expect(err).toBeInstanceOf(ModelCallError);
    expect(err.message).toMatch(/33,554,432-byte cap \(not retried\)/);
    expect(seen).toHaveLength(1);
  });

  it("retries a reply with no choices, and a 503 whose error body is huge, keeping its message short", async () => {
    script.push(
      { body: JSON.stringify({ choices: [] }) },
      { status: 503, body: JSON.stringify({ error: { message: "busy ".repeat(100_000) } }) },
      { body: JSON.stringify(reply200("third")) },
    );
    const r = await compatible().generate(ask, new AbortController().signal);
    expect(r.text).toBe("third");
    expect(r.attempts[0]?.error).toMatch(/unexpected reply at choices: the reply has no choices/);
    expect(r.attempts[1]?.status).toBe(503);
    expect(r.attempts[1]?.error?.length).toBeLessThan(200);
  });

  it("reads the server's error message, or says what the status means", async () => {
    script.push({ status: 400, body: JSON.stringify({ error: { message: "unknown model m" } }) });
    expect((await failure(compatible().generate(ask, new AbortController().signal))).message).toBe(
      "HTTP 400: unknown model m (not retried)",
    );
    script.push(
      { status: 429, headers: { "retry-after": "0" }, body: "<html>slow down</html>" },
      { body: JSON.stringify(reply200("ok")) },
    );
    const r = await compatible().generate(ask, new AbortController().signal);
    expect(r.attempts[0]).toMatchObject({ status: 429, retryAfterMs: 0, error: "HTTP 429: rate limited" });
  });

  it("sends the model's key as a bearer token and no other credential, or none without a key", async () => {
    seen.length = 0;
    await compatible("sk-own").generate(ask, new AbortController().signal);
    await compatible().generate(ask, new AbortController().signal);
    expect(seen[0]?.authorization).toBe("Bearer sk-own");
    expect(seen[1]?.authorization).toBeUndefined();
    for (const h of seen)
      for (const name of ["x-api-key", "x-goog-api-key", "api-key"]) expect(h[name]).toBeUndefined();
  });
});
