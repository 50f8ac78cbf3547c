import { useEffect, useState } from "react";
import type { ZodType } from "zod";
import { ApiError, getJson } from "./api.ts";

export type Loaded<T> =
  /** data: the previous path's, while the next one loads (with `keepPrevious`). */
  | { state: "loading"; data: T | null; error: null }
  | { state: "error"; data: T | null; error: string }
  | { state: "ok"; data: T; error: null };

/**
 * GETs `path` (null: nothing to fetch yet) and parses it with `schema`; refetches when the path
 * changes, and every `refreshMs` while that is set (keeping the last data on screen meanwhile).
 * With `keepPrevious`, a new path keeps the old data on screen until its own arrives (paging).
 */
export function useApi<T>(
  path: string | null,
  schema: ZodType<T>,
  refreshMs?: number,
  keepPrevious = false,
): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading", data: null, error: null });
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (refreshMs === undefined) return;
    const timer = window.setInterval(() => setTick((t) => t + 1), refreshMs);
    return () => window.clearInterval(timer);
  }, [refreshMs]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick is the refresh trigger
  useEffect(() => {
    if (path === null) return;
    let live = true;
    getJson(path, schema).then(
      (data) => live && setLoaded({ state: "ok", data, error: null }),
      (e: unknown) =>
        live &&
        setLoaded((prev) => ({
          state: "error",
          data: prev.data,
          error: e instanceof ApiError || e instanceof Error ? e.message : String(e),
        })),
    );
    return () => {
      live = false;
    };
  }, [path, schema, tick]);

  // A new path shows "loading" rather than the previous path's data.
  const [shownPath, setShownPath] = useState(path);
  if (shownPath !== path) {
    setShownPath(path);
    setLoaded({ state: "loading", data: keepPrevious ? loaded.data : null, error: null });
  }
  return loaded;
}
