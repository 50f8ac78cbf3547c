import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";

/** How long one call may take, by default: PostgreSQL's own statement_timeout ends a statement a little sooner. */
const DEFAULT_TIMEOUT_MS = 120_000;
/** How often a blocked call wakes to see whether the thread died. */
const SLICE_MS = 50;
/** A thread whose heartbeat stops this long is taken for dead (killed without running its handlers). */
const STALL_MS = 10_000;

/** Slots of the shared signal. */
export const REPLIED = 0;
export const DEAD = 1;
export const BEAT = 2;

/** What the thread is started with. */
export interface WorkerInit {
  url: string;
  signal: SharedArrayBuffer;
  port: MessagePort;
  statementTimeoutMs: number;
  connectTimeoutMs: number;
}

export type Request =
  | { id: number; kind: "query"; text: string; params: unknown[]; rowMode?: "array" }
  | { id: number; kind: "batch"; queries: { text: string; params: unknown[] }[] }
  | { id: number; kind: "end" };

export interface WireError {
  message: string;
  code?: string;
  detail?: string;
}

export type Reply =
  | { id: number; ok: true; rows: unknown[]; rowCount: number }
  | { id: number; ok: false; error: WireError }
  | { dead: string };

/** A failure reported by PostgreSQL (`code` is its SQLSTATE), or by the connection itself (class 08, or 57014 for a timeout). */
export class PgError extends Error {
  override name = "PgError";
  readonly code: string;
  readonly detail: string | undefined;

  constructor(message: string, code: string, detail?: string) {
    super(message);
    this.code = code;
    this.detail = detail;
  }
}

/** The result of one statement (of the last one, for several statements in one text). */
export interface QueryResult {
  rows: unknown[];
  rowCount: number;
}

/** Options of `PgConnection.open`. */
export interface OpenOptions {
  /** The longest one call (connecting included) may take; then the connection is closed. Default 120 s. */
  timeoutMs?: number;
}

/**
 * One PostgreSQL session used synchronously: `pg` runs on a thread of its own, and each call blocks
 * (Atomics.wait) until that thread answers, so statements issued one by one (BEGIN, ..., COMMIT)
 * share the session and its transaction. int8 and numeric come back as numbers; bytea as a Uint8Array.
 */
export class PgConnection {
  private readonly signal: Int32Array;
  private nextId = 1;
  /** Why the connection cannot be used any more (closed, timed out, its thread died). */
  private gone: string | undefined;
  private closed = false;

  private constructor(
    private readonly worker: Worker,
    private readonly port: MessagePort,
    signal: SharedArrayBuffer,
    private readonly where: string,
    private readonly timeoutMs: number,
  ) {
    this.signal = new Int32Array(signal);
    worker.on("error", (e) => {
      this.gone ??= `its thread failed: ${e instanceof Error ? e.message : String(e)}`;
    });
    worker.on("exit", (code) => {
      this.gone ??= `its thread exited with code ${code}`;
    });
    worker.unref();
  }

  /** Connects to `url`, blocking until connected; throws a PgError (class 08) naming the server when it cannot. */
  static open(url: string, opts: OpenOptions = {}): PgConnection {
    const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const signal = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
    const { port1, port2 } = new MessageChannel();
    // The server ends a runaway statement (and the session lives on), and pg a hanging connect,
    // before the bridge gives up.
    const inner = Math.max(1, timeoutMs - Math.min(1_000, Math.floor(timeoutMs / 5)));
    const init: WorkerInit = { url, signal, port: port2, statementTimeoutMs: inner, connectTimeoutMs: inner };
    const where = describe(url);
    const connection = new PgConnection(startWorker(init), port1, signal, where, timeoutMs);
    try {
      connection.wait(0, `connecting to ${where}`);
    } catch (e) {
      connection.close();
      const why = e instanceof Error ? e.message : String(e);
      throw new PgError(
        why.includes(where) ? why : `cannot connect to PostgreSQL at ${where}: ${why}`,
        "08001",
      );
    }
    return connection;
  }

  /** Runs one statement (`$1`, `$2`... are `params`) and blocks until its result. */
  query(text: string, params: readonly unknown[] = [], opts: { rowMode?: "array" } = {}): QueryResult {
    const id = this.nextId++;
    const request: Request = { id, kind: "query", text, params: [...params] };
    if (opts.rowMode) request.rowMode = opts.rowMode;
    this.post(request);
    const reply = this.wait(id, `running ${excerpt(text)}`);
    return { rows: reply.rows, rowCount: reply.rowCount };
  }

  /**
   * Runs statements one after the other in one call (one trip to the thread, not one each), for
   * writes whose results are not read; stops at the first that fails, and throws its PgError.
   */
  queryBatch(queries: readonly { text: string; params: readonly unknown[] }[]): void {
    const id = this.nextId++;
    this.post({ id, kind: "batch", queries: queries.map((q) => ({ text: q.text, params: [...q.params] })) });
    this.wait(id, `running ${queries.length} statements, the first ${excerpt(queries[0]?.text ?? "")}`);
  }

  /** Ends the session and its thread. Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.gone === undefined) {
      try {
        const id = this.nextId++;
        this.post({ id, kind: "end" });
        this.wait(id, "closing", 1_000);
      } catch {
        // Closing anyway.
      }
    }
    this.gone = "it is closed";
    void this.worker.terminate();
    this.port.close();
  }

  private post(request: Request): void {
    if (this.gone !== undefined)
      throw new PgError(`the connection to ${this.where} is unusable: ${this.gone}`, "08003");
    Atomics.store(this.signal, REPLIED, 0);
    try {
      this.port.postMessage(request);
    } catch (e) {
      // Nothing was sent (a parameter that cannot be copied to the thread): the session is intact.
      throw new PgError(`cannot send the query to PostgreSQL's thread: ${(e as Error).message}`, "22023");
    }
  }

  /** Blocks until the reply to `id`, the thread's death or the timeout. */
  private wait(id: number, doing: string, timeoutMs = this.timeoutMs): Extract<Reply, { ok: true }> {
    const start = Date.now();
    let beat = Atomics.load(this.signal, BEAT);
    let beatAt = start;
    for (;;) {
      const now = Date.now();
      if (now - start >= timeoutMs) {
        this.kill(`${doing} took longer than ${timeoutMs / 1000} s`);
        throw new PgError(
          `no answer from PostgreSQL at ${this.where} within ${timeoutMs / 1000} s ${doing} (the connection is closed)`,
          "57014",
        );
      }
      Atomics.wait(this.signal, REPLIED, 0, Math.min(SLICE_MS, timeoutMs - (now - start)));
      if (Atomics.load(this.signal, REPLIED) !== 0 || Atomics.load(this.signal, DEAD) !== 0) {
        const reply = this.receive(id);
        if (reply) return reply;
      }
      const b = Atomics.load(this.signal, BEAT);
      if (b !== beat) [beat, beatAt] = [b, Date.now()];
      else if (Date.now() - beatAt > STALL_MS) this.kill(`its thread stopped answering while ${doing}`);
      if (this.gone !== undefined)
        throw new PgError(`the connection to ${this.where} is lost: ${this.gone}`, "08006");
    }
  }

  private receive(id: number): Extract<Reply, { ok: true }> | undefined {
    // Lowered before draining: a reply posted after the drain raises it again.
    Atomics.store(this.signal, REPLIED, 0);
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
      const reply = m.message as Reply;
      if ("dead" in reply) this.kill(`its thread died: ${reply.dead}`);
      else if (reply.id !== id) continue;
      else if (reply.ok) return reply;
      else throw new PgError(reply.error.message, reply.error.code ?? "XX000", reply.error.detail);
    }
    if (Atomics.load(this.signal, DEAD) !== 0) this.kill("its thread died");
    return undefined;
  }

  private kill(why: string): void {
    this.gone ??= why;
    void this.worker.terminate();
  }
}

/** `user@host:port/database` of a connection string, never its password. */
function describe(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || u.searchParams.get("host") || "localhost";
    const user = u.username ? `${decodeURIComponent(u.username)}@` : "";
    return `${user}${host}:${u.port || "5432"}${u.pathname || "/"}`;
  } catch {
    return "(an unreadable connection string)";
  }
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return JSON.stringify(flat.length > 60 ? `${flat.slice(0, 60)}...` : flat);
}

/**
 * The thread, from source through tsx or compiled. Its boot reports a module that cannot load at
 * once: the caller is blocked in Atomics.wait and would never hear the worker's 'error' event.
 */
function startWorker(init: WorkerInit): Worker {
  const ts = import.meta.url.endsWith(".ts");
  const entry = JSON.stringify(new URL(ts ? "./worker.ts" : "./worker.js", import.meta.url).href);
  const load = ts
    ? `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then((m) => { m.register(); return import(${entry}); })`
    : `import(${entry})`;
  const boot = `${load}.catch((e) => {
    const { port, signal } = require("node:worker_threads").workerData;
    port.postMessage({ dead: String((e && e.stack) || e) });
    const s = new Int32Array(signal);
    Atomics.store(s, ${DEAD}, 1);
    Atomics.notify(s, ${REPLIED});
  });`;
  return new Worker(boot, { eval: true, workerData: init, transferList: [init.port] });
}
