import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeOpenAI, type FakeRequest, startFakeOpenAI } from "../../test/support/fake-openai.ts";
import { SPARC_RESPONSES } from "../../test/support/sparc.ts";
import { InputError } from "../core/errors.ts";
import type { Model } from "../core/model.ts";
import { costOf } from "./prices.ts";
import { type BuiltinSpec, loadEnvFile, resolveModels } from "./resolve.ts";

const retry = { retries: 0, timeoutMs: 2000 };
const dir = mkdtempSync(join(tmpdir(), "plumb-resolve-"));
const SENTINELS = ["sentinel-openai", "sentinel-anthropic", "sentinel-google"];
/** The usual keys, set where a leak would take them from: the resolver's env and process.env. */
const env: Record<string, string> = {
  OPENAI_API_KEY: "sentinel-openai",
  ANTHROPIC_API_KEY: "sentinel-anthropic",
  GOOGLE_GENERATIVE_AI_API_KEY: "sentinel-google",
  PROXY_KEY: "proxy-key",
};

let a: FakeOpenAI;
let b: FakeOpenAI;
beforeAll(async () => {
  [a, b] = await Promise.all([startFakeOpenAI(), startFakeOpenAI()]);
  vi.stubEnv("OPENAI_API_KEY", "sentinel-openai");
  vi.stubEnv("ANTHROPIC_API_KEY", "sentinel-anthropic");
  vi.stubEnv("GOOGLE_GENERATIVE_AI_API_KEY", "sentinel-google");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([a.close(), b.close()]);
});

const signal = new AbortController().signal;
/** One call; a 404 (the fake speaks only chat completions) is fine, the request is what counts. */
const call = (m: Model, extra: Record<string, unknown> = {}) =>
  m.generate({ messages: [{ role: "user", content: "Hi." }], ...extra }, signal).catch((e: unknown) => e);

/** The requests `f` makes on `server`. */
async function sent(server: FakeOpenAI, f: () => Promise<unknown>): Promise<FakeRequest[]> {
  const before = server.count();
  await f();
  return server.requests.slice(before);
}

function expectNoSentinel(...things: unknown[]): void {
  const text = JSON.stringify(things);
  for (const s of SENTINELS) expect(text).not.toContain(s);
}

function modelsFile(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

describe("keys go only where they belong", () => {
  it("two models on two endpoints: no provider key reaches either", async () => {
    const [q, gpt] = resolveModels([`openai-compatible:q@${a.url}`, `openai:gpt-4.1@${b.url}`], {
      env,
      retry,
    });
    const toA = await sent(a, () => call(q as Model));
    const toB = await sent(b, () => call(gpt as Model));
    expect(toA).toHaveLength(1);
    expect(toB).toHaveLength(1);
    expect(toA[0]?.headers).toEqual({});
    // openai away from api.openai.com: no key unless a models file names a variable for it.
    expect(toB[0]?.headers).toEqual({});
    expect(toB[0]?.path).toBe("/v1/chat/completions");
    expectNoSentinel(toA, toB, q?.id, q?.spec, gpt?.id, gpt?.spec);
    expect(gpt?.spec).toMatchObject({ provider: "openai", baseURL: b.url, keyVariable: null });
  });

  it("anthropic and google at another endpoint (a judge, say) send no key either", async () => {
    const [claude, gemini] = resolveModels([`anthropic:claude-x@${a.url}`, `google:gemini-x@${a.url}`], {
      env,
      retry,
    });
    const reqs = await sent(a, async () => {
      await call(claude as Model);
      await call(gemini as Model);
    });
    expect(reqs.map((r) => r.path)).toEqual(["/v1/messages", "/v1/models/gemini-x:generateContent"]);
    for (const r of reqs) expect(r.headers).toEqual({});
    expectNoSentinel(reqs);
  });

  it("legacy --base-url reaches only openai-compatible models, with their own key", async () => {
    const withCompat = { ...env, OPENAI_COMPATIBLE_API_KEY: "compat-key" };
    const [q] = resolveModels(["openai-compatible:q"], { baseURL: a.url, env: withCompat, retry });
    expect(q?.id).toBe(`openai-compatible:q@${a.url}`);
    const reqs = await sent(a, () => call(q as Model));
    expect(reqs[0]?.headers).toEqual({ authorization: "Bearer compat-key" });
    for (const hosted of ["openai:gpt-4.1", "anthropic:claude-sonnet-4-5", "google:gemini-2.5-pro"]) {
      const refuse = () => resolveModels(["openai-compatible:q", hosted], { baseURL: a.url, env, retry });
      expect(refuse, hosted).toThrow(InputError);
      expect(refuse, hosted).toThrow(/--base-url applies only to openai-compatible/);
    }
    // A judge is resolved with the run's options: the same refusal.
    expect(() => resolveModels(["anthropic:claude"], { baseURL: a.url, env, retry })).toThrow(/--base-url/);
    // A model with its own URL is not what --base-url is about.
    expect(resolveModels([`openai:m@${b.url}`], { baseURL: a.url, env, retry })[0]?.baseURL).toBe(b.url);
  });

  it("a models file's keyVariable is the one key sent, in the provider's header", async () => {
    const file = modelsFile("keys.json", {
      models: [
        { id: "proxy-gpt", provider: "openai", model: "gpt-4.1", baseURL: a.url, keyVariable: "PROXY_KEY" },
        { id: "proxy-claude", provider: "anthropic", model: "c", baseURL: a.url, keyVariable: "PROXY_KEY" },
        { id: "proxy-gemini", provider: "google", model: "g", baseURL: a.url, keyVariable: "PROXY_KEY" },
      ],
    });
    const models = resolveModels(["proxy-gpt", "proxy-claude", "proxy-gemini"], {
      modelsFile: file,
      env,
      retry,
    });
    const reqs = await sent(a, async () => {
      for (const m of models) await call(m);
    });
    expect(reqs.map((r) => r.headers)).toEqual([
      { authorization: "Bearer proxy-key" },
      { "x-api-key": "proxy-key" },
      { "x-goog-api-key": "proxy-key" },
    ]);
    expectNoSentinel(reqs);
    expect(models.map((m) => m.id)).toEqual(["proxy-gpt", "proxy-claude", "proxy-gemini"]);
    expect(models[0]?.spec).toEqual({
      provider: "openai",
      model: "gpt-4.1",
      baseURL: a.url,
      keyVariable: "PROXY_KEY",
      price: null,
    });
    expect(JSON.stringify(models.map((m) => m.spec))).not.toContain("proxy-key");
    // A named variable that is unset is an error naming the variable, not a silent keyless call.
    expect(() => resolveModels(["proxy-gpt"], { modelsFile: file, env: {}, retry })).toThrow(/set PROXY_KEY/);
  });

  it("the provider's own endpoint reads its usual variable, and a missing key names it", () => {
    const [gpt, claude] = resolveModels(["openai:gpt-4.1", "anthropic:claude-sonnet-4-5"], { env, retry });
    expect(gpt).toMatchObject({ id: "openai:gpt-4.1", provider: "openai" });
    expect(gpt?.spec).toMatchObject({ baseURL: "https://api.openai.com/v1", keyVariable: "OPENAI_API_KEY" });
    expect(claude?.spec.keyVariable).toBe("ANTHROPIC_API_KEY");
    // Naming the default endpoint is the default endpoint.
    expect(resolveModels(["openai:gpt-4.1@https://api.openai.com/v1/"], { env, retry })[0]?.id).toBe(
      "openai:gpt-4.1",
    );
    expect(() => resolveModels(["google:gemini"], { env: {}, retry })).toThrow(
      /GOOGLE_GENERATIVE_AI_API_KEY/,
    );
  });
});

describe("model specs", () => {
  it("leaves built-in agents to the runner's maker, and splits PROVIDER:MODEL@URL where the URL starts", () => {
    // The agents themselves solve tasks, so they live in eval/agents.ts (tested there).
    const builtin = (spec: BuiltinSpec): Model => ({
      id: JSON.stringify(spec),
      provider: "local",
      local: true,
      spec: { provider: "test" },
      generate: () => Promise.reject(new Error("not asked")),
    });
    const agents = resolveModels(["oracle", "random", "astar", `replay:${SPARC_RESPONSES}`], {
      retry,
      builtin,
    });
    expect(agents.map((a) => JSON.parse(a.id))).toEqual([
      { kind: "agent", name: "oracle" },
      { kind: "agent", name: "random" },
      { kind: "agent", name: "astar" },
      { kind: "replay", file: SPARC_RESPONSES },
    ]);
    expect(() => resolveModels(["oracle"], { retry })).toThrow(/built-in agent/);
    const [m] = resolveModels(["openai-compatible:org/qwen3:14b@v2@http://127.0.0.1:8000/v1/"], { retry });
    expect(m).toMatchObject({
      id: "openai-compatible:org/qwen3:14b@v2@http://127.0.0.1:8000/v1",
      provider: "openai-compatible@127.0.0.1:8000",
      baseURL: "http://127.0.0.1:8000/v1",
    });
    expect(m?.spec.model).toBe("org/qwen3:14b@v2");
  });

  it("rejects unknown forms, missing parts and URLs that could carry a key", () => {
    for (const id of ["gpt-4", "mistral:large", "openai:", "replay:", "openai-compatible:m"])
      expect(() => resolveModels([id], { retry }), id).toThrow(InputError);
    expect(() => resolveModels(["gpt-4"], { retry })).toThrow(
      /oracle, random, astar, replay:<responses.jsonl>/,
    );
    for (const url of ["http://user:hunter2@h/v1", "http://h/v1?key=hunter2", "http://h/v1#hunter2"]) {
      const err = (() => {
        try {
          resolveModels([`openai-compatible:m@${url}`], { retry });
        } catch (e) {
          return e as Error;
        }
      })();
      expect(err, url).toBeInstanceOf(InputError);
      expect(err?.message, url).not.toContain("hunter2");
    }
  });
});

describe("models files", () => {
  const fail = (value: unknown) => {
    const path = modelsFile("bad.json", value);
    try {
      resolveModels(["x"], { modelsFile: path, retry });
    } catch (e) {
      return (e as Error).message;
    }
    return "no error";
  };
  const ok = { id: "x", provider: "openai-compatible", model: "m", baseURL: "http://127.0.0.1:9/v1" };

  it("names the file and the field of what is wrong", () => {
    expect(fail({ models: [{ ...ok, provider: "mistral" }] })).toMatch(
      /bad\.json, field models\[0\]\.provider/,
    );
    expect(fail({ models: [ok, { ...ok, id: "y", baseURL: "ftp://h" }] })).toMatch(
      /field models\[1\]\.baseURL/,
    );
    expect(fail({ models: [ok, ok] })).toMatch(/field models\[1\]\.id: alias "x" is used twice/);
    expect(fail({ models: [{ ...ok, apiKey: "sk-123" }] })).toMatch(/field models\[0\]/);
    expect(fail({ models: [{ ...ok, keyVariable: "sk-live 123" }] })).toMatch(/models\[0\]\.keyVariable/);
    expect(fail({ models: [{ ...ok, id: "openai:gpt-4.1" }] })).toMatch(/models\[0\]\.id/);
    expect(fail({ models: [{ ...ok, options: { temperature: 9 } }] })).toMatch(
      /models\[0\]\.options\.temperature/,
    );
    expect(fail([ok])).toMatch(/bad\.json/);
    expect(fail("{not json")).toMatch(/bad\.json: not valid JSON/);
    expect(fail({ models: [{ ...ok, baseURL: undefined }] })).toMatch(/needs a base URL/);
  });

  it("gives aliases their endpoint, price, options and concurrency", () => {
    const path = modelsFile("good.json", {
      models: [
        { ...ok, price: { input: 1, output: 2 }, options: { temperature: 0.2 }, concurrency: 3 },
        { id: "gpt", provider: "openai", model: "gpt-4.1" },
      ],
    });
    const [x, gpt] = resolveModels(["x", "gpt"], { modelsFile: path, env, retry });
    expect(x).toMatchObject({
      id: "x",
      price: { input: 1, output: 2 },
      options: { temperature: 0.2 },
      concurrency: 3,
    });
    expect(x?.spec).toMatchObject({
      price: { input: 1, output: 2 },
      options: { temperature: 0.2 },
      keyVariable: "OPENAI_COMPATIBLE_API_KEY",
    });
    // At OpenAI's own endpoint an alias takes the built-in price of its model.
    expect(gpt?.price).toEqual({
      input: 2,
      output: 8,
      cached: 0.5,
      tools: { code_interpreter: 0.03, web_search: 0.01 },
    });
  });
});

describe("prices follow the endpoint", () => {
  const usage = { input: 1_000_000, output: 1_000_000, reasoning: 0, cached: 0 };

  it("prices a model at its provider's endpoint, never the same name elsewhere", () => {
    const [home, away] = resolveModels(["openai:gpt-4.1", `openai:gpt-4.1@${a.url}`], { env, retry });
    expect(costOf(home as Model, usage)).toBe(10);
    expect(away?.price).toBeUndefined();
    expect(costOf(away as Model, usage)).toBeNull();
    expect(costOf(away?.id as string, usage)).toBeNull();
    const priced = new Map([[`openai:gpt-4.1@${a.url}`, { input: 1, output: 1 }]]);
    expect(resolveModels([`openai:gpt-4.1@${a.url}`], { env, retry, prices: priced })[0]?.price).toEqual({
      input: 1,
      output: 1,
    });
  });
});

describe("loadEnvFile", () => {
  it("reads KEY=VALUE lines with comments, quotes and export", () => {
    const file = join(dir, ".env");
    writeFileSync(
      file,
      [
        "# keys",
        "export OPENAI_API_KEY='sk-test'",
        'ANTHROPIC_API_KEY="with space # kept"',
        "GOOGLE_GENERATIVE_AI_API_KEY=plain # a comment",
        "",
        "EMPTY=",
        "URL=http://127.0.0.1:8000/v1?a=b",
      ].join("\n"),
    );
    expect(loadEnvFile(file)).toEqual({
      OPENAI_API_KEY: "sk-test",
      ANTHROPIC_API_KEY: "with space # kept",
      GOOGLE_GENERATIVE_AI_API_KEY: "plain",
      EMPTY: "",
      URL: "http://127.0.0.1:8000/v1?a=b",
    });
  });

  it("names a missing file and a bad line", () => {
    expect(() => loadEnvFile(join(dir, "missing.env"))).toThrow(/file not found/);
    const bad = join(dir, "bad.env");
    writeFileSync(bad, "A=1\nnot a pair\n");
    expect(() => loadEnvFile(bad)).toThrow(/line 2/);
  });
});
