import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism } from "node:os";
import { InputError } from "../core/errors.ts";
import { type Checker, createChecker } from "../eval/pool/index.ts";
import { CATALOG_MODULE, registerAllTasks } from "../suites/catalog.ts";
import { ApiError, invalid, toApiError } from "./errors.ts";
import { discardRest, parseJson, readBody, sendJson, sendJsonText, TooLarge } from "./http.ts";
import { TEXT_JOBS_MODULE } from "./jobs.ts";
import { openApiDocument } from "./openapi.ts";
import { match, ROUTES, type ServeContext } from "./routes.ts";
import { Sessions } from "./sessions.ts";

export const DEFAULT_PORT = 8177;
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;
export const DEFAULT_JOB_TIMEOUT_MS = 60_000;
export const DEFAULT_SESSION_TTL_MS = 600_000;
export const DEFAULT_MAX_SESSIONS = 1024;
export const DEFAULT_DRAIN_MS = 10_000;

export interface ServeOptions {
  /** Default 8177; 0 takes any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Checker threads (default: the machine's cores); 0 runs jobs on the server's thread (no timeouts). */
  workers?: number;
  /** A job (a grade, a verify, a generation, a step) running longer than this is a 504 and its thread is replaced. */
  jobTimeoutMs?: number;
  /** Bodies over this many bytes are refused (413) while they are read. */
  maxBodyBytes?: number;
  /** A session unused this long is closed. */
  sessionTtlMs?: number;
  maxSessions?: number;
  /** At shutdown, how long requests in flight may take to finish. */
  drainMs?: number;
  /** No request log. */
  quiet?: boolean;
  /** Where log lines go (default: stderr). */
  log?: (line: string) => void;
  /** The module the threads import to register tasks (default: the catalog). */
  tasks?: string;
}

export interface Serve {
  url: string;
  /** Resolves when every worker thread is up (/v1/ready answers 200); rejects when they cannot start. */
  ready: Promise<void>;
  /** Graceful shutdown: not ready, no new connections, requests in flight finish (bounded), sessions and threads close. */
  close(): Promise<void>;
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version?: string;
    };
    return pkg.version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
}

function positive(name: string, value: number | undefined, fallback: number, min = 0): number {
  const v = value ?? fallback;
  if (!Number.isFinite(v) || v < min)
    throw new InputError(`must be a number ≥ ${min}, got ${v}`, { field: name });
  return v;
}

/**
 * `plumb serve`: the reward and task service. The HTTP thread parses, checks and routes; generation,
 * prompts, grading, verification and environments run in the checker's worker threads. Stateless
 * but for environment sessions.
 */
export async function startServe(opts: ServeOptions = {}): Promise<Serve> {
  registerAllTasks();
  const host = opts.host ?? "127.0.0.1";
  const port = positive("port", opts.port, DEFAULT_PORT);
  const workers = positive("workers", opts.workers, availableParallelism());
  const maxBody = positive("maxBodyBytes", opts.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 1);
  const drainMs = positive("drainMs", opts.drainMs, DEFAULT_DRAIN_MS);
  const write = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const log = opts.quiet ? () => {} : write;
  const bug = (e: unknown) =>
    write(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "error",
        message: e instanceof Error ? (e.stack ?? e.message) : String(e),
      }),
    );

  const checker: Checker = createChecker({
    tasks: opts.tasks ?? CATALOG_MODULE,
    textJobs: TEXT_JOBS_MODULE,
    size: workers,
    jobTimeoutMs: positive("jobTimeoutMs", opts.jobTimeoutMs, DEFAULT_JOB_TIMEOUT_MS, 1),
  });
  const sessions = new Sessions(
    checker,
    positive("sessionTtlMs", opts.sessionTtlMs, DEFAULT_SESSION_TTL_MS, 1),
    positive("maxSessions", opts.maxSessions, DEFAULT_MAX_SESSIONS, 1),
  );
  let state: "starting" | "ready" | "draining" = "starting";
  const ctx: ServeContext = { checker, sessions, workers, ready: () => state === "ready", bug };
  let document: unknown;
  let inflight = 0;
  let idle: (() => void) | undefined;

  async function answer(req: IncomingMessage, seen: { in: number; code?: string }) {
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    const at = url.indexOf("?");
    const path = at < 0 ? url : url.slice(0, at);
    if (state === "draining") throw new ApiError(503, "draining", "the server is shutting down");
    if (path === "/openapi.json") {
      if (method !== "GET")
        throw new ApiError(405, "method_not_allowed", `${method} is not allowed on ${path}`);
      document ??= openApiDocument(ROUTES, packageVersion());
      return { status: 200, body: document };
    }
    const matched = match(ROUTES, method, path);
    if (matched === null) throw new ApiError(404, "not_found", `no route ${method} ${path}`);
    if (matched === "method")
      throw new ApiError(405, "method_not_allowed", `${method} is not allowed on ${path}`);
    const { route, params } = matched;
    let body: unknown;
    if (route.body) {
      const text = (await readBody(req, maxBody, (n) => (seen.in = n))).toString("utf8");
      if (route.raw) return route.handle(ctx, params, text);
      const checked = route.body.safeParse(parseJson(text));
      if (!checked.success) throw invalid(checked.error);
      body = checked.data;
    }
    return route.handle(ctx, params, body);
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    inflight++;
    const t0 = performance.now();
    const seen: { in: number; code?: string } = { in: 0 };
    let out = 0;
    res.on("close", () => {
      const line: Record<string, unknown> = {
        time: new Date().toISOString(),
        method: req.method,
        path: (req.url ?? "/").split("?")[0],
        status: res.statusCode,
        ms: Math.round((performance.now() - t0) * 10) / 10,
        in: seen.in,
        out,
      };
      if (seen.code) line.code = seen.code;
      if (!res.writableFinished) line.aborted = true;
      log(JSON.stringify(line));
    });
    const extra = (): Record<string, string> => (state === "draining" ? { connection: "close" } : {});
    answer(req, seen)
      .then(
        (a) => {
          out =
            "json" in a
              ? sendJsonText(res, a.status, a.json, extra())
              : sendJson(res, a.status, a.body, extra());
        },
        (e: unknown) => {
          const err = toApiError(e, bug);
          seen.code = err.code;
          if (res.headersSent) return void res.destroy();
          if (err instanceof TooLarge) {
            out = sendJson(res, err.status, err.body(), { connection: "close" });
            discardRest(req, 4 * maxBody);
          } else out = sendJson(res, err.status, err.body(), extra());
        },
      )
      .catch((e: unknown) => {
        // Sending failed (a body JSON cannot hold): a bug, answered if still possible.
        bug(e);
        if (!res.headersSent)
          out = sendJson(res, 500, new ApiError(500, "internal", "internal error").body());
        else res.destroy();
      })
      .finally(() => {
        inflight--;
        if (state === "draining") server.closeIdleConnections();
        if (inflight === 0) idle?.();
      });
  }

  const server = createServer(handle);
  server.on("clientError", (_e, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n");
    else socket.destroy();
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (e) {
    await Promise.all([checker.close(), sessions.closeAll()]);
    throw new InputError(`cannot listen on ${host}:${port} (${e instanceof Error ? e.message : String(e)})`);
  }

  const ready = checker.warm().then(
    () => {
      if (state === "starting") state = "ready";
    },
    (e: unknown) => {
      bug(e);
      throw e;
    },
  );
  ready.catch(() => {});

  const address = server.address() as AddressInfo;
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shown}:${address.port}`,
    ready,
    close() {
      closing ??= (async () => {
        state = "draining";
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        if (inflight > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, drainMs);
            timer.unref();
            idle = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
        server.closeAllConnections();
        await stopped;
        await sessions.closeAll();
        await checker.close();
      })();
      return closing;
    },
  };
}
