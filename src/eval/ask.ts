import { stableId } from "../core/canonical.ts";
import {
  type Attempt,
  type Model,
  ModelCallError,
  type ModelRequest,
  type ModelResponse,
  type ToolHost,
} from "../core/model.ts";
import type { Store } from "../store/store.ts";
import { type AgentTurn, askAgent, isAgentModel } from "./agents.ts";
import type { CacheMode } from "./cache-mode.ts";

export type Asked =
  | { response: ModelResponse; cached: boolean; cacheKey: string | null }
  | { error: string; attempts: Attempt[] };

/** The response cache key: who was asked what, with which options, in which epoch and step. */
export function cacheKey(model: Model, req: ModelRequest, epoch: number, step = -1): string {
  const { images, ...rest } = req;
  const imageDigest = (images ?? []).map((i) => stableId(Buffer.from(i.data).toString("base64")));
  return stableId(
    model.provider,
    model.baseURL ?? null,
    model.id,
    { ...rest, images: imageDigest },
    epoch,
    step,
  );
}

export interface AskContext {
  store: Store;
  cache: CacheMode;
  signal: AbortSignal;
  /** Runs Plumb's own tools for requests that ask for them. */
  toolHost?: ToolHost;
}

/**
 * Asks the model (a built-in agent is given `turn`, what the request is about, instead of the
 * prompt), or takes its reply from the cache, keeping every attempt. A fresh reply is
 * cached at once (so a crash before its sample is saved does not pay for it twice) unless
 * `deferCache`, when the caller caches it once it has checked it. Null when a hard stop abandoned
 * the call.
 */
export async function ask(
  ctx: AskContext,
  model: Model,
  req: ModelRequest,
  turn: AgentTurn,
  step?: number,
  deferCache = false,
): Promise<Asked | null> {
  const key = model.local || ctx.cache === "off" ? null : cacheKey(model, req, turn.epoch, step);
  if (key && (ctx.cache === "read" || ctx.cache === "read-write")) {
    const hit = ctx.store.cacheGet(key);
    if (hit) return { response: hit, cached: true, cacheKey: key };
  }
  const writes = ctx.cache === "write" || ctx.cache === "read-write";
  try {
    const response = isAgentModel(model)
      ? await askAgent(model.agent, turn, ctx.signal)
      : await model.generate(req, ctx.signal, ctx.toolHost);
    if (key && writes && !deferCache) ctx.store.cachePutLater(key, response);
    return { response, cached: false, cacheKey: key && writes ? key : null };
  } catch (e) {
    if (ctx.signal.aborted) return null;
    if (e instanceof ModelCallError) return { error: e.message, attempts: e.attempts };
    return { error: e instanceof Error ? e.message : String(e), attempts: [] };
  }
}
