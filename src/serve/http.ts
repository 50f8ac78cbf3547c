import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "./errors.ts";

/** A body over the cap: refused while it is read, never held whole. */
export class TooLarge extends ApiError {
  constructor(max: number) {
    super(413, "too_large", `the body is over ${max} bytes (--max-body-bytes)`);
  }
}

/**
 * The request's body, read up to `max` bytes: more (declared or sent) rejects with TooLarge as soon
 * as it is seen. `onBytes` is told the size read so far (for the request log).
 */
export function readBody(req: IncomingMessage, max: number, onBytes: (n: number) => void): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > max) return Promise.reject(new TooLarge(max));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      onBytes(size);
      if (size > max) {
        stop();
        reject(new TooLarge(max));
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (e: Error) => {
      stop();
      reject(e);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/**
 * Reads and drops what is left of a refused body, so that a client still sending reads the answer
 * rather than a reset; past `bound` more bytes the connection is cut.
 */
export function discardRest(req: IncomingMessage, bound: number): void {
  let seen = 0;
  req.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > bound) req.destroy();
  });
  req.on("error", () => {});
  req.resume();
}

/**
 * A body as JSON: bad JSON is a 400. `__proto__` keys are dropped: JSON.parse keeps them as plain
 * keys, but any later copy by assignment would make them an object's prototype.
 */
export function parseJson(text: string): unknown {
  if (text.trim() === "")
    throw new ApiError(400, "bad_json", "the body is empty: expected a JSON object", "body");
  try {
    // Only a text that can spell the key needs the (much slower) reviver: "__proto__" starts with two
    // underscores, written plainly or one of them as an escape (\u005f).
    if (!text.includes("__") && !/\\u005f/i.test(text)) return JSON.parse(text);
    return JSON.parse(text, (key, value) => (key === "__proto__" ? undefined : value));
  } catch (e) {
    throw new ApiError(400, "bad_json", `the body is not JSON: ${(e as Error).message}`, "body");
  }
}

const HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
};

/** Sends a JSON answer; returns its size in bytes. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  extra: Record<string, string> = {},
): number {
  return sendJsonText(res, status, JSON.stringify(body), extra);
}

/** Sends JSON already written as text; returns its size in bytes. */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string,
  extra: Record<string, string> = {},
): number {
  const bytes = Buffer.byteLength(text);
  res.writeHead(status, { ...HEADERS, ...extra, "content-length": bytes });
  res.end(text);
  return bytes;
}
