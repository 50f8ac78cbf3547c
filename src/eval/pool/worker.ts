import { parentPort, workerData } from "node:worker_threads";
import { InputError } from "../../core/errors.ts";
import { loadTask } from "../../core/registry.ts";
import type { Instance } from "../../core/task.ts";
import { allowUnisolatedCode } from "../../core/untrusted.ts";
import type { InstanceRef, Reply, Request, WireJob, WorkerInit } from "./protocol.ts";
import {
  combineWork,
  generateWork,
  gradeWork,
  LiveEpisode,
  loadTextJobs,
  promptWork,
  verifyWork,
} from "./work.ts";

/** A checker thread: imports the tasks module, then runs the jobs the pool sends, one at a time. */

const port = parentPort;
if (!port) throw new Error("pool/worker.ts runs only as a worker thread");
const init = workerData as WorkerInit;
allowUnisolatedCode(init.unisolatedCode);
const mod = (await import(init.tasks)) as { registerAllTasks?: () => void };
if (typeof mod.registerAllTasks !== "function")
  throw new Error(`${init.tasks} exports no registerAllTasks()`);
mod.registerAllTasks();
const textJobs = init.textJobs ? await loadTextJobs(init.textJobs) : undefined;

const episodes = new Map<number, LiveEpisode>();
/** One copy of each instance, by reference number: tasks keep caches on their instances. */
const instances = new Map<number, Instance>();

function instance(ref: InstanceRef): Instance {
  if (ref.value !== undefined) instances.set(ref.ref, ref.value);
  const kept = instances.get(ref.ref);
  if (!kept) throw new Error(`instance ${ref.ref} was never sent to this thread`);
  return kept;
}

function episode(id: number): LiveEpisode {
  const live = episodes.get(id);
  if (!live) throw new Error(`no episode ${id} in this thread`);
  return live;
}

async function run(job: WireJob): Promise<unknown> {
  switch (job.kind) {
    case "grade":
      return gradeWork(await loadTask(job.task), instance(job.instance), job.text, job.opts);
    case "verify":
      return verifyWork(await loadTask(job.task), instance(job.instance), job.answer);
    case "generate":
      return generateWork(await loadTask(job.task), job.params, job.count, job.seed);
    case "prompt":
      return promptWork(await loadTask(job.task), instance(job.instance), job.opts);
    case "combine":
      return combineWork(await loadTask(job.task), instance(job.instance), job.verdict, job.grade, job.note);
    case "open": {
      const live = LiveEpisode.open(await loadTask(job.task), instance(job.instance), job.envOptions);
      episodes.set(job.episode, live);
      return live.opened;
    }
    case "step":
      return episode(job.episode).step(job.reply, job.maxResponseBytes);
    case "legal":
      return episode(job.episode).legalActions();
    case "reference":
      return episode(job.episode).referenceAction();
    case "text":
      if (!textJobs) throw new Error("the checker was given no text jobs module");
      return textJobs(job.name, job.input);
  }
}

function send(reply: Reply): void {
  try {
    port?.postMessage(reply);
  } catch (e) {
    // A value that cannot be cloned (a task returning a function, say) is the task's failure, not the thread's.
    port?.postMessage({
      id: (reply as { id: number }).id,
      error: `its result could not be sent back: ${(e as Error).message}`,
    });
  }
}

port.on("message", async (request: Request) => {
  if ("drop" in request) {
    episodes.delete(request.drop);
    return;
  }
  if (request.forget) instances.clear();
  try {
    send({ id: request.id, value: await run(request.job) });
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    if (e instanceof InputError) {
      const input = e.field === undefined ? { reason: e.reason } : { reason: e.reason, field: e.field };
      send({ id: request.id, error, input });
    } else send({ id: request.id, error });
  }
});
send({ ready: true });
