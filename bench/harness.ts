/**
 * The evaluation pipeline end to end (prompt → HTTP call → parse → verify in the checker's threads →
 * SQLite, durable) against a fake OpenAI-compatible server with zero latency, at concurrency 64,
 * side by side with a bare HTTP client loop sending the same prompts to the same server: the
 * harness should run near the wire. The server runs in a worker thread of this process, so both
 * rates are lower bounds and the peak memory includes it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import type { AnyTask, Instance } from "../src/core/task.ts";
import { sampleClaims } from "../src/eval/claim.ts";
import { buildPlan } from "../src/eval/plan.ts";
import { createChecker } from "../src/eval/pool/index.ts";
import { runPlan } from "../src/eval/runner.ts";
import { instanceHash } from "../src/eval/spec.ts";
import { BUILTIN_PRICES, costOf } from "../src/models/prices.ts";
import { resolveModels } from "../src/models/resolve.ts";
import { Store } from "../src/store/store.ts";
import { startFakeOpenAI } from "../test/support/fake-openai.ts";

export interface HarnessFigures {
  samples: number;
  /** Bare client loops (fetch, and undici's request as the harness uses), requests per second. */
  wirePerSecond: number;
  undiciPerSecond: number;
  /** The harness's rate, samples per second. */
  samplesPerSecond: number;
  peakRssMb: number;
  /** Heap growth per sample after the run (garbage collected when --expose-gc). */
  heapPerSampleKb: number;
  requests: number;
}

const CONCURRENCY = 64;

export async function benchHarness(
  task: AnyTask,
  instances: Instance[],
  samples: number,
  /** A PostgreSQL store to run on (as a shared run: samples claimed) instead of a SQLite file. */
  postgresUrl?: string,
): Promise<HarnessFigures> {
  const server = await startFakeOpenAI({
    reply: () => ({ text: "#### [(0, 0), (1, 0)]" }),
    keepBodies: false,
  });
  const dir = mkdtempSync(join(tmpdir(), "plumb-bench-"));
  const store = Store.open(postgresUrl ?? join(dir, "bench.db"));
  const checker = createChecker({
    tasks: new URL("../src/suites/catalog.ts", import.meta.url).href,
    size: availableParallelism(),
  });
  try {
    const wirePerSecond = await bareClient(server.url, task, instances, samples, viaFetch);
    const undiciPerSecond = await bareClient(server.url, task, instances, samples, viaUndici);
    const [model] = resolveModels(["openai-compatible:bench"], {
      baseURL: server.url,
      env: { OPENAI_COMPATIBLE_API_KEY: "bench" },
      retry: { retries: 0, timeoutMs: 30_000 },
    });
    if (!model) throw new Error("no model");
    const epochs = Math.ceil(samples / instances.length);
    const hashes = instances.map(instanceHash);
    const plan = buildPlan([{ task, instances, hashes }], [model], {
      epochs,
      episode: false,
      prompt: {},
      generation: () => ({}),
    }).slice(0, samples);
    const run = `bench-${process.pid}-${performance.now().toFixed(0)}`;
    store.openRun(run, {});
    store.clearCache(); // a shared store keeps the replies of the runs before this one
    // Start the checker's threads before the clock, as a real run's first samples would.
    await checker.grade(task, instances[0] as Instance, "warm-up");
    gc();
    const heap0 = process.memoryUsage().heapUsed;
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 25);
    const t0 = performance.now();
    await runPlan({
      run,
      ...(store.shared
        ? { claims: sampleClaims(store, run, { id: run, pid: process.pid, host: hostname() }) }
        : {}),
      store,
      plan,
      concurrency: () => CONCURRENCY,
      cache: "read-write",
      checker,
      prompt: {},
      retryErrors: false,
      costOf: (m, u) => costOf(m, u, BUILTIN_PRICES),
      history: 4,
      stopRequested: () => false,
      signal: new AbortController().signal,
    });
    const ms = performance.now() - t0;
    clearInterval(sampler);
    gc();
    const heapPerSampleKb = (process.memoryUsage().heapUsed - heap0) / 1024 / plan.length;
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      samples: plan.length,
      wirePerSecond,
      undiciPerSecond,
      samplesPerSecond: plan.length / (ms / 1000),
      peakRssMb: peak / 2 ** 20,
      heapPerSampleKb,
      requests: server.count(),
    };
  } finally {
    await checker.close();
    store.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

type Post = (url: string, body: string) => Promise<unknown>;
const HEADERS = { "content-type": "application/json", authorization: "Bearer bench" };

const viaFetch: Post = async (url, body) =>
  (await fetch(url, { method: "POST", headers: HEADERS, body })).json();
const viaUndici: Post = async (url, body) =>
  (await request(url, { method: "POST", headers: HEADERS, body })).body.json();

/** The same prompts posted at the same concurrency, each reply read as JSON: the wire rate. */
async function bareClient(
  url: string,
  task: AnyTask,
  instances: Instance[],
  n: number,
  post: Post,
): Promise<number> {
  const bodies = instances.map((inst) =>
    JSON.stringify({ model: "bench", messages: task.prompt(inst).messages }),
  );
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) await post(`${url}/chat/completions`, bodies[next++ % bodies.length] as string);
    }),
  );
  return n / ((performance.now() - t0) / 1000);
}

/** Collects garbage when the process runs with --expose-gc (npm run bench does). */
function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
