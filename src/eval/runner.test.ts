import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Model, ModelRequest, ModelResponse } from "../core/model.ts";
import type { AnyTask, Instance } from "../core/task.ts";
import { ParseFailure } from "../core/verdict.ts";
import { Store } from "../store/store.ts";
import { buildPlan, runPooled } from "./plan.ts";
import { createChecker } from "./pool/index.ts";
import { type RunOptions, runPlan } from "./runner.ts";
import { instanceHash } from "./spec.ts";

const instances: Instance[] = [0, 1, 2, 3].map((n) => ({
  id: `i${n}`,
  task: "t",
  params: {},
  seed: null,
  data: n,
}));

/** A task whose answer is the instance's number; instance 1 cannot be posed, instance 2's answers crash the parser. */
function task(over: Partial<AnyTask> = {}): AnyTask {
  return {
    id: "t",
    suite: "s",
    version: 1,
    description: "",
    tags: [],
    params: z.unknown(),
    levels: {},
    answer: z.number(),
    data: z.number(),
    generate: () => instances[0] as Instance,
    prompt: (inst) => {
      if (inst.data === 1) throw new Error("no prompt for you");
      return { messages: [{ role: "user", content: `say ${String(inst.data)}` }] };
    },
    parse: (text, inst) => {
      if (inst.data === 2) throw new TypeError("the parser fell over");
      return /^\d+$/.test(text) ? Number(text) : new ParseFailure("not a number");
    },
    verify: (inst, answer) =>
      answer === inst.data
        ? { score: 1, passed: true, checks: [] }
        : { score: 0, passed: false, checks: [], failure: { kind: "wrong", message: "no" } },
    ...over,
  };
}

/** An HTTP-like model (cached, priced) that answers the number in the prompt and counts its calls. */
function model(): Model & { calls: number } {
  const m = {
    id: "fake:m",
    provider: "fake",
    spec: { provider: "fake" },
    calls: 0,
    async generate(req: ModelRequest): Promise<ModelResponse> {
      m.calls++;
      const text = /say (\d+)/.exec(req.messages.at(-1)?.content ?? "")?.[1] ?? "?";
      return {
        text,
        usage: { input: 10, output: 2, reasoning: 0, cached: 0 },
        latencyMs: 1,
        finishReason: text === "3" ? "length" : "stop",
        attempts: [{ startedAt: new Date().toISOString(), latencyMs: 1 }],
      };
    },
  };
  return m;
}

function options(store: Store, t: AnyTask, m: Model, over: Partial<RunOptions> = {}): RunOptions {
  const plan = buildPlan([{ task: t, instances, hashes: instances.map(instanceHash) }], [m], {
    epochs: 1,
    episode: false,
    prompt: {},
    generation: () => ({}),
  });
  return {
    run: "r",
    store,
    plan,
    concurrency: () => 2,
    cache: "read-write",
    checker: createChecker({ tasks: "", size: 0 }),
    prompt: {},
    retryErrors: false,
    costOf: (_m, u) => (u.input + u.output) / 1e6,
    history: 4,
    stopRequested: () => false,
    signal: new AbortController().signal,
    ...over,
  };
}

describe("runPlan", () => {
  it("records a task that throws as an error on that sample and goes on", async () => {
    const store = Store.open(":memory:");
    store.openRun("r", {});
    const m = model();
    const summary = await runPlan(options(store, task(), m));
    expect(summary).toMatchObject({ planned: 4, answered: 4, stoppedBy: "done" });
    const byInstance = new Map(store.samples("r").map((s) => [s.instance, s]));
    expect(byInstance.get("i0")).toMatchObject({
      passed: true,
      failureKind: null,
      calls: 1,
      finishReason: "stop",
    });
    expect(byInstance.get("i1")).toMatchObject({
      status: "ok",
      passed: false,
      failureKind: "error",
      calls: 0,
    });
    expect(byInstance.get("i1")?.verdict?.failure?.message).toMatch(/no prompt for you/);
    expect(byInstance.get("i2")).toMatchObject({ status: "ok", failureKind: "error", text: "2" });
    expect(byInstance.get("i2")?.verdict?.failure?.message).toMatch(/the parser fell over/);
    expect(byInstance.get("i3")).toMatchObject({ passed: true, finishReason: "length" });
    expect(m.calls).toBe(3);
    store.close();
  });

  it("spends only on calls made: cached answers are free and do not stop a budget", async () => {
    const store = Store.open(":memory:");
    store.openRun("r", {});
    store.openRun("r2", {});
    const m = model();
    await runPlan(options(store, task(), m));
    expect(store.totals("r")).toMatchObject({ calls: 3, spentUsd: 36 / 1e6 });
    await runPlan(options(store, task(), m, { run: "r2", budgetUsd: 1e-9 }));
    expect(m.calls).toBe(3);
    expect(store.totals("r2")).toMatchObject({ samples: 4, calls: 0, spentUsd: 0 });
    store.close();
  });

  it("judges again a sample its judge left unscored, without asking the model again", async () => {
    const store = Store.open(":memory:");
    store.openRun("r", {});
    const m = model();
    let judgeUp = false;
    const judge: Model = {
      id: "fake:judge",
      provider: "judge",
      spec: { provider: "fake" },
      async generate() {
        if (!judgeUp) throw new Error("judge down");
        return {
          text: "7",
          usage: { input: 1, output: 1, reasoning: 0, cached: 0 },
          latencyMs: 1,
          finishReason: "stop",
          attempts: [],
        };
      },
    };
    const judged = task({
      prompt: (inst) => ({ messages: [{ role: "user", content: `say ${String(inst.data)}` }] }),
      parse: (text) => Number(text),
      judge: {
        prompt: () => ({ messages: [{ role: "user", content: "grade" }] }),
        read: (text) => Number(text),
        combine: (_inst, verdict, grade) =>
          grade === null
            ? { ...verdict, score: 0, passed: false, failure: { kind: "unscored", message: "no grade" } }
            : { ...verdict, score: grade / 7 },
      },
    });
    const opts = (over: Partial<RunOptions> = {}) =>
      options(store, judged, m, { judge: { model: judge, attempts: 1 }, ...over });
    await runPlan(opts());
    expect(store.samples("r").map((s) => s.failureKind)).toEqual(Array(4).fill("unscored"));
    judgeUp = true;
    await runPlan(opts());
    expect(store.samples("r").map((s) => s.failureKind)).toEqual(Array(4).fill("unscored"));
    await runPlan(opts({ retryErrors: true }));
    expect(store.samples("r").map((s) => s.judge?.grade)).toEqual(Array(4).fill(7));
    expect(m.calls).toBe(4);
    store.close();
  });
});

describe("runPooled", () => {
  it("stops taking work after a job throws, lets the jobs in flight finish, then throws", async () => {
    const finished: number[] = [];
    const work = async (n: number) => {
      await new Promise((r) => setTimeout(r, n === 1 ? 5 : 30));
      if (n === 1) throw new Error("store failed");
      finished.push(n);
    };
    await expect(
      runPooled(
        [0, 1, 2, 3, 4, 5],
        () => "g",
        () => 2,
        work,
        () => false,
      ),
    ).rejects.toThrow("store failed");
    // 0 was in flight when 1 threw; nothing started after.
    expect(finished).toEqual([0]);
  });
});
