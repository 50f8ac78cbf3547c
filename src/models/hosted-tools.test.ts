import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Model, ModelRequest, PythonToolResult, ToolHost, ToolsRequest } from "../core/model.ts";
import { parseToolArguments, toolCallsOf } from "./compatible.ts";
import { DEFAULT_BASE_URLS } from "./endpoint.ts";
import {
  inputText,
  OVER_LIMIT_ERROR,
  outputText,
  pythonToolDescription,
  refusalText,
} from "./hosted-tools.ts";
import { createProviderModel, type ProviderName } from "./providers.ts";

/** What the fake server saw of one request. */
interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}
/** Answers a request: a JSON body, or an error status (the test fails on it). */
type Handler = (req: Seen) => { status?: number; json: unknown };

let server: Server;
let origin = "";
const script: Handler[] = [];
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request: Seen = {
        path: req.url ?? "",
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"),
      };
      seen.push(request);
      const handler = script.shift();
      let out: { status?: number; json: unknown };
      try {
        out = handler ? handler(request) : { status: 500, json: { error: { message: "no reply scripted" } } };
      } catch (error) {
        // A failed assertion on the request: answer 400 so that the call fails at once.
        out = { status: 400, json: { error: { message: `fake server: ${(error as Error).message}` } } };
      }
      res.writeHead(out.status ?? 200, { "content-type": "application/json" });
      res.end(JSON.stringify(out.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// The hosted providers' own endpoints are sent to the fake server; anything else fails.
const realFetch = globalThis.fetch;
beforeEach(() => {
  script.length = 0;
  seen.length = 0;
  vi.stubGlobal("fetch", (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    for (const base of Object.values(DEFAULT_BASE_URLS))
      if (base !== undefined && url.startsWith(base)) {
        const path = new URL(base).pathname.replace(/\/+$/, "");
        return realFetch(`${origin}${path}${url.slice(base.length)}`, init);
      }
    if (url.startsWith(origin)) return realFetch(url, init);
    throw new Error(`test tried to reach ${url}`);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const retry = { retries: 0, timeoutMs: 10_000 };
const ENV = { OPENAI_API_KEY: "k", ANTHROPIC_API_KEY: "k", GOOGLE_GENERATIVE_AI_API_KEY: "k" };

/** A model at its provider's own endpoint (rerouted to the fake server). */
const hosted = (provider: Exclude<ProviderName, "openai-compatible">, model: string): Model =>
  createProviderModel({ provider, model, env: ENV, retry });

/** An OpenAI model at another endpoint (chat completions through the AI SDK), or the lean client. */
const chatModel = (provider: "openai" | "openai-compatible"): Model =>
  createProviderModel({ provider, model: "m", baseURL: `${origin}/v1`, env: ENV, retry });

const question = { messages: [{ role: "user" as const, content: "What is 6 × 7?" }] };
const provider = (webSearch = false, maxCalls = 4): ToolsRequest => ({
  kind: "provider",
  webSearch,
  maxCalls,
});
const python = (maxCalls = 4): ToolsRequest => ({ kind: "python", webSearch: false, maxCalls });

/** A ToolHost that answers from a list (or "42\n"), remembering the code it was given. */
function hostOf(results: PythonToolResult[] = []): ToolHost & { codes: string[] } {
  const codes: string[] = [];
  return {
    codes,
    async python(code) {
      codes.push(code);
      return results.shift() ?? { output: "42\n", ms: 5 };
    },
  };
}

const ask = (m: Model, req: Partial<ModelRequest>, host?: ToolHost) =>
  m.generate({ ...question, ...req }, new AbortController().signal, host);

describe("provider tools", () => {
  it("OpenAI (responses API): code interpreter and web search, recorded and counted by container", async () => {
    script.push((req) => {
      expect(req.path).toBe("/v1/responses");
      return {
        json: {
          id: "resp_1",
          created_at: 1,
          model: "gpt-4.1",
          output: [
            {
              type: "code_interpreter_call",
              id: "ci_1",
              code: "print(6*7)",
              container_id: "cntr_1",
              outputs: [{ type: "logs", logs: "42\n" }],
              status: "completed",
            },
            {
              type: "code_interpreter_call",
              id: "ci_2",
              code: "print(7*6)",
              container_id: "cntr_1",
              outputs: [{ type: "logs", logs: "42\n" }],
              status: "completed",
            },
            {
              type: "web_search_call",
              id: "ws_1",
              status: "completed",
              action: {
                type: "search",
                query: "six times seven",
                sources: [{ type: "url", url: "https://x.test" }],
              },
            },
            {
              type: "message",
              role: "assistant",
              id: "msg_1",
              content: [{ type: "output_text", text: "The answer is 42.", annotations: [] }],
            },
          ],
          usage: {
            input_tokens: 100,
            input_tokens_details: { cached_tokens: 10 },
            output_tokens: 20,
            output_tokens_details: { reasoning_tokens: 0 },
          },
        },
      };
    });
    const r = await ask(hosted("openai", "gpt-4.1"), { tools: provider(true, 3) });
    const body = seen[0]?.body as Record<string, unknown>;
    expect(body.tools).toEqual([
      { type: "code_interpreter", container: { type: "auto" } },
      { type: "web_search" },
    ]);
    expect(body.max_tool_calls).toBe(3);
    expect(body.include).toEqual(expect.arrayContaining(["code_interpreter_call.outputs"]));
    expect(r.text).toBe("The answer is 42.");
    expect(r.usage).toEqual({ input: 100, output: 20, reasoning: 0, cached: 10 });
    expect(r.toolCalls).toEqual([
      { tool: "code_interpreter", by: "provider", input: "print(6*7)", output: "42\n" },
      { tool: "code_interpreter", by: "provider", input: "print(7*6)", output: "42\n" },
      { tool: "web_search", by: "provider", input: "six times seven", output: "https://x.test" },
    ]);
    // Two calls in one container: one container billed.
    expect(r.toolUse).toEqual({ code_interpreter: 1, web_search: 1 });
  });

  it("OpenAI without web search declares the code interpreter alone", async () => {
    script.push(() => ({
      json: {
        id: "resp_2",
        created_at: 1,
        model: "gpt-4.1",
        output: [
          {
            type: "message",
            role: "assistant",
            id: "msg_1",
            content: [{ type: "output_text", text: "42", annotations: [] }],
          },
        ],
        usage: { input_tokens: 5, output_tokens: 1 },
      },
    }));
    const r = await ask(hosted("openai", "gpt-4.1"), { tools: provider(false) });
    expect(seen[0]?.body.tools).toEqual([{ type: "code_interpreter", container: { type: "auto" } }]);
    expect(r.toolCalls).toEqual([]);
    expect(r.toolUse).toBeUndefined();
  });

  const anthropicToolReply = (stop: string, text: string, searches: number) => ({
    type: "message",
    id: "msg_1",
    model: "claude-sonnet-4-5",
    role: "assistant",
    content: [
      { type: "text", text: "Let me compute. " },
      {
        type: "server_tool_use",
        id: "srvtoolu_1",
        name: "bash_code_execution",
        input: { command: "python3 -c 'print(6*7)'" },
      },
      {
        type: "bash_code_execution_tool_result",
        tool_use_id: "srvtoolu_1",
        content: {
          type: "bash_code_execution_result",
          stdout: "42\n",
          stderr: "",
          return_code: 0,
          content: [],
        },
      },
      { type: "server_tool_use", id: "srvtoolu_2", name: "web_search", input: { query: "six times seven" } },
      {
        type: "web_search_tool_result",
        tool_use_id: "srvtoolu_2",
        content: [
          {
            type: "web_search_result",
            url: "https://x.test",
            title: "X",
            encrypted_content: "e",
            page_age: null,
          },
        ],
      },
      ...(text ? [{ type: "text", text }] : []),
    ],
    stop_reason: stop,
    stop_sequence: null,
    usage: {
      input_tokens: 100,
      output_tokens: 30,
      cache_read_input_tokens: 0,
      server_tool_use: { web_search_requests: searches },
    },
  });

  it("Anthropic: code execution (with its beta) and web search; searches as its usage reports them", async () => {
    script.push(() => ({ json: anthropicToolReply("end_turn", "The answer is 42.", 2) }));
    const r = await ask(hosted("anthropic", "claude-sonnet-4-5"), { tools: provider(true, 5) });
    const req = seen[0] as Seen;
    expect(req.path).toBe("/v1/messages");
    expect(req.body.tools).toEqual([
      { type: "code_execution_20250825", name: "code_execution" },
      { type: "web_search_20250305", name: "web_search", max_uses: 5 },
    ]);
    expect(String(req.headers["anthropic-beta"])).toContain("code-execution-2025-08-25");
    expect(r.text).toBe("Let me compute. The answer is 42.");
    expect(r.usage).toEqual({ input: 100, output: 30, reasoning: 0, cached: 0 });
    expect(r.toolCalls).toEqual([
      { tool: "code_execution", by: "provider", input: "python3 -c 'print(6*7)'", output: "42\n" },
      { tool: "web_search", by: "provider", input: "six times seven", output: "X https://x.test" },
    ]);
    expect(r.toolUse).toEqual({ code_execution: 1, web_search: 2 });
  });

  it("Anthropic: a paused turn is sent back as it is, and usage is summed over both", async () => {
    script.push(
      () => ({ json: anthropicToolReply("pause_turn", "", 1) }),
      (req) => {
        const messages = req.body.messages as { role: string; content: { type: string }[] }[];
        const last = messages.at(-1);
        expect(last?.role).toBe("assistant");
        expect(last?.content.map((c) => c.type)).toContain("server_tool_use");
        return {
          json: {
            type: "message",
            id: "msg_2",
            role: "assistant",
            content: [{ type: "text", text: "42." }],
            stop_reason: "end_turn",
            usage: { input_tokens: 150, output_tokens: 5 },
          },
        };
      },
    );
    const r = await ask(hosted("anthropic", "claude-sonnet-4-5"), { tools: provider(true) });
    expect(seen).toHaveLength(2);
    expect(r.text).toBe("Let me compute. 42.");
    expect(r.usage).toEqual({ input: 250, output: 35, reasoning: 0, cached: 0 });
    expect(r.toolCalls?.map((c) => c.tool)).toEqual(["code_execution", "web_search"]);
    expect(r.toolUse).toEqual({ code_execution: 1, web_search: 1 });
  });

  it("Google: code execution, and search queries from the grounding metadata", async () => {
    script.push((req) => {
      expect(req.path).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
      return {
        json: {
          candidates: [
            {
              content: {
                role: "model",
                parts: [
                  { executableCode: { language: "PYTHON", code: "print(6*7)" } },
                  { codeExecutionResult: { outcome: "OUTCOME_OK", output: "42\n" } },
                  { executableCode: { language: "PYTHON", code: "1/0" } },
                  { codeExecutionResult: { outcome: "OUTCOME_FAILED", output: "ZeroDivisionError" } },
                  { text: "The answer is 42." },
                ],
              },
              finishReason: "STOP",
              groundingMetadata: {
                webSearchQueries: ["six times seven"],
                groundingChunks: [{ web: { uri: "https://x.test", title: "X" } }],
              },
            },
          ],
          usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: 120 },
        },
      };
    });
    const r = await ask(hosted("google", "gemini-2.5-flash"), { tools: provider(true) });
    expect(seen[0]?.body.tools).toEqual([{ codeExecution: {} }, { googleSearch: {} }]);
    expect(r.text).toBe("The answer is 42.");
    expect(r.usage).toMatchObject({ input: 100, output: 20 });
    expect(r.toolCalls).toEqual([
      { tool: "code_execution", by: "provider", input: "print(6*7)", output: "42\n" },
      {
        tool: "code_execution",
        by: "provider",
        input: "1/0",
        output: "ZeroDivisionError",
        error: "OUTCOME_FAILED",
      },
      { tool: "web_search", by: "provider", input: "six times seven", output: "X https://x.test" },
    ]);
    expect(r.toolUse).toEqual({ code_execution: 2, web_search: 1 });
  });
});

describe("the python tool through the AI SDK (Anthropic)", () => {
  it("runs the call on the host and sends its output back as the tool result", async () => {
    script.push(
      (req) => {
        const tools = req.body.tools as { name: string; description: string; input_schema: unknown }[];
        expect(tools.map((t) => t.name)).toEqual(["python"]);
        expect(tools[0]?.description).toBe(pythonToolDescription(2));
        expect(tools[0]?.input_schema).toMatchObject({ required: ["code"] });
        return {
          json: {
            type: "message",
            id: "m1",
            role: "assistant",
            content: [{ type: "tool_use", id: "toolu_1", name: "python", input: { code: "print(6*7)" } }],
            stop_reason: "tool_use",
            usage: { input_tokens: 10, output_tokens: 5 },
          },
        };
      },
      (req) => {
        const messages = req.body.messages as { role: string; content: unknown }[];
        const last = messages.at(-1) as { role: string; content: Record<string, unknown>[] };
        expect(last.role).toBe("user");
        expect(last.content[0]).toMatchObject({ type: "tool_result", tool_use_id: "toolu_1" });
        expect(JSON.stringify(last.content[0]?.content)).toContain("42\\n");
        return {
          json: {
            type: "message",
            id: "m2",
            role: "assistant",
            content: [{ type: "text", text: "42" }],
            stop_reason: "end_turn",
            usage: { input_tokens: 20, output_tokens: 2 },
          },
        };
      },
    );
    const host = hostOf();
    const r = await ask(hosted("anthropic", "claude-sonnet-4-5"), { tools: python(2) }, host);
    expect(seen).toHaveLength(2);
    expect(host.codes).toEqual(["print(6*7)"]);
    expect(r.text).toBe("42");
    expect(r.usage).toEqual({ input: 30, output: 7, reasoning: 0, cached: 0 });
    expect(r.toolCalls).toEqual([
      { tool: "python", by: "plumb", input: "print(6*7)", output: "42\n", ms: 5 },
    ]);
    expect(r.toolUse).toBeUndefined();
  });
});

/** A chat-completions reply calling tools, each [id, arguments text]. */
const callsReply = (calls: [string, string][], usage = { prompt_tokens: 10, completion_tokens: 5 }) => ({
  id: "c",
  object: "chat.completion",
  created: 1,
  model: "m",
  choices: [
    {
      index: 0,
      message: {
        role: "assistant",
        content: null,
        tool_calls: calls.map(([id, args]) => ({
          id,
          type: "function",
          function: { name: "python", arguments: args },
        })),
      },
      finish_reason: "tool_calls",
    },
  ],
  usage,
});
const textReply = (text: string, usage = { prompt_tokens: 20, completion_tokens: 2 }) => ({
  id: "c",
  object: "chat.completion",
  created: 1,
  model: "m",
  choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
  usage,
});
const code = (c: string) => JSON.stringify({ code: c });

type ChatMessage = { role: string; content: unknown; tool_call_id?: string; tool_calls?: unknown[] };
const toolMessages = (req: Seen) =>
  (req.body.messages as ChatMessage[])
    .filter((m) => m.role === "tool")
    .map((m) => [m.tool_call_id, m.content]);

describe.each(["openai", "openai-compatible"] as const)(
  "the python tool over chat completions, as %s",
  (p) => {
    it("declares the tool, sends the host's output back with the call's id, and sums usage", async () => {
      script.push(
        (req) => {
          const tools = req.body.tools as { type: string; function: Record<string, unknown> }[];
          expect(tools).toHaveLength(1);
          expect(tools[0]?.type).toBe("function");
          expect(tools[0]?.function.name).toBe("python");
          expect(String(tools[0]?.function.description)).toMatch(
            /standard library.*no network.*at most 3 times/s,
          );
          expect(tools[0]?.function.parameters).toMatchObject({
            type: "object",
            properties: { code: { type: "string" } },
            required: ["code"],
          });
          return { json: callsReply([["call_1", code("print(6*7)")]]) };
        },
        (req) => {
          const messages = req.body.messages as ChatMessage[];
          expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
          expect(messages[1]?.tool_calls).toEqual([
            { id: "call_1", type: "function", function: { name: "python", arguments: code("print(6*7)") } },
          ]);
          expect(toolMessages(req)).toEqual([["call_1", "42\n"]]);
          return { json: textReply("42") };
        },
      );
      const host = hostOf();
      const r = await ask(chatModel(p), { tools: python(3) }, host);
      expect(seen).toHaveLength(2);
      expect(r.text).toBe("42");
      expect(r.finishReason).toBe("stop");
      expect(r.usage).toEqual({ input: 30, output: 7, reasoning: 0, cached: 0 });
      expect(r.toolCalls).toEqual([
        { tool: "python", by: "plumb", input: "print(6*7)", output: "42\n", ms: 5 },
      ]);
    });

    it("refuses calls past the limit, telling the model to answer, and records them", async () => {
      script.push(
        () => ({ json: callsReply([["a", code("print(1)")]]) }),
        () => ({ json: callsReply([["b", code("print(2)")]]) }),
        (req) => {
          expect(toolMessages(req)).toEqual([
            ["a", "42\n"],
            ["b", refusalText(1)],
          ]);
          return { json: textReply("done") };
        },
      );
      const host = hostOf();
      const r = await ask(chatModel(p), { tools: python(1) }, host);
      expect(host.codes).toEqual(["print(1)"]);
      expect(r.text).toBe("done");
      expect(r.usage.input).toBe(40);
      expect(r.toolCalls).toEqual([
        { tool: "python", by: "plumb", input: "print(1)", output: "42\n", ms: 5 },
        { tool: "python", by: "plumb", input: "print(2)", output: refusalText(1), error: OVER_LIMIT_ERROR },
      ]);
    });

    it("stops a model that will not stop calling after the round trips run out", async () => {
      for (let i = 0; i < 10; i++) script.push(() => ({ json: callsReply([[`c${i}`, code("print(0)")]]) }));
      const host = hostOf();
      const r = await ask(chatModel(p), { tools: python(1) }, host);
      expect(seen).toHaveLength(3);
      expect(host.codes).toHaveLength(1);
      expect(r.finishReason).toBe("tool-calls");
      expect(r.usage.input).toBe(30);
      expect(r.toolCalls?.[0]?.error).toBeUndefined();
      expect(r.toolCalls?.slice(1).every((c) => c.error !== undefined)).toBe(true);
    });

    it("answers malformed arguments with an error, without running or throwing", async () => {
      script.push(
        () => ({
          json: callsReply([
            ["bad", '{"code": "print(1)'],
            ["ok", code("print(2)")],
          ]),
        }),
        (req) => {
          const results = toolMessages(req);
          expect(results[0]?.[0]).toBe("bad");
          expect(String(results[0]?.[1])).toMatch(/JSON|invalid|error/i);
          expect(results[1]).toEqual(["ok", "42\n"]);
          return { json: textReply("fine") };
        },
      );
      const host = hostOf();
      const r = await ask(chatModel(p), { tools: python(3) }, host);
      expect(host.codes).toEqual(["print(2)"]);
      expect(r.text).toBe("fine");
      expect(r.toolCalls).toHaveLength(2);
      expect(r.toolCalls?.[0]?.error).toBeDefined();
      expect(r.toolCalls?.[1]).toMatchObject({ input: "print(2)", output: "42\n" });
    });

    it("shows the model a run's error, and records it", async () => {
      script.push(
        () => ({ json: callsReply([["a", code("while True: pass")]]) }),
        (req) => {
          expect(toolMessages(req)).toEqual([["a", "partial\n[error: timed out after 10 s]"]]);
          return { json: textReply("gave up") };
        },
      );
      const host = hostOf([{ output: "partial", error: "timed out after 10 s", ms: 10_000 }]);
      const r = await ask(chatModel(p), { tools: python(3) }, host);
      expect(r.toolCalls?.[0]).toMatchObject({ error: "timed out after 10 s", ms: 10_000 });
    });

    it("fails the call when the host throws, and without a host", async () => {
      script.push(() => ({ json: callsReply([["a", code("print(1)")]]) }));
      const broken: ToolHost = {
        python: async () => {
          throw new Error("sandbox unavailable");
        },
      };
      await expect(ask(chatModel(p), { tools: python(3) }, broken)).rejects.toThrow(/sandbox unavailable/);
      expect(seen).toHaveLength(1);
      await expect(ask(chatModel(p), { tools: python(3) })).rejects.toThrow(/ToolHost/);
      expect(seen).toHaveLength(1);
    });
  },
);

describe("reading tool calls", () => {
  it("parses arguments with a cap and never throws", () => {
    expect(parseToolArguments('{"code": "print(1)"}')).toEqual({ code: "print(1)" });
    expect(parseToolArguments({ code: "x" })).toEqual({ code: "x" });
    expect(parseToolArguments("not json")).toHaveProperty("error");
    expect(parseToolArguments('{"code": 5}')).toHaveProperty("error");
    expect(parseToolArguments("[]")).toHaveProperty("error");
    expect(parseToolArguments(`{"code": "${"x".repeat(300_000)}"}`)).toMatchObject({ error: /over/ });
    expect(parseToolArguments(null)).toHaveProperty("error");
  });

  it("reads each call of a reply leniently: other tools and odd shapes get errors", () => {
    const calls = toolCallsOf({
      choices: [
        {
          message: {
            content: null,
            tool_calls: [
              { id: "1", function: { name: "python", arguments: '{"code":"1"}' } },
              { id: "2", function: { name: "shell", arguments: "{}" } },
              42,
              { function: { name: "python", arguments: { code: "3" } } },
            ],
          },
        },
      ],
    });
    expect(calls.map((c) => [c.id, c.code, c.error !== undefined])).toEqual([
      ["1", "1", false],
      ["2", undefined, true],
      ["call_2", undefined, true],
      ["call_3", "3", false],
    ]);
    expect(toolCallsOf("garbage")).toEqual([]);
    const flood = Array.from({ length: 100_000 }, (_, i) => ({
      id: `c${i}`,
      function: { name: "python", arguments: "{}" },
    }));
    expect(toolCallsOf({ choices: [{ message: { content: null, tool_calls: flood } }] })).toHaveLength(64);
  });

  it("turns inputs and outputs into text", () => {
    expect(inputText({ code: "print(1)", containerId: "c" })).toBe("print(1)");
    expect(inputText({ type: "bash_code_execution", command: "ls" })).toBe("ls");
    expect(
      inputText({ type: "text_editor_code_execution", command: "create", path: "a.py", file_text: "x=1" }),
    ).toBe("create a.py\nx=1");
    expect(
      outputText({ type: "bash_code_execution_result", stdout: "a", stderr: "b", return_code: 1 }),
    ).toEqual({
      text: "a\nb",
      error: "exit code 1",
    });
    expect(outputText({ type: "bash_code_execution_tool_result_error", error_code: "unavailable" })).toEqual({
      text: "",
      error: "unavailable",
    });
    expect(
      outputText({
        outputs: [
          { type: "logs", logs: "x" },
          { type: "image", url: "u" },
        ],
      }),
    ).toEqual({
      text: "x\n[image]",
    });
  });
});
