/**
 * The response cache's modes, in a module with no imports: the CLI's --help states them without
 * loading the runner.
 */

/** off: always call; read: reuse cached replies, store none; write: always call, store replies; read-write: both. */
export type CacheMode = "off" | "read" | "write" | "read-write";
export const CACHE_MODES: readonly CacheMode[] = ["off", "read", "write", "read-write"];
