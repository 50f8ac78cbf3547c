import { type Attempt, ModelCallError } from "../core/model.ts";

export interface RetryOptions {
  /** Extra tries after the first; 0 fails fast. */
  retries: number;
  /** Per-attempt time limit; 0 or Infinity for none. */
  timeoutMs: number;
  /** First backoff step (default 1000 ms); step n is base × 2^n, capped at maxDelayMs. */
  baseDelayMs?: number;
  /** Backoff cap (default 60000 ms); a server's Retry-After is capped at 5 × this. */
  maxDelayMs?: number;
  /** Wait what the server asks (Retry-After, retry-after-ms) instead of the backoff (default true). */
  honourRetryAfter?: boolean;
  /** Injectable for tests; must reject (or resolve early) when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1) scaling the backoff (full jitter). */
  jitter?: () => number;
  /** Called before each wait, with the wait and the number of the attempt that failed (1-based). */
  onWait?: (ms: number, attempt: number) => void;
}

/** What we make of one failed try. */
export interface FailureInfo {
  message: string;
  retryable: boolean;
  status?: number;
  retryAfterMs?: number;
}

const NETWORK_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "ConnectionRefused",
  "ConnectionClosed",
  "FailedToOpenSocket",
]);

const NETWORK_MESSAGES = [
  "fetch failed",
  "failed to fetch",
  "terminated",
  "socket hang up",
  "other side closed",
  "network error",
  "cannot connect to api",
];

/** Errors about a response body we could not read: a flaky proxy, worth another try. */
const MALFORMED_NAMES = new Set([
  "SyntaxError",
  "AI_JSONParseError",
  "AI_TypeValidationError",
  "AI_EmptyResponseBodyError",
  "AI_InvalidResponseDataError",
  "AI_NoContentGeneratedError",
  "MalformedResponseError",
]);

function field(x: unknown, key: string): unknown {
  return typeof x === "object" && x !== null ? (x as Record<string, unknown>)[key] : undefined;
}

/** The error and its causes, outermost first. */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current !== undefined && current !== null && !chain.includes(current) && chain.length < 10) {
    chain.push(current);
    current = field(current, "cause");
  }
  return chain;
}

/** HTTP status from an AI SDK APICallError (statusCode) or a fetch-style error (status, response.status). */
export function statusOf(error: unknown): number | undefined {
  for (const candidate of [
    field(error, "statusCode"),
    field(error, "status"),
    field(field(error, "response"), "status"),
  ]) {
    if (typeof candidate === "number" && Number.isInteger(candidate)) return candidate;
  }
  return undefined;
}

function header(headers: unknown, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  if (typeof headers !== "object" || headers === null) return undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name && typeof value === "string") return value;
  }
  return undefined;
}

/** The wait a server asked for, from retry-after-ms or Retry-After (seconds or an HTTP date). */
export function retryAfterOf(error: unknown, now: number = Date.now()): number | undefined {
  const headers =
    field(error, "responseHeaders") ?? field(error, "headers") ?? field(field(error, "response"), "headers");
  const ms = header(headers, "retry-after-ms");
  if (ms !== undefined && ms.trim() !== "" && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const after = header(headers, "retry-after")?.trim();
  if (after === undefined || after === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(after)) return Number(after) * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function isNetworkError(error: unknown): boolean {
  return causeChain(error).some((e) => {
    const code = field(e, "code");
    if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
    const message = field(e, "message");
    return typeof message === "string" && NETWORK_MESSAGES.some((m) => message.toLowerCase().includes(m));
  });
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/**
 * Retried: 408, 429, 5xx, dropped connections and unreadable bodies of successful responses.
 * Not retried: other 4xx (a bad request, key or model will not get better) and anything else.
 */
export function classifyError(error: unknown): FailureInfo {
  const status = statusOf(error);
  const retryAfterMs = retryAfterOf(error);
  const base = status !== undefined ? `HTTP ${status}: ${messageOf(error)}` : messageOf(error);
  const info = (retryable: boolean): FailureInfo => ({
    message: base,
    retryable,
    ...(status !== undefined ? { status } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
  if (status !== undefined) {
    if (status >= 200 && status < 300) return info(true);
    return info(isRetryableStatus(status));
  }
  if (isNetworkError(error)) return info(true);
  if (causeChain(error).some((e) => MALFORMED_NAMES.has(String(field(e, "name"))))) return info(true);
  return info(field(error, "isRetryable") === true);
}

/** setTimeout fires at once for longer delays. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Resolves after `ms`, or rejects at once when `signal` aborts. */
export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      },
      Math.min(ms, MAX_TIMER_MS),
    );
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown; timedOut: boolean };

/**
 * One try under its own time limit. Races the attempt against the limit and the outer signal, so an
 * attempt that ignores its signal still cannot hold us up.
 */
async function runAttempt<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
  outer: AbortSignal | undefined,
): Promise<Outcome<T>> {
  const controller = new AbortController();
  let timedOut = false;
  let stop: (reason: unknown) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  const limited = Number.isFinite(timeoutMs) && timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS;
  const onTimeout = () => {
    timedOut = true;
    const reason = new Error(`timed out after ${timeoutMs} ms`);
    reason.name = "TimeoutError";
    controller.abort(reason);
    stop(reason);
  };
  const timer = limited ? setTimeout(onTimeout, timeoutMs) : undefined;
  const onOuterAbort = () => {
    controller.abort(outer?.reason);
    stop(outer?.reason ?? new Error("aborted"));
  };
  outer?.addEventListener("abort", onOuterAbort, { once: true });
  try {
    const pending = attempt(controller.signal);
    pending.catch(() => {});
    return { ok: true, value: await Promise.race([pending, stopped]) };
  } catch (error) {
    return { ok: false, error, timedOut };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onOuterAbort);
  }
}

/** The wait before retry number `n` (0-based). */
function waitFor(n: number, failure: FailureInfo, opts: RetryOptions): number {
  const base = opts.baseDelayMs ?? 1000;
  const max = opts.maxDelayMs ?? 60_000;
  if (failure.retryAfterMs !== undefined && (opts.honourRetryAfter ?? true)) {
    return Math.min(failure.retryAfterMs, max * 5);
  }
  const jitter = opts.jitter ?? Math.random;
  return Math.round(jitter() * Math.min(max, base * 2 ** n));
}

function abortedError(attempts: Attempt[], signal: AbortSignal): ModelCallError {
  const why = signal.reason instanceof Error ? `: ${signal.reason.message}` : "";
  return new ModelCallError(`aborted${why}`, attempts);
}

/**
 * Calls `attempt` until it succeeds, retrying transient failures with exponential backoff and full
 * jitter. Throws ModelCallError with every attempt when it gives up or the outer signal aborts.
 */
export async function callWithRetries<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  opts: RetryOptions,
  signal?: AbortSignal,
): Promise<{ value: T; attempts: Attempt[] }> {
  const attempts: Attempt[] = [];
  const sleep = opts.sleep ?? defaultSleep;
  for (let n = 0; ; n++) {
    if (signal?.aborted) throw abortedError(attempts, signal);
    const startedAt = new Date();
    const t0 = performance.now();
    const outcome = await runAttempt(attempt, opts.timeoutMs, signal);
    const latencyMs = Math.round(performance.now() - t0);
    if (outcome.ok) {
      attempts.push({ startedAt: startedAt.toISOString(), latencyMs });
      return { value: outcome.value, attempts };
    }
    if (signal?.aborted) {
      attempts.push({ startedAt: startedAt.toISOString(), latencyMs, error: "aborted" });
      throw abortedError(attempts, signal);
    }
    const failure: FailureInfo = outcome.timedOut
      ? { message: `timed out after ${opts.timeoutMs} ms`, retryable: true }
      : classifyError(outcome.error);
    attempts.push({
      startedAt: startedAt.toISOString(),
      latencyMs,
      error: failure.message,
      ...(failure.status !== undefined ? { status: failure.status } : {}),
      ...(failure.retryAfterMs !== undefined ? { retryAfterMs: failure.retryAfterMs } : {}),
    });
    if (!failure.retryable) throw new ModelCallError(`${failure.message} (not retried)`, attempts);
    if (!(n < opts.retries)) {
      const tries = attempts.length === 1 ? "1 attempt" : `${attempts.length} attempts`;
      throw new ModelCallError(`gave up after ${tries}: ${failure.message}`, attempts);
    }
    const ms = waitFor(n, failure, opts);
    opts.onWait?.(ms, attempts.length);
    try {
      await sleep(ms, signal);
    } catch (error) {
      if (signal?.aborted) throw abortedError(attempts, signal);
      throw error;
    }
  }
}
