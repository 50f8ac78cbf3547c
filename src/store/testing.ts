/** Fixtures for the store's tests. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ModelResponse } from "../core/model.ts";
import type { Instance } from "../core/task.ts";
import { Store } from "./store.ts";
import type { JudgeRecord, SampleRecord, StepRecord } from "./types.ts";

export function tempPath(name = "plumb.db"): string {
  return join(mkdtempSync(join(tmpdir(), "plumb-store-")), name);
}

/** Opens stores and closes whatever is left open by `closeAll` (call it in afterEach). */
export function storeTracker() {
  const opened: Store[] = [];
  return {
    open(path = tempPath(), opts?: { create?: boolean; readonly?: boolean }): Store {
      const store = Store.open(path, opts);
      opened.push(store);
      return store;
    },
    closeAll(): void {
      for (const store of opened.splice(0)) {
        try {
          store.close();
        } catch {
          // already closed by the test, or its failure was the test's point
        }
      }
    },
  };
}

export function sample(over: Partial<SampleRecord> = {}): SampleRecord {
  return {
    run: "r1",
    key: "maze/0/m1/0",
    task: "maze",
    suite: "sparc",
    tags: ["spatial", "grid"],
    level: "easy",
    instance: "0",
    instanceHash: "h0",
    model: "m1",
    epoch: 0,
    status: "ok",
    prompt: [{ role: "user", content: "Solve [image: a maze]" }],
    text: "path: R, R, D",
    reasoning: null,
    answer: { path: [{ x: 1, y: 0 }] },
    verdict: {
      score: 0,
      passed: false,
      checks: [
        { name: "connected", ok: true },
        { name: "reaches-goal", ok: false, detail: "stops at (1,0)" },
      ],
      failure: { kind: "wrong", message: "reaches-goal: stops at (1,0)" },
    },
    score: 0,
    passed: false,
    failureKind: "wrong",
    finishReason: "stop",
    usage: { input: 100, output: 20, reasoning: 5, cached: 10 },
    costUsd: 0.0015,
    spentUsd: 0.0015,
    calls: 1,
    latencyMs: 812.5,
    attempts: [
      { startedAt: "2025-01-01T00:00:00.000Z", latencyMs: 30, error: "429", status: 429, retryAfterMs: 1000 },
      { startedAt: "2025-01-01T00:00:01.000Z", latencyMs: 812.5 },
    ],
    error: null,
    cached: false,
    judge: null,
    steps: null,
    optimalSteps: null,
    toolCalls: null,
    toolUse: null,
    startedAt: "2025-01-01T00:00:00.000Z",
    finishedAt: "2025-01-01T00:00:02.000Z",
    ...over,
  };
}

export function step(index: number, over: Partial<StepRecord> = {}): StepRecord {
  return {
    run: "r1",
    sampleKey: "maze/0/m1/0",
    index,
    observation: `grid after ${index} moves`,
    reply: "I move right",
    action: { move: "R" },
    reward: index === 2 ? 1 : 0,
    error: null,
    usage: { input: 10, output: 2, reasoning: 0, cached: 0 },
    ...over,
  };
}

export function judge(grade: number | null, costUsd: number | null = 0.01): JudgeRecord {
  return {
    model: "judge",
    grade,
    replies: grade === null ? ["no grade here"] : [`<points>${grade} out of 7</points>`],
    errors: grade === null ? ["no readable grade"] : [],
    usage: { input: 5, output: 1, reasoning: 0, cached: 0 },
    costUsd,
  };
}

export const response: ModelResponse = {
  text: "answer",
  usage: { input: 3, output: 4, reasoning: 0, cached: 0 },
  latencyMs: 120,
  finishReason: "stop",
  attempts: [{ startedAt: "2025-01-01T00:00:00.000Z", latencyMs: 120 }],
};

export function instance(id: string): Instance {
  return {
    id,
    task: "maze",
    params: { size: 3 },
    seed: "s1",
    data: {
      grid: [
        [0, 1],
        [1, 0],
      ],
      id,
    },
  };
}
