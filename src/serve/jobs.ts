import { createChecker } from "../eval/pool/index.ts";
import { CATALOG_MODULE } from "../suites/catalog.ts";
import * as api from "./api.ts";
import { ApiError, invalid, toApiError } from "./errors.ts";
import { parseJson } from "./http.ts";
import { OPERATIONS, type OperationName, runOperation } from "./operations.ts";

/**
 * The service's requests as the checker's threads run them (CheckerOptions.textJobs): the body's
 * text comes in, is parsed, checked and run on the thread, and the answer goes back as text, so
 * the HTTP thread neither parses, checks nor copies objects. Kinds, for each operation NAME:
 * - `one:NAME`: a request's body; its answer.
 * - `split:NAME`: a batch's body, checked; its items joined by U+0000 (which JSON text never holds
 *   raw), for the HTTP thread to share out between threads: each `?` and its JSON, to run, or `!`
 *   and its result, when the item could not even be written back (nested too deeply).
 * - `item:NAME`: one item; its result (`ok` true, or false with the error), always status 200.
 * An answer is `STATUS\nBUG\nBODY`: BUG is empty, or the JSON string of a bug's stack for the HTTP
 * thread to log.
 */
export const TEXT_JOBS_MODULE = import.meta.url;

/** The thread's own jobs run on it: it is one of the checker's threads already. */
const here = createChecker({ tasks: CATALOG_MODULE, size: 0 });

export const ITEM_SEPARATOR = "\u0000";
/** What a batch's item starts with: its JSON follows, to run; or its result, already decided. */
export const TO_RUN = "?";
export const DECIDED = "!";

export async function runTextJob(kind: string, input: string): Promise<string> {
  const at = kind.indexOf(":");
  const stage = kind.slice(0, at);
  const name = kind.slice(at + 1);
  if (!Object.hasOwn(OPERATIONS, name)) throw new Error(`no operation ${name}`);
  const op = OPERATIONS[name as OperationName];
  let bug = "";
  const noteBug = (e: unknown) => {
    bug = JSON.stringify(e instanceof Error ? (e.stack ?? e.message) : String(e));
  };
  const answer = (status: number, body: string) => `${status}\n${bug}\n${body}`;
  try {
    switch (stage) {
      case "one":
        return answer(200, JSON.stringify(await runOperation(here, op, parseJson(input))));
      case "split":
        return answer(200, splitBatch(name as OperationName, parseJson(input)));
      case "item":
        try {
          // The item was parsed (keys named __proto__ dropped) and written back by `split`.
          const result = await runOperation(here, op, JSON.parse(input));
          return answer(200, JSON.stringify({ ok: true, ...(result as object) }));
        } catch (e) {
          return answer(200, JSON.stringify({ ok: false, ...toApiError(e, noteBug).body() }));
        }
      default:
        throw new Error(`no stage ${stage}`);
    }
  } catch (e) {
    const err = toApiError(e, noteBug);
    return answer(err.status, JSON.stringify(err.body()));
  }
}

/** A batch's items, each as JSON, once the batch is checked as a whole. */
function splitBatch(name: OperationName, raw: unknown): string {
  const body = api.batchBody.safeParse(raw);
  if (!body.success) throw invalid(body.error);
  const { items } = body.data;
  if (name === "generate") {
    const total = items.reduce<number>((n, item) => n + countOf(item), 0);
    if (total > api.MAX_BATCH_INSTANCES)
      throw new ApiError(
        400,
        "invalid_body",
        `the batch asks for ${total} instances, over ${api.MAX_BATCH_INSTANCES}`,
        "items",
      );
  }
  return items
    .map((item, i) => {
      try {
        return `${TO_RUN}${JSON.stringify(item)}`;
      } catch {
        const error = new ApiError(
          400,
          "invalid_body",
          "the item is nested too deeply to read",
          `items.${i}`,
        );
        return `${DECIDED}${JSON.stringify({ ok: false, ...error.body() })}`;
      }
    })
    .join(ITEM_SEPARATOR);
}

function countOf(item: unknown): number {
  const count = (item as { count?: unknown } | null)?.count;
  return typeof count === "number" && Number.isFinite(count) ? Math.max(1, count) : 1;
}
