import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAllTasks, sharedInstance, testInstance } from "../../../test/support/pool-tasks.ts";
import { sparcRecords, sparcResponses } from "../../../test/support/sparc.ts";
import { generateInstances } from "../../core/instances.ts";
import { getTask, loadTask } from "../../core/registry.ts";
import type { AnyTask, Instance } from "../../core/task.ts";
import { allowUnisolatedCode } from "../../core/untrusted.ts";
import { type Checker, createChecker } from "./index.ts";

const TASKS = new URL("../../../test/support/pool-tasks.ts", import.meta.url).href;

registerAllTasks();
const sparc = await loadTask("sparc");
await loadTask("scbench/shikaku");
await loadTask("chain/stacking");
const byId = (id: string) => getTask(id);

let pool: Checker;
const inline = createChecker({ tasks: TASKS, size: 0 });

beforeAll(() => {
  // As --unsafe-verifiers does on the calling thread: the threads must follow it.
  allowUnisolatedCode(true);
  pool = createChecker({ tasks: TASKS, size: 2, jobTimeoutMs: 800, maxMemoryMb: 128 });
});
afterAll(async () => {
  allowUnisolatedCode(false);
  await pool.close();
});

describe("a pooled checker", () => {
  it("grades real tasks exactly as in-process, near-misses included", async () => {
    const records = sparcRecords().slice(0, 12);
    const insts = new Map(records.map((r) => [r.id, sparc.load?.(r) as Instance]));
    const cases: [AnyTask, Instance, string][] = sparcResponses()
      .filter((r) => insts.has(r.puzzle_id))
      .map((r) => [sparc, insts.get(r.puzzle_id) as Instance, r.message]);
    for (const inst of insts.values()) {
      const [solution] = sparc.references?.(inst) ?? [];
      const text = sparc.formatAnswer?.(solution, inst) ?? "";
      cases.push([sparc, inst, text], [sparc, inst, text.replace(/\)\]$/, "), (0, 0)]")]);
    }
    const shikaku = byId("scbench/shikaku");
    for (const inst of generateInstances(shikaku, shikaku.params.parse({}), 2, "pool")) {
      const [answer] = shikaku.references?.(inst) ?? [];
      const text = shikaku.formatAnswer?.(answer, inst) ?? "";
      cases.push([shikaku, inst, text], [shikaku, inst, text.slice(0, -2)], [shikaku, inst, "{}"]);
    }
    const pooled = await Promise.all(cases.map(([t, i, x]) => pool.grade(t, i, x)));
    const local = await Promise.all(cases.map(([t, i, x]) => inline.grade(t, i, x)));
    expect(pooled).toEqual(local);
    const kinds = new Set(pooled.map((g) => g.verdict.failure?.kind ?? "pass"));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(["pass", "wrong"]));
    expect(kinds.size).toBeGreaterThan(2);
  });

  it("runs jobs side by side in its threads", async () => {
    // Each job waits in its thread until both are in: they pass only if they ran at the same time.
    const { instance } = sharedInstance();
    const t = byId("test/rendezvous");
    const graded = await Promise.all([pool.grade(t, instance, "2"), pool.grade(t, instance, "2")]);
    expect(graded.map((g) => g.verdict.passed)).toEqual([true, true]);
    const threads = new Set(graded.map((g) => g.verdict.checks[0]?.detail));
    expect(threads.size).toBe(2);
    expect(threads.has("0")).toBe(false);
  });

  it("does not hold up a job another thread could run behind a slow one", async () => {
    const { instance, cell } = sharedInstance();
    let blockerDone = false;
    const blocker = pool.grade(byId("test/block"), instance, "x").then((g) => {
      blockerDone = true;
      return g;
    });
    const quick = await Promise.all(
      Array.from({ length: 6 }, () => pool.grade(byId("test/thread"), testInstance, "x")),
    );
    expect(quick.every((g) => g.verdict.passed)).toBe(true);
    expect(blockerDone).toBe(false);
    Atomics.store(cell, 0, 1);
    Atomics.notify(cell, 0);
    expect((await blocker).verdict.passed).toBe(true);
  });

  it("sends a thread each instance once: it grades later jobs on the copy it keeps", async () => {
    const inst = { ...testInstance, id: "kept" };
    const details: string[] = [];
    for (let i = 0; i < 6; i++) {
      const graded = await pool.grade(byId("test/seen"), inst, "x");
      details.push(graded.verdict.checks[0]?.detail ?? "");
    }
    // Per thread: the first job brings the instance, every later one finds the same object.
    const firstOf = new Map<string, string>();
    for (const d of details) {
      const [thread, before] = d.split(" ");
      expect(before).toBe(firstOf.has(thread as string) ? "true" : "false");
      firstOf.set(thread as string, d);
    }
  });

  it("passes the calling thread's --unsafe-verifiers to its threads", async () => {
    const graded = await pool.grade(byId("test/policy"), testInstance, "x");
    expect(graded.verdict.checks[0]?.detail).toBe("true");
  });

  it("plays a CHAIN episode exactly as in-process, and sends images as bytes", async () => {
    const stacking = byId("chain/stacking");
    const [inst] = generateInstances(stacking, stacking.params.parse({}), 1, "pool");
    const eps = await Promise.all([
      pool.openEpisode(stacking, inst as Instance),
      inline.openEpisode(stacking, inst as Instance),
    ]);
    expect(eps[0]?.instructions).toBe(eps[1]?.instructions);
    for (let i = 0; i < 50 && !eps[1]?.state().done; i++) {
      const action = await eps[1]?.referenceAction();
      expect(await eps[0]?.referenceAction()).toEqual(action);
      const reply = i === 2 ? "Final: fly(away)" : `Final: ${JSON.stringify(action)}`;
      const [pooled, local] = await Promise.all(eps.map((e) => e?.step(reply)));
      expect(pooled).toEqual(local);
    }
    expect(eps[0]?.state()).toEqual(eps[1]?.state());
    expect(eps[0]?.state().success).toBe(true);
    await Promise.all(eps.map((e) => e?.close()));
    const vision = await pool.openEpisode(sparc, sparc.load?.(sparcRecords()[0]) as Instance, {
      vision: true,
    });
    const image = vision.observation().images?.[0];
    expect(image?.data).toBeInstanceOf(Uint8Array);
    expect(image?.data.length).toBeGreaterThan(100);
    await vision.close();
  });

  it("drives a SPaRC episode to success with the reference action", async () => {
    const inst = sparc.load?.(sparcRecords()[0]) as Instance;
    const ep = await pool.openEpisode(sparc, inst);
    expect(ep.instructions.length).toBeGreaterThan(0);
    for (let i = 0; i < 100 && !ep.state().done; i++) {
      const action = await ep.referenceAction();
      expect(await ep.legalActions()).toContainEqual(action);
      const out = await ep.step(`Final: ${String(action)}`);
      expect(out.crashed).toBeUndefined();
      expect(out.observation).toEqual(ep.observation());
    }
    expect(ep.state().success).toBe(true);
    const bad = await ep.step("no action here at all ```");
    expect(bad.invalid).toBeDefined();
    await ep.close();
  });

  it("turns throws into error verdicts and crashes, never rejections", async () => {
    const t = byId("test/throws");
    const graded = await pool.grade(t, testInstance, "x");
    expect(graded.verdict.failure).toEqual({
      kind: "error",
      message: expect.stringContaining("the parser exploded"),
    });
    const combined = await pool.combine(t, testInstance, graded.verdict, 1, "");
    expect(combined.failure?.message).toMatch(/combining the judge's grade.*the combiner exploded/);
    const ep = await pool.openEpisode(byId("test/env"), testInstance);
    expect((await ep.step("ok")).state.steps).toBe(1);
    const out = await ep.step("boom");
    expect(out.crashed?.failure?.message).toMatch(/the environment's step.*blew up/);
    expect(out.observation.text).toBe("step 1");
    await ep.close();
    await expect(pool.openEpisode(sparc, testInstance)).rejects.toThrow(/could not be created/);
  });

  it("stops a hanging job, fails it alone and replaces its thread", async () => {
    const t = byId("test/hangs");
    const ep = await pool.openEpisode(byId("test/env"), testInstance);
    const jobs = [
      pool.grade(t, testInstance, "hang"),
      ...Array.from({ length: 4 }, () => pool.grade(t, testInstance, "ok")),
    ];
    const [hung, ...rest] = await Promise.all(jobs);
    expect(hung?.verdict.failure?.message).toMatch(/verification .*took longer than 0.8 s/);
    expect(rest.map((g) => g.verdict.passed)).toEqual([true, true, true, true]);
    // The episode may have lived on the stopped thread: then it says so, else it goes on.
    const step = await ep.step("ok");
    if (step.crashed) expect(step.crashed.failure?.message).toMatch(/took longer|another job/);
    else expect(step.state.steps).toBe(1);
    await ep.close();
    expect((await pool.grade(t, testInstance, "ok")).verdict.passed).toBe(true);
  });

  it("reports a thread that exits, and its episodes crash on their next step", async () => {
    const env = byId("test/env");
    const eps = await Promise.all([pool.openEpisode(env, testInstance), pool.openEpisode(env, testInstance)]);
    const died = await pool.grade(byId("test/exits"), testInstance, "x");
    expect(died.verdict.failure?.message).toMatch(/the verifier's thread died: .*code 7/);
    const steps = await Promise.all(eps.map((e) => e.step("ok")));
    expect(steps.filter((s) => s.crashed).length).toBeGreaterThanOrEqual(1);
    for (const s of steps.filter((s) => s.crashed))
      expect(s.crashed?.failure?.message).toMatch(/thread died/);
    const lost = eps[steps.findIndex((s) => s.crashed)];
    await expect(lost?.legalActions()).rejects.toThrow(/listing legal actions failed: .*thread died/);
    await expect(lost?.referenceAction()).rejects.toThrow(/thread died/);
    await Promise.all(eps.map((e) => e.close()));
    expect((await pool.grade(byId("test/thread"), testInstance, "x")).verdict.passed).toBe(true);
  });

  it("reports a job that runs out of memory, and replaces its thread", async () => {
    // Its own pool: filling the heap on a loaded machine can take longer than the shared pool's time cap.
    const roomy = createChecker({ tasks: TASKS, size: 1, jobTimeoutMs: 60_000, maxMemoryMb: 64 });
    try {
      const graded = await roomy.grade(byId("test/hog"), testInstance, "x");
      expect(graded.verdict.failure?.message).toMatch(
        /verification failed inside Plumb: the verifier's thread died: .*memory/,
      );
      expect((await roomy.grade(byId("test/thread"), testInstance, "x")).verdict.passed).toBe(true);
    } finally {
      await roomy.close();
    }
  });

  it("passes on what an environment throws when asked for legal actions", async () => {
    for (const checker of [pool, inline]) {
      const ep = await checker.openEpisode(byId("test/env-no-legal"), testInstance);
      await expect(ep.legalActions()).rejects.toThrow(/no list of legal actions here/);
      await ep.close();
    }
  });

  it("rejects every job when its threads cannot start, without retrying forever", async () => {
    const bad = createChecker({ tasks: new URL("./no-such-tasks.ts", import.meta.url).href, size: 2 });
    await expect(bad.grade(byId("test/thread"), testInstance, "x")).rejects.toThrow(/threads cannot start/);
    await expect(bad.grade(byId("test/thread"), testInstance, "x")).rejects.toThrow(/threads cannot start/);
    await bad.close();
  });

  // Last: it closes the shared pool.
  it("runs text jobs of its module, text in and out, with the limits of any job", async () => {
    const textJobs = new URL("../../../test/support/text-jobs.ts", import.meta.url).href;
    const threads = createChecker({ tasks: TASKS, size: 1, jobTimeoutMs: 500, textJobs });
    try {
      for (const checker of [threads, createChecker({ tasks: TASKS, size: 0, textJobs })]) {
        expect(await checker.textJob("upper", "plumb ✓")).toBe("PLUMB ✓");
        await expect(checker.textJob("nothing", "")).rejects.toMatchObject({
          reason: "task",
          message: expect.stringMatching(/no job nothing/),
        });
      }
      await expect(threads.textJob("spin", "")).rejects.toMatchObject({ reason: "timeout" });
      expect(await threads.textJob("upper", "after")).toBe("AFTER");
      await expect(pool.textJob("upper", "x")).rejects.toMatchObject({ message: /no text jobs module/ });
    } finally {
      await threads.close();
    }
  });

  it("abandons jobs in flight at close, stops every thread and rejects later jobs", async () => {
    const beat = sharedInstance();
    await pool.grade(byId("test/heartbeat"), beat.instance, "x");
    for (let i = 0; i < 200 && Atomics.load(beat.cell, 0) === 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    const ep = await pool.openEpisode(byId("test/env"), testInstance);
    const held = expect(pool.grade(byId("test/block"), sharedInstance().instance, "x")).rejects.toThrow(
      /the checker is closed/,
    );
    await pool.close();
    await pool.close();
    await held;
    // No thread outlives close: the heartbeat a thread left behind has stopped.
    const count = Atomics.load(beat.cell, 0);
    expect(count).toBeGreaterThan(0); // it was beating before close
    await new Promise((r) => setTimeout(r, 50));
    expect(Atomics.load(beat.cell, 0)).toBe(count);
    await expect(pool.grade(byId("test/thread"), testInstance, "x")).rejects.toThrow(/closed/);
    await expect(pool.openEpisode(byId("test/env"), testInstance)).rejects.toThrow(/closed/);
    await expect(ep.step("ok")).rejects.toThrow(/closed/);
    await expect(ep.close()).resolves.toBeUndefined();
    const never = createChecker({ tasks: TASKS, size: 1 });
    await never.close();
    await expect(inline.close()).resolves.toBeUndefined();
    await expect(
      inline.combine(byId("test/throws"), testInstance, { score: 0, passed: false, checks: [] }, 1, ""),
    ).rejects.toThrow(/closed/);
  });
});
