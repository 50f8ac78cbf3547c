import { workerData } from "node:worker_threads";
import pg from "pg";
import {
  BEAT,
  DEAD,
  REPLIED,
  type Reply,
  type Request,
  type WireError,
  type WorkerInit,
} from "./connection.ts";

/** PostgreSQL's thread of a PgConnection: one pg.Client, running the requests one at a time. */

const init = workerData as WorkerInit;
const { port } = init;
const signal = new Int32Array(init.signal);

/** The caller, blocked in Atomics.wait, reads the reply posted just before it is woken. */
function answer(reply: Reply): void {
  try {
    port.postMessage(reply);
  } catch (e) {
    const id = "id" in reply ? reply.id : 0;
    port.postMessage({
      id,
      ok: false,
      error: { message: `the result cannot be sent: ${(e as Error).message}` },
    });
  }
  Atomics.store(signal, REPLIED, 1);
  Atomics.notify(signal, REPLIED);
}

function die(e: unknown): void {
  if (Atomics.load(signal, DEAD) !== 0) return;
  try {
    port.postMessage({ dead: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  } finally {
    Atomics.store(signal, DEAD, 1);
    Atomics.notify(signal, REPLIED);
  }
}

process.on("uncaughtException", (e) => {
  die(e);
  process.exit(1);
});
process.on("unhandledRejection", (e) => {
  die(e);
  process.exit(1);
});
process.on("exit", (code) => die(`the thread exited with code ${code}`));
// Lets the caller tell a thread that is busy from one killed without running any of the above.
setInterval(() => Atomics.add(signal, BEAT, 1), 100).unref();

const INT8 = 20;
const NUMERIC = 1700;
/** For this client only: pg's defaults, but int8 and numeric as numbers. */
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8 || oid === NUMERIC
      ? Number
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const client = new pg.Client({
  connectionString: init.url,
  types,
  statement_timeout: init.statementTimeoutMs,
  connectionTimeoutMillis: init.connectTimeoutMs,
  application_name: "plumb",
});
/** Set once the session is lost (the server went away): every later request fails with it. */
let lost: string | undefined;
client.on("error", (e) => {
  lost ??= e.message;
});

function wireError(e: unknown): WireError {
  if (lost !== undefined) return { message: `the connection to PostgreSQL was lost: ${lost}`, code: "08006" };
  const error = e as { message?: string; code?: unknown; detail?: unknown };
  const wire: WireError = { message: error.message ?? String(e) };
  // SQLSTATEs are five characters; pg's own failures carry Node's codes (ECONNREFUSED...) or none.
  if (typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code)) wire.code = error.code;
  else wire.code = "08006";
  if (typeof error.detail === "string") wire.detail = error.detail;
  return wire;
}

/**
 * Statements with parameters are prepared once per session, by name: PostgreSQL then skips parsing
 * and planning them again (the store repeats a few dozen statements).
 */
const prepared = new Map<string, string>();
function statement(text: string, values: unknown[]): pg.QueryConfig {
  if (values.length === 0) return { text, values };
  let name = prepared.get(text);
  if (name === undefined) {
    name = `plumb_${prepared.size}`;
    prepared.set(text, name);
  }
  return { name, text, values };
}

async function run(request: Request): Promise<Reply> {
  if (request.kind === "end") {
    await client.end();
    return { id: request.id, ok: true, rows: [], rowCount: 0 };
  }
  if (request.kind === "batch") {
    for (const q of request.queries) await client.query(statement(q.text, q.params));
    return { id: request.id, ok: true, rows: [], rowCount: 0 };
  }
  const config: pg.QueryArrayConfig | pg.QueryConfig = statement(request.text, request.params);
  if (request.rowMode) (config as pg.QueryArrayConfig).rowMode = "array";
  const result: pg.QueryResult | pg.QueryResult[] = await client.query(config);
  // Several statements in one text (no parameters): the last one's result, as psql shows.
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  return { id: request.id, ok: true, rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
}

let queue: Promise<void> = Promise.resolve();
port.on("message", (request: Request) => {
  queue = queue.then(async () => {
    answer(
      await run(request).catch((e: unknown) => ({ id: request.id, ok: false as const, error: wireError(e) })),
    );
  });
});

try {
  await client.connect();
  answer({ id: 0, ok: true, rows: [], rowCount: 0 });
} catch (e) {
  answer({ id: 0, ok: false, error: wireError(e) });
}
