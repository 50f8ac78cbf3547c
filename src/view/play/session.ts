import { z } from "zod";
import { InputError } from "../../core/errors.ts";
import { generateInstances, presetInstances, resolveParams } from "../../core/instances.ts";
import { HUMAN_MODEL, type Model } from "../../core/model.ts";
import type { AnyTask, Instance } from "../../core/task.ts";
import { historyOf } from "../../eval/history.ts";
import { sampleKey } from "../../eval/plan.ts";
import { instanceHash, provenance, type RunSpec, reportGroupsOf, taskEntry } from "../../eval/spec.ts";
import type { Store } from "../../store/store.ts";
import type { SampleRecord } from "../../store/types.ts";
import { NotFound } from "../errors.ts";
import {
  type PlayMode,
  playModeSchema,
  type SessionBody,
  type SessionJson,
  sessionBody,
} from "../play-api.ts";
import { playableTask } from "./tasks.ts";

/** The human model, for the runner's sample helpers: it is never called (a person answers in the page). */
export const humanModel: Model = {
  id: HUMAN_MODEL,
  provider: HUMAN_MODEL,
  local: true,
  spec: { provider: HUMAN_MODEL },
  generate: () => Promise.reject(new Error("a person answers in the browser")),
};

/** The seed `plumb run` generates with by default, so a human run pairs with model runs made with defaults. */
const DEFAULT_SEED = "0";

/** What a human run's spec records beyond a run's own: how it is played, in which order. */
const playSpec = z.object({
  task: z.string(),
  mode: playModeSchema,
  player: z.string().nullable(),
  retries: z.number().int().min(0),
  /** The instances' content hashes, in the order they are played. */
  order: z.array(z.string()),
});
export type PlaySpec = z.infer<typeof playSpec>;

/** A human run opened for play: its task, how it is played, and its instances in order. */
export interface Session {
  run: string;
  task: AnyTask;
  mode: PlayMode;
  play: PlaySpec;
  instances: { hash: string; instance: Instance }[];
}

function defaultRunName(task: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "");
  return `${HUMAN_MODEL}-${task.replace(/[^\w.-]+/g, "_")}-${stamp}`;
}

/** The sample key of an instance of a session, as `plumb run` makes keys. */
export function keyOf(session: Session, hash: string): string {
  return sampleKey(session.task.id, hash, HUMAN_MODEL, 0, session.mode === "episode", {}, {});
}

/** Creates a human run (or, given the name of one, resumes it). */
export async function openSession(store: Store, raw: SessionBody): Promise<Session> {
  const body = sessionBody.parse(raw);
  if (body.run !== undefined && store.getRun(body.run)) return loadSession(store, body.run);
  if (body.task === undefined) throw new InputError("name a task to play", { field: "task" });
  const found = await playableTask(body.task);
  if (!found) throw new NotFound(`no playable task "${body.task}"`);
  const { task, mode } = found;
  let instances: Instance[];
  if (body.preset !== undefined) {
    if (body.level !== undefined)
      throw new InputError("a preset is a fixed set: it takes no level", { field: "level" });
    instances = presetInstances(task, body.preset).slice(0, body.count);
  } else {
    instances = generateInstances(
      task,
      resolveParams(task, body.level),
      body.count,
      body.seed ?? DEFAULT_SEED,
    );
  }
  const hashes = instances.map(instanceHash);
  const episode = mode === "episode";
  const settings = task.settings ? { [task.id]: task.settings() } : undefined;
  const spec: RunSpec & { play: PlaySpec } = {
    plumb: provenance(),
    tasks: { [task.id]: taskEntry(task, hashes) },
    models: { [HUMAN_MODEL]: { provider: HUMAN_MODEL, player: body.player ?? null } },
    epochs: 1,
    prompt: {},
    generation: {},
    episode: episode
      ? { history: { [task.id]: historyOf(task, undefined) }, maxSteps: null, envOptions: {} }
      : null,
    judge: null,
    maxResponseBytes: null,
    ...(body.preset !== undefined ? { preset: body.preset } : {}),
    ...(settings ? { settings } : {}),
    reportGroups: reportGroupsOf([task]),
    play: { task: task.id, mode, player: body.player ?? null, retries: body.retries, order: hashes },
  };
  let name = body.run ?? defaultRunName(task.id);
  // Two sessions started within a second get names of their own.
  for (let n = 2; body.run === undefined && store.getRun(name); n++) name = `${defaultRunName(task.id)}-${n}`;
  const { resumed } = store.openRun(name, spec);
  if (resumed) throw new InputError(`run "${name}" already exists`, { field: "run" });
  store.saveInstances(
    name,
    instances.map((instance, i) => ({ hash: hashes[i] as string, instance })),
  );
  // Not "running": no process holds a lease on a play run, so it would read as interrupted.
  store.setRunStatus(name, "stopped");
  return {
    run: name,
    task,
    mode,
    play: spec.play,
    instances: instances.map((instance, i) => ({ hash: hashes[i] as string, instance })),
  };
}

/** The human run of that name, for play; NotFound when there is none or it is not a play run. */
export async function loadSession(store: Store, run: string): Promise<Session> {
  const record = store.getRun(run);
  if (!record) throw new NotFound(`no run "${run}"`);
  const parsed = playSpec.safeParse((record.config as { play?: unknown } | null)?.play);
  if (!parsed.success) throw new NotFound(`run "${run}" is not a play run`);
  const play = parsed.data;
  const found = await playableTask(play.task);
  if (!found) throw new NotFound(`no playable task "${play.task}"`);
  const kept = store.instances(run);
  const instances = play.order.flatMap((hash) => {
    const instance = kept.get(hash);
    return instance ? [{ hash, instance }] : [];
  });
  return { run, task: found.task, mode: play.mode, play, instances };
}

/** Readable submissions of a sample: every attempt but the unreadable ones. */
export function readableTries(sample: SampleRecord): number {
  return sample.attempts.filter((a) => !a.error?.startsWith(UNREADABLE)).length;
}

/** How an unreadable submission's attempt is marked (its error is the parser's feedback after it). */
export const UNREADABLE = "unreadable: ";
/** A sample's finish reason when the player gave up on the instance. */
export const GAVE_UP = "gave-up";

/** Done: passed, given up, an episode ended, or no tries left. */
export function isDone(session: Session, sample: SampleRecord | undefined): boolean {
  if (!sample) return false;
  if (sample.passed === true || sample.finishReason === GAVE_UP || session.mode === "episode") return true;
  return readableTries(sample) > session.play.retries;
}

/** The session's samples by key. */
export function samplesOf(store: Store, session: Session): Map<string, SampleRecord> {
  return new Map(store.samples(session.run, { model: HUMAN_MODEL }).map((s) => [s.key, s]));
}

/** The session as the page shows it; marks the run done once every instance is. */
export function sessionJson(store: Store, session: Session): SessionJson {
  const samples = samplesOf(store, session);
  const instances = session.instances.map(({ hash, instance }) => {
    const sample = samples.get(keyOf(session, hash));
    return {
      hash,
      id: instance.id,
      level: session.task.level?.(instance) ?? null,
      done: isDone(session, sample),
      passed: sample?.passed ?? null,
      attempts: sample?.attempts.length ?? 0,
    };
  });
  const done = instances.filter((i) => i.done).length;
  return {
    run: session.run,
    task: session.task.id,
    mode: session.mode,
    player: session.play.player,
    retries: session.play.retries,
    instances,
    next: instances.find((i) => !i.done)?.hash ?? null,
    done,
    passed: instances.filter((i) => i.passed === true).length,
  };
}

/** Marks the run done once every instance is (a report then reads it as complete). */
export function settleRunStatus(store: Store, session: Session): void {
  const state = sessionJson(store, session);
  store.setRunStatus(session.run, state.done === state.instances.length ? "done" : "stopped");
}
