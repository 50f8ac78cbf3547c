import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { InputError } from "../core/errors.ts";
import { Store, storeError } from "../store/store.ts";
import { runAnalysis, stopAnalyses } from "./analysis.ts";
import { type Answer, dispatch, MAX_QUERY } from "./dispatch.ts";
import type { Route } from "./router.ts";
import { routes as readRoutes } from "./routes/index.ts";
import { CONTENT_SECURITY_POLICY, defaultWebRoot, staticFile } from "./static.ts";
import { runSummaries } from "./summaries.ts";

/** Largest request body taken (play mode's answers), in bytes. */
export const MAX_BODY = 1 << 20;

export interface ViewServerOptions {
  db: string;
  /** 0 (the default): any free port. */
  port?: number;
  host?: string;
  /** The built web app (default: dist/web of this package). */
  webRoot?: string;
  /** The API's routes (default: every route of the viewer). */
  routes?: readonly Route[];
}

export interface ViewServer {
  url: string;
  close(): Promise<void>;
}

const COMMON_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin",
};

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

function openStore(db: string, opts: { readonly?: boolean; create?: boolean }): Store {
  try {
    return Store.open(db, opts);
  } catch (e) {
    throw storeError(e, db) ?? e;
  }
}

function sendJson(res: ServerResponse, answer: Answer): void {
  const text = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...COMMON_HEADERS,
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

class TooLarge extends Error {}

/** The request's body as JSON (undefined when empty); over MAX_BODY bytes is TooLarge, bad JSON an InputError. */
async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > MAX_BODY) throw new TooLarge();
  // Listeners rather than for-await: leaving a for-await early would destroy the request, and
  // the 413 could not be sent.
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        req.off("data", onData);
        req.off("end", onEnd);
        reject(new TooLarge());
      } else chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks).toString("utf8"));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", reject);
  });
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new InputError("the body is not JSON", { field: "body" });
  }
}

/**
 * Reads and drops the rest of a refused body, so that the client, still sending, reads the answer
 * instead of a reset connection; a body that goes on past DRAINED bytes more is cut off.
 */
function drainThenDrop(req: IncomingMessage): void {
  const DRAINED = 8 * MAX_BODY;
  let seen = 0;
  req.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAINED) req.destroy();
  });
  req.resume();
}

/** The Host header names this machine: refuses pages of other sites reaching a loopback server by DNS rebinding. */
/**
 * A write another site's page cannot make: a cross-site form or `fetch` without CORS can send
 * neither a JSON content type nor this origin, so play mode's human runs take answers from the
 * viewer's own pages only.
 */
function writeFromThisPage(req: IncomingMessage): boolean {
  const type = req.headers["content-type"] ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function hostAllowed(req: IncomingMessage, loopbackOnly: boolean): boolean {
  if (!loopbackOnly) return true;
  const host = req.headers.host ?? "";
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
  return LOOPBACK.has(name ?? "");
}

/**
 * Builds every run's report in the background, newest first, so that opening a large run finds it
 * ready (a run of 100,000 samples takes seconds, on a thread of its own). Failures are left to the
 * request that meets them. It stops when the server closes.
 */
function warmUp(store: Store, stopped: () => boolean): void {
  void (async () => {
    try {
      for (const run of [...runSummaries(store)].reverse()) {
        if (stopped()) return;
        await runAnalysis(store, run.name).catch(() => {});
      }
    } catch {
      // the store was closed
    }
  })();
}

/**
 * `plumb view`'s server: the viewer's JSON API under /api/ and the built web app beside it. The
 * store is read on a read-only connection, so a `plumb run` may write it meanwhile (each request
 * sees what it has committed); a writing connection is opened only when a route first asks for
 * one (play mode).
 */
export async function startViewServer(opts: ViewServerOptions): Promise<ViewServer> {
  const host = opts.host ?? "127.0.0.1";
  const webRoot = opts.webRoot ?? defaultWebRoot();
  const routes = opts.routes ?? readRoutes;
  const store = openStore(opts.db, { readonly: true });
  let writer: Store | undefined;
  const connections = {
    store,
    db: opts.db,
    writer: () => {
      writer ??= openStore(opts.db, { create: false });
      return writer;
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    if (!hostAllowed(req, LOOPBACK.has(host))) {
      sendJson(res, { status: 403, body: { error: "this server answers requests for localhost only" } });
      return;
    }
    const at = url.indexOf("?");
    const path = at < 0 ? url : url.slice(0, at);
    const search = at < 0 ? "" : url.slice(at + 1);
    if (path === "/api" || path.startsWith("/api/")) {
      if (search.length > MAX_QUERY) {
        sendJson(res, { status: 414, body: { error: `the query is over ${MAX_QUERY} bytes` } });
        return;
      }
      if (method === "POST" && !writeFromThisPage(req)) {
        sendJson(res, {
          status: 403,
          body: {
            error: "writes take a JSON body (content-type application/json) from this server's own pages",
          },
        });
        return;
      }
      let body: unknown;
      try {
        body = method === "POST" ? await readJsonBody(req) : undefined;
      } catch (e) {
        if (e instanceof TooLarge) {
          res.setHeader("connection", "close");
          sendJson(res, { status: 413, body: { error: `the body is over ${MAX_BODY} bytes` } });
          drainThenDrop(req);
          return;
        }
        if (e instanceof InputError) {
          sendJson(res, { status: 400, body: { error: e.message } });
          return;
        }
        throw e;
      }
      sendJson(res, await dispatch(routes, connections, method, path, search, body));
      return;
    }
    if (method !== "GET" && method !== "HEAD") {
      sendJson(res, { status: 405, body: { error: `${method} is not allowed on ${path}` } });
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      sendJson(res, { status: 400, body: { error: "the path is not valid percent-encoding" } });
      return;
    }
    const file = await staticFile(webRoot, decoded);
    if (!file) {
      sendJson(res, { status: 404, body: { error: `no web app at ${webRoot}: run npm run build` } });
      return;
    }
    res.writeHead(200, {
      ...COMMON_HEADERS,
      "content-type": file.type,
      "content-length": file.body.length,
      "cache-control": "no-cache",
      ...(file.type.startsWith("text/html") ? { "content-security-policy": CONTENT_SECURITY_POLICY } : {}),
    });
    res.end(method === "HEAD" ? undefined : file.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      process.stderr.write(`plumb view: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      if (!res.headersSent) sendJson(res, { status: 500, body: { error: "internal error" } });
      else res.destroy();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(opts.port ?? 0, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (e) {
    store.close();
    throw new InputError(
      `cannot listen on ${host}:${opts.port ?? 0} (${e instanceof Error ? e.message : String(e)})`,
    );
  }
  let closed: Promise<void> | undefined;
  warmUp(store, () => closed !== undefined);
  const address = server.address() as AddressInfo;
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    close() {
      closed ??= Promise.all([
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
        stopAnalyses(store),
      ]).then(() => {
        store.close();
        writer?.close();
      });
      return closed;
    },
  };
}
