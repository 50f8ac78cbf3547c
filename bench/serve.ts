/**
 * `plumb serve` against the same work in process: verifications per second per core, SPaRC grading
 * (the official test puzzles with their stored solutions as text) and one heavy SCBench task
 * (interlocking-parts, its solver's answers written by formatAnswer), at concurrency 2 × workers.
 * The service's figure includes HTTP on one thread, the body's text handed to a worker thread,
 * which parses and checks it (the instance by its task's schema), verifies and writes the answer;
 * the in-process figure is the verify alone (gradeResponse on the calling thread). Two more
 * figures split the difference: a request's work on one thread without HTTP (jobs.ts runTextJob),
 * and the pool called directly with instances already in memory. For small, cheap verifies (SPaRC,
 * ~14 KB bodies) reading the untrusted body costs more than the verify (JSON.parse ~110 µs, the
 * task's data schema ~130 µs, the grade ~170 µs); the HTTP thread only moves text. For a heavy
 * verify (interlocking-parts, ~0.7 s each) the service runs at the verifier's speed.
 */
import { availableParallelism } from "node:os";
import { Agent, request } from "undici";
import { gradeResponse } from "../src/core/grade.ts";
import { generateInstances } from "../src/core/instances.ts";
import { loadTask } from "../src/core/registry.ts";
import type { AnyTask, Instance } from "../src/core/task.ts";
import { createChecker } from "../src/eval/pool/index.ts";
import { startServe } from "../src/serve/index.ts";
import { runTextJob } from "../src/serve/jobs.ts";
import { CATALOG_MODULE, registerAllTasks } from "../src/suites/catalog.ts";
import { sparcRecords } from "../test/support/sparc.ts";

type Row = [string, string, string];

interface Case {
  task: AnyTask;
  instance: Instance;
  text: string;
}

async function pooled<T>(n: number, concurrency: number, job: (i: number) => Promise<T>): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < n; i = next++) await job(i);
    }),
  );
  return (performance.now() - t0) / 1000;
}

export async function benchServe(): Promise<Row[]> {
  registerAllTasks();
  const workers = Math.max(1, Math.min(8, availableParallelism()));
  const concurrency = 2 * workers;
  const sparc = await loadTask("sparc");
  const interlocking = await loadTask("scbench/interlocking-parts");
  const sparcSet: Case[] = sparcRecords().flatMap((r) => {
    const instance = JSON.parse(JSON.stringify(sparc.load?.(r))) as Instance;
    return r.solutions.map((s) => ({
      task: sparc,
      instance,
      text: sparc.formatAnswer?.(s.path, instance) ?? "",
    }));
  });
  const heavy: Case[] = generateInstances(
    interlocking,
    interlocking.params.parse({}),
    workers * 2,
    "bench",
  ).map((inst) => {
    const instance = JSON.parse(JSON.stringify(inst)) as Instance;
    const answer = interlocking.solve?.(instance).answers[0];
    return { task: interlocking, instance, text: interlocking.formatAnswer?.(answer, instance) ?? "" };
  });
  const server = await startServe({ port: 0, workers, quiet: true });
  await server.ready;
  const checker = createChecker({ tasks: CATALOG_MODULE, size: workers });
  await checker.warm();
  const dispatcher = new Agent({ connections: concurrency, pipelining: 1 });
  const rows: Row[] = [];
  try {
    for (const [name, cases, rounds] of [
      ["SPaRC grade (stored solutions)", sparcSet, 20],
      ["scbench/interlocking-parts grade", heavy, 2],
    ] as const) {
      const n = cases.length * rounds;
      const bodies = cases.map((c) =>
        JSON.stringify({ task: c.task.id, instance: c.instance, text: c.text }),
      );
      const at = (i: number) => cases[i % cases.length] as Case;
      // Warm: each thread loads the task once.
      await pooled(cases.length, concurrency, (i) => checker.grade(at(i).task, at(i).instance, at(i).text));
      await pooled(Math.min(n, cases.length), concurrency, async (i) => {
        const r = await request(`${server.url}/v1/grade`, {
          method: "POST",
          body: bodies[i % bodies.length],
          dispatcher,
        });
        await r.body.text();
      });
      // In process, each grade gets its instance afresh from JSON, as a request's is: a task's caches
      // keyed by the instance object (SPaRC's board) would otherwise make the baseline twice as fast.
      const instanceJson = cases.map((c) => JSON.stringify(c.instance));
      let passed = 0;
      const local = await pooled(n, 1, async (i) => {
        const c = at(i);
        const instance = JSON.parse(instanceJson[i % cases.length] as string) as Instance;
        if ((await gradeResponse(c.task, instance, c.text)).verdict.passed) passed++;
      });
      // The service's own work on a thread, without HTTP: the body parsed and checked (the instance
      // by its task's schema, as untrusted input must be), then graded, the answer written as JSON.
      const job = await pooled(n, 1, (i) => runTextJob("one:grade", bodies[i % bodies.length] as string));
      const pool = await pooled(n, concurrency, (i) => checker.grade(at(i).task, at(i).instance, at(i).text));
      let servedPassed = 0;
      const served = await pooled(n, concurrency, async (i) => {
        const r = await request(`${server.url}/v1/grade`, {
          method: "POST",
          body: bodies[i % bodies.length],
          headers: { "content-type": "application/json" },
          dispatcher,
        });
        const body = (await r.body.json()) as { verdict?: { passed: boolean } };
        if (body.verdict?.passed) servedPassed++;
      });
      if (passed !== n || servedPassed !== n)
        throw new Error(`${name}: ${passed}/${servedPassed} of ${n} passed`);
      // What a trainer sends: the same grades in batches of 256, a few batches in flight.
      const BATCH = 256;
      const batches = Array.from({ length: Math.ceil(n / BATCH) }, (_, b) =>
        JSON.stringify({
          items: Array.from({ length: Math.min(BATCH, n - b * BATCH) }, (_, i) => {
            const c = at(b * BATCH + i);
            return { task: c.task.id, instance: c.instance, text: c.text };
          }),
        }),
      );
      let batchPassed = 0;
      const batched = await pooled(batches.length, Math.min(concurrency, batches.length), async (b) => {
        const r = await request(`${server.url}/v1/batch/grade`, {
          method: "POST",
          body: batches[b],
          headers: { "content-type": "application/json" },
          dispatcher,
        });
        const body = (await r.body.json()) as { results: { verdict?: { passed: boolean } }[] };
        for (const item of body.results) if (item.verdict?.passed) batchPassed++;
      });
      if (batchPassed !== n) throw new Error(`${name}: ${batchPassed} of ${n} passed in batches`);
      const perCoreLocal = n / local;
      const perCorePool = n / pool / workers;
      const perCoreJob = n / job;
      const perCoreServed = n / served / workers;
      rows.push([
        `serve: ${name}, verifications/s per core (service vs in process)`,
        `${perCoreServed.toFixed(0)} vs ${perCoreLocal.toFixed(0)} /s`,
        `${((100 * perCoreServed) / perCoreLocal).toFixed(0)}% of in-process; pool alone ${perCorePool.toFixed(0)} /s/core; ${workers} workers, concurrency ${concurrency}, ${n} grades, ${(bodies.reduce((s, b) => s + b.length, 0) / bodies.length / 1024).toFixed(1)} KB/body`,
      ]);
      rows.push([
        `serve: ${name}, a request's work on one thread without HTTP (parse, check, grade)`,
        `${perCoreJob.toFixed(0)} /s`,
        `${((100 * perCoreServed) / perCoreJob).toFixed(0)}% of it through HTTP per core: the rest is HTTP and the hops between threads, on cores the bench's client shares`,
      ]);
      rows.push([
        `serve: ${name}, in batches of ${BATCH} (service vs in process)`,
        `${(n / batched / workers).toFixed(0)} vs ${perCoreLocal.toFixed(0)} /s`,
        `${((100 * (n / batched / workers)) / perCoreLocal).toFixed(0)}% of in-process, per core; one request per ${BATCH} grades`,
      ]);
    }
  } finally {
    await dispatcher.close();
    await checker.close();
    await server.close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchServe()) console.log(r.join(" | "));
}
