/**
 * How the web app reads the API: from `plumb view`'s server, or, in a page written by
 * `plumb report --format html`, from the responses embedded in the page (no server, no network).
 */
import { type ZodType, z } from "zod";

export { apiPath } from "../../src/view/api.ts";

declare global {
  interface Window {
    /** Set by the static export: each GET path (with its query) the page may ask, and its response. */
    __PLUMB_DATA__?: Record<string, unknown>;
  }
}

export class ApiError extends Error {}

/** True in a static export: there is no server, so nothing can be written (no play mode). */
export function isStatic(): boolean {
  return window.__PLUMB_DATA__ !== undefined;
}

async function read<T>(res: Response, schema: ZodType<T>, path: string): Promise<T> {
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message =
      typeof body === "object" && body !== null && "error" in body ? String(body.error) : res.statusText;
    throw new ApiError(message);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ApiError(`${path}: unexpected response (${parsed.error.issues[0]?.message})`);
  return parsed.data;
}

export async function getJson<T>(path: string, schema: ZodType<T>): Promise<T> {
  const embedded = window.__PLUMB_DATA__;
  if (embedded !== undefined) {
    if (!Object.hasOwn(embedded, path)) throw new ApiError("not included in this exported page");
    const parsed = schema.safeParse(embedded[path]);
    if (!parsed.success) throw new ApiError(`${path}: unexpected data in the page`);
    return parsed.data;
  }
  return read(await fetch(path), schema, path);
}

export async function postJson<T>(path: string, body: unknown, schema: ZodType<T>): Promise<T> {
  if (isStatic()) throw new ApiError("an exported page cannot write");
  const res = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return read(res, schema, path);
}

const exportInfoSchema = z.object({ run: z.string(), exportedAt: z.string(), note: z.string() });

/** In a static export: which run it holds, when it was made, and how much of it (src/view/export.ts). */
export function exportInfo(): z.infer<typeof exportInfoSchema> | null {
  const embedded = window.__PLUMB_DATA__;
  if (embedded === undefined || !Object.hasOwn(embedded, "/__export__")) return null;
  const parsed = exportInfoSchema.safeParse(embedded["/__export__"]);
  return parsed.success ? parsed.data : null;
}
