/**
 * A scripted OpenAI-compatible chat-completions server on 127.0.0.1, for tests.
 *
 * The server runs in a worker thread, so it keeps answering while the test's own thread is blocked
 * (a CLI run through spawnSync). Hence two rules: `reply` is sent to the worker as source text and
 * must be self-contained (no captured variables or imports; use enqueue for anything else), and
 * `requests` / `count()` are read synchronously from the worker's reports.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  isMainThread,
  MessageChannel,
  type MessagePort,
  parentPort,
  receiveMessageOnPort,
  Worker,
  workerData,
} from "node:worker_threads";

export interface FakeReply {
  text?: string;
  status?: number;
  /** Sent as the Retry-After header (seconds, or an HTTP date). */
  retryAfter?: number | string;
  delayMs?: number;
  /** A 200 whose body is not JSON. */
  malformed?: boolean;
  /** Destroy the socket without answering. */
  drop?: boolean;
  usage?: Partial<{ prompt: number; completion: number; reasoning: number; cached: number }>;
  /** Sent as message.reasoning_content. */
  reasoning?: string;
  /** Function calls the reply makes (message.tool_calls; finish reason "tool_calls"). */
  toolCalls?: { id: string; name: string; arguments: string }[];
}

/** The credential headers a request carried, by lower-case name. */
export type FakeCredentials = Partial<Record<(typeof CREDENTIAL_HEADERS)[number], string>>;

export interface FakeRequest {
  body: unknown;
  /** The request's path and query, e.g. "/v1/chat/completions". */
  path: string;
  /** Every credential header it carried (recorded for all requests, 404s included). */
  headers: FakeCredentials;
  /** Date.now() when it arrived. */
  at: number;
}

export interface FakeOptions {
  /** For requests the queue does not cover; `n` counts requests from 1. Runs in the worker: self-contained. */
  reply?: (req: { body: unknown; n: number }) => FakeReply;
  /** Keep each request's body in `requests` (default true; benchmarks turn it off to measure the client). */
  keepBodies?: boolean;
}

export interface FakeOpenAI {
  /** Base URL, ending in /v1. */
  url: string;
  /** Every request received, in order. */
  readonly requests: FakeRequest[];
  count(): number;
  /** Replies served first, in order, before `reply` and the default. */
  enqueue(...replies: FakeReply[]): void;
  close(): Promise<void>;
}

const TAG = "plumb-fake-openai";
const CREDENTIAL_HEADERS = ["authorization", "x-api-key", "x-goog-api-key", "api-key"] as const;
const DEFAULT_TEXT = "Hello from the fake OpenAI server.";

type WorkerInit = {
  tag: typeof TAG;
  events: MessagePort;
  ack: Int32Array;
  replySource?: string;
  keepBodies: boolean;
};
type Event =
  | { type: "request"; body: unknown; at: number; path: string; headers: FakeCredentials }
  | { type: "error"; message: string };
type Command = { type: "enqueue"; seq: number; replies: FakeReply[] };

// ---- worker side ----

function compileReply(source: string): (req: { body: unknown; n: number }) => unknown {
  for (const wrapped of [`(${source})`, `Object.values({ ${source} })[0]`]) {
    try {
      const fn: unknown = new Function(`return ${wrapped};`)();
      if (typeof fn === "function") return fn as (req: { body: unknown; n: number }) => unknown;
    } catch {
      // try the next form
    }
  }
  throw new Error(`fake-openai: cannot compile the reply function: ${source}`);
}

function completion(reply: FakeReply, body: unknown, n: number): unknown {
  const u = reply.usage ?? {};
  const prompt = u.prompt ?? 10;
  const completionTokens = u.completion ?? 5;
  const model = typeof body === "object" && body !== null ? (body as { model?: unknown }).model : undefined;
  return {
    id: `chatcmpl-fake-${n}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: typeof model === "string" ? model : "fake",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: reply.toolCalls ? (reply.text ?? null) : (reply.text ?? DEFAULT_TEXT),
          ...(reply.reasoning !== undefined ? { reasoning_content: reply.reasoning } : {}),
          ...(reply.toolCalls
            ? {
                tool_calls: reply.toolCalls.map((c) => ({
                  id: c.id,
                  type: "function",
                  function: { name: c.name, arguments: c.arguments },
                })),
              }
            : {}),
        },
        finish_reason: reply.toolCalls ? "tool_calls" : "stop",
      },
    ],
    usage: {
      prompt_tokens: prompt,
      completion_tokens: completionTokens,
      total_tokens: prompt + completionTokens,
      prompt_tokens_details: { cached_tokens: u.cached ?? 0 },
      completion_tokens_details: { reasoning_tokens: u.reasoning ?? 0 },
    },
  };
}

function respond(res: ServerResponse, reply: FakeReply, body: unknown, n: number): void {
  if (reply.drop) {
    res.socket?.destroy();
    return;
  }
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (reply.retryAfter !== undefined) headers["retry-after"] = String(reply.retryAfter);
  const status = reply.status ?? 200;
  if (status >= 400) {
    const error = { message: `fake error ${status}`, type: "fake_error", code: String(status) };
    res.writeHead(status, headers).end(JSON.stringify({ error }));
  } else if (reply.malformed) {
    res.writeHead(status, headers).end('{"id": "chatcmpl-broken", "choices": [');
  } else {
    res.writeHead(status, headers).end(JSON.stringify(completion(reply, body, n)));
  }
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function serve(init: WorkerInit): void {
  const queue: FakeReply[] = [];
  const custom = init.replySource !== undefined ? compileReply(init.replySource) : undefined;
  let n = 0;
  const report = (event: Event) => init.events.postMessage(event);

  parentPort?.on("message", (cmd: Command) => {
    queue.push(...cmd.replies);
    Atomics.store(init.ack, 0, cmd.seq);
    Atomics.notify(init.ack, 0);
  });

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      n++;
      // Reported before answering, so a client that has its answer sees the request counted.
      const headers: FakeCredentials = {};
      for (const name of CREDENTIAL_HEADERS) {
        const value = req.headers[name];
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      report({
        type: "request",
        body: init.keepBodies ? body : null,
        at: Date.now(),
        path: req.url ?? "",
        headers,
      });
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"not found"}}');
        return;
      }
      let reply: FakeReply = { text: DEFAULT_TEXT };
      try {
        reply = queue.shift() ?? ((await custom?.({ body, n })) as FakeReply | undefined) ?? reply;
      } catch (e) {
        report({ type: "error", message: `fake-openai: the reply function failed: ${String(e)}` });
        reply = { status: 500 };
      }
      if (!reply.delayMs) {
        respond(res, reply, body, n);
        return;
      }
      const count = n;
      const timer = setTimeout(() => respond(res, reply, body, count), reply.delayMs);
      res.on("close", () => clearTimeout(timer));
    })();
  });
  server.listen(0, "127.0.0.1", () => {
    parentPort?.postMessage({ port: (server.address() as AddressInfo).port });
  });
}

function isWorkerInit(x: unknown): x is WorkerInit {
  return typeof x === "object" && x !== null && (x as { tag?: unknown }).tag === TAG;
}

if (!isMainThread && isWorkerInit(workerData)) serve(workerData);

// ---- test side ----

function tsxApi(): string {
  try {
    return import.meta.resolve("tsx/esm/api");
  } catch {
    return "tsx/esm/api";
  }
}

export async function startFakeOpenAI(opts: FakeOptions = {}): Promise<FakeOpenAI> {
  const { port1: events, port2 } = new MessageChannel();
  const ack = new Int32Array(new SharedArrayBuffer(4));
  const init: WorkerInit = {
    tag: TAG,
    events: port2,
    ack,
    replySource: opts.reply?.toString(),
    keepBodies: opts.keepBodies ?? true,
  };
  // The worker loads this very file through tsx, which the project already uses to run TypeScript.
  const boot = `import(${JSON.stringify(tsxApi())}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: init, transferList: [port2] });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("message", (m: { port: number }) => resolve(m.port));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`fake-openai worker exited (${code})`)));
  });

  const requests: FakeRequest[] = [];
  const errors: string[] = [];
  const drain = () => {
    for (let m = receiveMessageOnPort(events); m !== undefined; m = receiveMessageOnPort(events)) {
      const event = m.message as Event;
      if (event.type === "request")
        requests.push({ body: event.body, at: event.at, path: event.path, headers: event.headers });
      else errors.push(event.message);
    }
    if (errors.length > 0) throw new Error(errors.join("\n"));
  };
  let seq = 0;
  let closed = false;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    get requests() {
      if (!closed) drain();
      return requests;
    },
    count() {
      if (!closed) drain();
      return requests.length;
    },
    enqueue(...replies) {
      seq++;
      worker.postMessage({ type: "enqueue", seq, replies } satisfies Command);
      // Wait for the worker to hold them, so a request sent right after is served from the queue.
      const deadline = Date.now() + 5000;
      while (Atomics.load(ack, 0) < seq) {
        if (Date.now() > deadline) throw new Error("fake-openai: the worker did not take the replies");
        Atomics.wait(ack, 0, Atomics.load(ack, 0), 50);
      }
    },
    async close() {
      if (closed) return;
      try {
        drain();
      } finally {
        closed = true;
        events.close();
        await worker.terminate();
      }
    },
  };
}
