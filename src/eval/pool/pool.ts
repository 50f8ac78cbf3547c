import { Worker } from "node:worker_threads";
import type { Instance, Prompt } from "../../core/task.ts";
import { unisolatedCodeAllowed } from "../../core/untrusted.ts";
import { errorVerdict, type Verdict } from "../../core/verdict.ts";
import { JobError } from "./errors.ts";
import { episodeHandle } from "./handle.ts";
import type { Job, Reply, Request, WorkerInit } from "./protocol.ts";
import type { CallOptions, Checker, Episode, EpisodeState, StepOutcome } from "./types.ts";
import type { Opened } from "./work.ts";

/**
 * How a job ended: its value, the message of what it threw (`input`: an InputError's reason and
 * field), or why its thread was lost (`timeout`: the job ran over its time limit).
 */
type Result =
  | { value: unknown }
  | { error: string; input?: { reason: string; field?: string } }
  | { lost: string; timeout?: true };

interface Pending {
  job: Job;
  /** The thread holding the job's episode: the job may run nowhere else. */
  home?: Slot;
  settle(result: Result): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** Its tasks are registered: a thread that dies before that cannot start at all. */
  ready: boolean;
  /** The job it runs: one at a time, so a job waits in the queue, not behind a slow job in a busy thread. */
  running?: { id: number; pending: Pending; timer: NodeJS.Timeout };
  /** Episodes living in this thread. */
  episodes: Set<number>;
  /** The instances this thread holds, by reference number. */
  instances: Set<number>;
  /** The last uncaught error of the thread, to name why it died. */
  fault?: string;
  gone: boolean;
}

/** Instances a thread keeps before it is told to forget them all (a long-lived service meets many). */
const MAX_KEPT_INSTANCES = 4096;

const STAGE: Record<Job["kind"], string> = {
  grade: "verification",
  verify: "verification",
  generate: "generating instances",
  prompt: "building the prompt",
  combine: "combining the judge's grade",
  open: "opening the environment",
  step: "the environment's step",
  legal: "listing legal actions",
  reference: "the reference action",
  text: "the job",
};

export interface PoolSettings {
  size: number;
  tasks: string;
  textJobs?: string;
  jobTimeoutMs: number;
  maxMemoryMb: number;
}

/**
 * A checker over worker threads, started as jobs wait for them. Each thread runs one job at a time: the
 * oldest waiting job of an episode living there, else the oldest job any thread can run. A job
 * over its time limit, or a thread that dies, ends that job as an `error` verdict, loses the episodes
 * living there, and the thread is replaced when work needs it. A thread that dies before its tasks are
 * registered means no thread can start: every job then rejects.
 */
export function poolChecker(settings: PoolSettings): Checker {
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  /** Where each open episode lives, or why it was lost. */
  const episodes = new Map<number, { slot: Slot; lost?: string }>();
  let nextId = 0;
  /** Reference numbers of the instances sent to threads (see protocol.ts InstanceRef). */
  const refs = new WeakMap<Instance, number>();
  let nextRef = 0;
  let closed = false;
  /** Why the threads cannot start, once one has failed to. */
  let broken: string | undefined;
  /** Callers of warm() waiting for every thread to be ready. */
  let warming: { resolve(): void; reject(e: Error): void }[] = [];
  const seconds = Math.round(settings.jobTimeoutMs / 100) / 10;

  function spawn(): void {
    const init: WorkerInit = {
      tasks: settings.tasks,
      unisolatedCode: unisolatedCodeAllowed(),
      ...(settings.textJobs ? { textJobs: settings.textJobs } : {}),
    };
    const slot: Slot = {
      worker: startWorker(init, settings.maxMemoryMb),
      ready: false,
      episodes: new Set(),
      instances: new Set(),
      gone: false,
    };
    slot.worker.on("message", (reply: Reply) => onReply(slot, reply));
    slot.worker.on("error", (e) => {
      slot.fault = e instanceof Error ? e.message : String(e);
    });
    slot.worker.on("exit", (code) => {
      if (slot.gone) return;
      const why = slot.fault ?? `it exited with code ${code}`;
      if (slot.ready) retire(slot, `the verifier's thread died: ${why}`);
      else fail(`the checker's threads cannot start (tasks module ${settings.tasks}): ${why}`);
    });
    slots.push(slot);
  }

  /** Gives idle threads work, and starts threads while jobs that any thread could run outnumber those starting. */
  function pump(): void {
    for (const slot of slots) {
      if (!slot.ready || slot.running) continue;
      const i = queue.findIndex((p) => p.home === slot);
      const next = i >= 0 ? i : queue.findIndex((p) => p.home === undefined);
      if (next >= 0) dispatch(slot, queue.splice(next, 1)[0] as Pending);
      else slot.worker.unref();
    }
    const waiting = queue.filter((p) => p.home === undefined).length;
    const starting = slots.filter((s) => !s.ready).length;
    for (let n = starting; n < waiting && slots.length < settings.size; n++) spawn();
  }

  function dispatch(slot: Slot, pending: Pending): void {
    const id = nextId++;
    const timer = setTimeout(() => {
      retire(slot, `it took longer than ${seconds} s (its thread was stopped)`, true);
    }, settings.jobTimeoutMs);
    timer.unref();
    slot.running = { id, pending, timer };
    slot.worker.ref();
    if (pending.job.kind === "open") {
      // The episode lives where it is opened.
      episodes.set(pending.job.episode, { slot });
      slot.episodes.add(pending.job.episode);
    }
    try {
      slot.worker.postMessage(wire(slot, id, pending.job));
    } catch (e) {
      // An instance or verdict that cannot be cloned never reached the thread (nor did any instance
      // marked as sent with it: they are sent again).
      slot.instances.clear();
      finish(slot, { error: `the job could not be sent to its thread: ${(e as Error).message}` });
    }
  }

  /** The job with its instance by reference: sent whole only to a thread that does not hold it yet. */
  function wire(slot: Slot, id: number, job: Job): Request {
    if (!("instance" in job)) return { id, job };
    let ref = refs.get(job.instance);
    if (ref === undefined) {
      ref = nextRef++;
      refs.set(job.instance, ref);
    }
    const forget = slot.instances.size >= MAX_KEPT_INSTANCES;
    if (forget) slot.instances.clear();
    const known = slot.instances.has(ref);
    slot.instances.add(ref);
    const instance = known ? { ref } : { ref, value: job.instance };
    return { id, job: { ...job, instance }, ...(forget ? { forget: true as const } : {}) };
  }

  function onReply(slot: Slot, reply: Reply): void {
    if ("ready" in reply) {
      slot.ready = true;
      pump();
      settleWarming();
    } else if (slot.running?.id === reply.id) finish(slot, reply);
  }

  function finish(slot: Slot, result: Result): void {
    const running = slot.running;
    if (!running) return;
    clearTimeout(running.timer);
    slot.running = undefined;
    running.pending.settle(result);
    pump();
  }

  /** Stops a thread: its running job ends with `why`, and its episodes (and their waiting jobs) are lost. */
  function retire(slot: Slot, why: string, timeout = false): void {
    if (slot.gone) return;
    slot.gone = true;
    slots.splice(slots.indexOf(slot), 1);
    void slot.worker.terminate();
    const lost = slot.running ? `its thread was stopped because another job there failed: ${why}` : why;
    for (const id of slot.episodes) {
      const e = episodes.get(id);
      if (e) e.lost = lost;
    }
    for (let i = queue.length - 1; i >= 0; i--) {
      const p = queue[i] as Pending;
      if (p.home !== slot) continue;
      queue.splice(i, 1);
      p.settle({ lost });
    }
    finish(slot, timeout ? { lost: why, timeout: true } : { lost: why });
    pump();
  }

  /** Resolves the callers of warm() once every thread is ready, or rejects them when none can start. */
  function settleWarming(): void {
    if (warming.length === 0) return;
    if (broken === undefined && (slots.length < settings.size || slots.some((s) => !s.ready))) return;
    const waiting = warming;
    warming = [];
    for (const w of waiting) broken === undefined ? w.resolve() : w.reject(new Error(broken));
  }

  /**
   * A thread died before its tasks were registered: no thread can start (a missing or broken tasks
   * module). Waiting jobs reject, and so will later ones; jobs already running in ready threads finish.
   */
  function fail(why: string): void {
    broken = why;
    for (const p of queue.splice(0)) p.reject(new Error(why));
    for (const slot of slots.filter((s) => !s.ready)) {
      slot.gone = true;
      slots.splice(slots.indexOf(slot), 1);
      void slot.worker.terminate();
    }
    settleWarming();
  }

  function submit(job: Job, home?: Slot): Promise<Result> {
    return new Promise((settle, reject) => {
      if (closed) return reject(new Error("the checker is closed: no more jobs can be run"));
      if (broken !== undefined) return reject(new Error(broken));
      queue.push({ job, home, settle, reject });
      pump();
    });
  }

  /** A job's value; anything else is a JobError saying why there is none. */
  function outcome(job: Job, r: Result): unknown {
    if ("value" in r) return r.value;
    if ("lost" in r)
      throw new JobError(r.timeout ? "timeout" : "lost", `${STAGE[job.kind]} failed: ${r.lost}`);
    if (r.input) throw new JobError("input", r.input.reason, r.input.field);
    throw new JobError("task", `${STAGE[job.kind]} failed: ${r.error}`);
  }

  /** A verdict job's verdict: a lost one is an `error` verdict, or with `strict` a JobError. */
  function verdictOf(job: Job, r: Result, call?: CallOptions): Verdict | undefined {
    if ("value" in r) return undefined;
    if ("lost" in r && call?.strict) outcome(job, r);
    return failed(job, r);
  }

  /** The stage's error verdict for a job that threw or was lost. */
  function failed(job: Job, r: Exclude<Result, { value: unknown }>): Verdict {
    return errorVerdict(STAGE[job.kind], new Error("error" in r ? r.error : r.lost));
  }

  function episodeJob(id: number, job: Job): Promise<Result> {
    const e = episodes.get(id);
    if (!e) return Promise.resolve({ lost: "the episode is closed" });
    if (e.lost !== undefined) return Promise.resolve({ lost: e.lost });
    return submit(job, e.slot);
  }

  /** A value an agent asked for, or an exception naming why there is none. */
  async function asked(id: number, job: Job): Promise<unknown> {
    const r = await episodeJob(id, job);
    if ("value" in r) return r.value;
    throw new Error(`${STAGE[job.kind]} failed: ${"error" in r ? r.error : r.lost}`);
  }

  function openedEpisode(id: number, opened: Opened): Episode {
    let last: { observation: Opened["observation"]; state: EpisodeState } = opened;
    return episodeHandle(opened, {
      async step(reply, maxResponseBytes) {
        const job: Job = { kind: "step", episode: id, reply, maxResponseBytes };
        const r = await episodeJob(id, job);
        if ("value" in r) {
          last = r.value as StepOutcome;
          return r.value as StepOutcome;
        }
        return {
          action: null,
          reward: 0,
          crashed: failed(job, r),
          observation: last.observation,
          state: last.state,
        };
      },
      legalActions: async () => (await asked(id, { kind: "legal", episode: id })) as unknown[],
      referenceAction: () => asked(id, { kind: "reference", episode: id }),
      async close() {
        const e = episodes.get(id);
        if (!e) return;
        episodes.delete(id);
        e.slot.episodes.delete(id);
        if (!e.slot.gone) e.slot.worker.postMessage({ drop: id } satisfies Request);
      },
    });
  }

  return {
    async grade(task, instance, text, opts, call) {
      const job: Job = { kind: "grade", task: task.id, instance, text, opts };
      const r = await submit(job);
      const verdict = verdictOf(job, r, call);
      return verdict
        ? { answer: null, verdict }
        : ((r as { value: unknown }).value as { answer: unknown; verdict: Verdict });
    },
    async verify(task, instance, answer, call) {
      const job: Job = { kind: "verify", task: task.id, instance, answer };
      const r = await submit(job);
      return verdictOf(job, r, call) ?? ((r as { value: unknown }).value as Verdict);
    },
    async generate(task, params, count, seed) {
      const job: Job = { kind: "generate", task: task.id, params, count, seed };
      return outcome(job, await submit(job)) as Instance[];
    },
    async prompt(task, instance, opts = {}) {
      const job: Job = { kind: "prompt", task: task.id, instance, opts };
      return outcome(job, await submit(job)) as Prompt;
    },
    async textJob(name, input) {
      const job: Job = { kind: "text", name, input };
      return outcome(job, await submit(job)) as string;
    },
    warm() {
      if (closed) return Promise.reject(new Error("the checker is closed"));
      if (broken !== undefined) return Promise.reject(new Error(broken));
      while (slots.length < settings.size) spawn();
      return new Promise<void>((resolve, reject) => {
        warming.push({ resolve, reject });
        settleWarming();
      });
    },
    async combine(task, instance, verdict, grade, note) {
      const job: Job = { kind: "combine", task: task.id, instance, verdict, grade, note };
      const r = await submit(job);
      return "value" in r ? (r.value as Verdict) : failed(job, r);
    },
    async openEpisode(task, instance, envOptions) {
      const id = nextId++;
      const r = await submit({ kind: "open", task: task.id, instance, envOptions, episode: id });
      if ("value" in r) return openedEpisode(id, r.value as Opened);
      const home = episodes.get(id);
      episodes.delete(id);
      home?.slot.episodes.delete(id);
      throw new Error(
        `the environment of ${task.id} could not be created: ${"error" in r ? r.error : r.lost}`,
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      const all = slots.splice(0);
      const error = new Error("the checker is closed: the job was abandoned");
      for (const slot of all) {
        slot.gone = true;
        clearTimeout(slot.running?.timer);
        slot.running?.pending.reject(error);
      }
      for (const p of queue.splice(0)) p.reject(error);
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}

function startWorker(workerData: WorkerInit, maxMemoryMb: number): Worker {
  const options = { workerData, resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb } };
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL("./worker.js", import.meta.url), options);
  // From source, the thread runs TypeScript through tsx, as the project does everywhere else.
  const worker = JSON.stringify(new URL("./worker.ts", import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  const boot = `import(${tsx}).then((m) => { m.register(); return import(${worker}); })`;
  return new Worker(boot, { ...options, eval: true });
}
