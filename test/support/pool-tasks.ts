import { threadId } from "node:worker_threads";
import { z } from "zod";
import { registerTask } from "../../src/core/registry.ts";
import type { AnyTask, Environment, Instance } from "../../src/core/task.ts";
import { unisolatedCodeAllowed } from "../../src/core/untrusted.ts";
import type { Verdict } from "../../src/core/verdict.ts";
import { registerAllTasks as registerCatalog } from "../../src/suites/catalog.ts";

/**
 * The tasks module of the checker-pool tests (what src/suites/catalog.ts is in production): the real
 * catalog plus hostile "test/…" tasks that throw, hang, kill their thread or report which thread ran them.
 * The tasks that coordinate with the test read an Int32Array over a SharedArrayBuffer from `data`
 * (see `sharedInstance`): a structured clone shares its memory, so the test and the threads see one cell.
 */

export const testInstance: Instance = { id: "i", task: "test", params: {}, seed: null, data: null };

const PASS: Verdict = { score: 1, passed: true, checks: [] };

/** An instance whose data is one shared cell, and the cell. */
export function sharedInstance(): { instance: Instance; cell: Int32Array } {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  return { instance: { ...testInstance, data: cell }, cell };
}

/** Waits (at most 5 s, blocking this thread) until the cell holds at least `n`. */
function awaitCell(cell: Int32Array, n: number): boolean {
  const end = Date.now() + 5000;
  for (let v = Atomics.load(cell, 0); v < n; v = Atomics.load(cell, 0)) {
    if (Date.now() >= end) return false;
    Atomics.wait(cell, 0, v, end - Date.now());
  }
  return true;
}

const threadVerdict = (ok: boolean): Verdict => ({
  score: ok ? 1 : 0,
  passed: ok,
  checks: [{ name: "thread", ok, detail: String(threadId) }],
});

function testTask(id: string, over: Partial<AnyTask>): AnyTask {
  return {
    id,
    suite: "test",
    version: 1,
    description: id,
    tags: [],
    params: z.unknown(),
    levels: {},
    answer: z.string(),
    data: z.unknown(),
    generate: () => testInstance,
    prompt: () => ({ messages: [] }),
    parse: (text) => text,
    verify: () => PASS,
    ...over,
  };
}

/** Steps "ok" to success in two moves; "boom" makes it throw. */
class TestEnv implements Environment<string> {
  actions = z.string();
  steps = 0;
  done = false;
  success = false;
  maxSteps = 5;
  instructions = () => "say ok twice";
  observe = () => ({ text: `step ${this.steps}` });
  parseAction = (text: string) => text.trim();
  legalActions = () => ["ok", "boom"];
  referenceAction = () => "ok";
  step(action: unknown) {
    if (action === "boom") throw new Error("the test environment blew up");
    this.steps++;
    this.done = this.success = this.steps >= 2;
    return { observation: this.observe(), reward: 1, done: this.done, success: this.success };
  }
}

/** Instances a thread has graded, to show that it keeps one copy of each. */
const seen = new WeakSet<object>();

export const testTasks: AnyTask[] = [
  testTask("test/seen", {
    verify: (inst) => {
      const before = seen.has(inst);
      seen.add(inst);
      return {
        score: 1,
        passed: true,
        checks: [{ name: "seen", ok: true, detail: `${threadId} ${before}` }],
      };
    },
  }),
  testTask("test/thread", {
    verify: () => ({
      score: 1,
      passed: true,
      checks: [{ name: "thread", ok: true, detail: String(threadId) }],
    }),
  }),
  testTask("test/throws", {
    parse: () => {
      throw new Error("the parser exploded");
    },
    judge: {
      prompt: () => ({ messages: [] }),
      read: () => 1,
      combine: () => {
        throw new Error("the combiner exploded");
      },
    },
  }),
  testTask("test/hangs", {
    verify: (_inst, answer) => {
      while (answer === "hang") {}
      return PASS;
    },
  }),
  testTask("test/exits", {
    verify: () => process.exit(7),
  }),
  testTask("test/env", { env: () => new TestEnv() }),
  testTask("test/env-no-legal", {
    env: () =>
      Object.assign(new TestEnv(), {
        legalActions: () => {
          throw new Error("no list of legal actions here");
        },
      }),
  }),
  // Counts itself in, then waits for `answer` jobs to be in at once: only jobs running side by side pass.
  testTask("test/rendezvous", {
    verify: (inst, answer) => {
      const cell = inst.data as Int32Array;
      Atomics.add(cell, 0, 1);
      Atomics.notify(cell, 0);
      return threadVerdict(awaitCell(cell, Number(answer)));
    },
  }),
  // Holds its thread until the test sets the cell.
  testTask("test/block", { verify: (inst) => threadVerdict(awaitCell(inst.data as Int32Array, 1)) }),
  // Leaves a timer counting in the cell: it stops only when its thread does.
  testTask("test/heartbeat", {
    verify: (inst) => {
      setInterval(() => Atomics.add(inst.data as Int32Array, 0, 1), 5);
      return PASS;
    },
  }),
  testTask("test/hog", {
    verify: () => {
      const hoard: number[][] = [];
      for (;;) hoard.push(new Array(1 << 20).fill(hoard.length));
    },
  }),
  testTask("test/policy", {
    verify: () => ({
      score: 1,
      passed: true,
      checks: [{ name: "unisolated code", ok: true, detail: String(unisolatedCodeAllowed()) }],
    }),
  }),
];

let registered = false;

export function registerAllTasks(): void {
  if (registered) return;
  registered = true;
  registerCatalog();
  for (const task of testTasks) registerTask(task);
}
