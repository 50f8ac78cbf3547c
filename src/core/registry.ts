import { InputError } from "./errors.ts";
import type { AnyTask, Task } from "./task.ts";
import type { Verdict } from "./verdict.ts";

/**
 * What is known of a task before its code is loaded: enough to list it and to find it. Each task
 * folder states it in `info.ts` (a module with no imports), so `plumb list` and `--help` never load
 * a task's code, its dependencies or its WebAssembly kernels.
 */
export interface TaskInfo {
  /** "sparc", "scbench/hamiltonian-loop", "chain/stacking", … */
  id: string;
  suite: string;
  description: string;
  tags: string[];
  /** The names of the task's parameter levels. */
  levels: string[];
  /** The task's fixed instance sets: what each is and how many instances it holds. */
  presets?: Record<string, { description: string; count: number }>;
}

interface Entry {
  info: TaskInfo;
  load: () => Promise<AnyTask>;
  task?: AnyTask;
}

const entries = new Map<string, Entry>();

/** The fields of a task that its info states, for a task definition to spread. */
export function infoFields(
  info: Pick<TaskInfo, "id" | "suite" | "description" | "tags">,
): Pick<AnyTask, "id" | "suite" | "description" | "tags"> {
  return { id: info.id, suite: info.suite, description: info.description, tags: info.tags };
}

/** Registers a task whose code is imported on first use. */
export function registerLazyTask(info: TaskInfo, load: () => Promise<AnyTask>): void {
  if (entries.has(info.id)) throw new Error(`task ${info.id} registered twice`);
  entries.set(info.id, { info, load });
}

/** Registers a task already in memory (tests, programs that define their own tasks). */
export function registerTask<P, D, A, C extends Verdict | Promise<Verdict>>(task: Task<P, D, A, C>): void {
  // Sound at run time: every entry point validates params, data and answers with the task's own schemas.
  const t = task as unknown as AnyTask;
  registerLazyTask(infoOf(t), async () => t);
  const entry = entries.get(t.id);
  if (entry) entry.task = t;
}

/** Forgets a registered task (a program replacing one of its own, a test cleaning up); false when there was none. */
export function unregisterTask(id: string): boolean {
  return entries.delete(id);
}

function infoOf(t: AnyTask): TaskInfo {
  const presets = Object.entries(t.presets ?? {});
  return {
    ...infoFields(t),
    levels: Object.keys(t.levels),
    ...(presets.length > 0 && {
      presets: Object.fromEntries(
        presets.map(([name, p]) => [name, { description: p.description, count: p.instances().length }]),
      ),
    }),
  };
}

function entryOf(id: string): Entry {
  const entry = entries.get(id);
  if (!entry) {
    const known = [...entries.keys()].sort().join(", ") || "none";
    throw new InputError(`unknown task "${id}" (known: ${known})`);
  }
  return entry;
}

/** The task's code, imported on first use; its info must describe it. */
export async function loadTask(id: string): Promise<AnyTask> {
  const entry = entryOf(id);
  if (!entry.task) {
    const task = await entry.load();
    const drift = infoDrift(entry.info, task);
    if (drift) throw new Error(`task ${id}: its info.ts does not describe it (${drift})`);
    entry.task = task;
  }
  return entry.task;
}

function infoDrift(info: TaskInfo, task: AnyTask): string | undefined {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (task.id !== info.id) return `id ${task.id}`;
  if (task.suite !== info.suite) return `suite ${task.suite}`;
  if (task.description !== info.description) return "description";
  if (!same(task.tags, info.tags)) return "tags";
  if (!same(Object.keys(task.levels), info.levels)) return "levels";
  const presets = Object.entries(task.presets ?? {}).map(([name, p]) => [name, p.description]);
  const stated = Object.entries(info.presets ?? {}).map(([name, p]) => [name, p.description]);
  if (!same(presets, stated)) return "presets";
  return undefined;
}

/** A loaded task (after `loadTask` or `loadTasks`); unknown ids are an InputError. */
export function getTask(id: string): AnyTask {
  const entry = entryOf(id);
  if (!entry.task) throw new Error(`task ${id} is registered but not loaded: await loadTask("${id}") first`);
  return entry.task;
}

/** Every registered task's info, sorted by id; `suite` keeps one suite's. */
export function taskInfos(suite?: string): TaskInfo[] {
  return [...entries.values()]
    .map((e) => e.info)
    .filter((i) => suite === undefined || i.suite === suite)
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Ids of the tasks named by an id, a suite name, a glob with `*` (e.g. "scbench/*"), `tag:NAME` (the
 * tasks with that tag, e.g. SCBench's buckets: `tag:axiomatic`), or a comma-separated list of these.
 */
export function matchTaskIds(pattern: string): string[] {
  if (pattern.includes(",")) {
    const ids = new Set(pattern.split(",").flatMap((p) => matchTaskIds(p.trim())));
    return [...ids].sort();
  }
  if (pattern.startsWith("tag:")) {
    const tag = pattern.slice(4);
    const tagged = taskInfos().filter((i) => i.tags.includes(tag));
    if (tagged.length === 0) throw new InputError(`no task has the tag "${tag}"`);
    return tagged.map((i) => i.id);
  }
  if (entries.has(pattern)) return [pattern];
  const bySuite = taskInfos(pattern);
  if (bySuite.length > 0) return bySuite.map((i) => i.id);
  const re = new RegExp(`^${pattern.split("*").map(escapeRegExp).join(".*")}$`);
  const hits = taskInfos().filter((i) => re.test(i.id));
  if (hits.length === 0) throw new InputError(`no task matches "${pattern}"`);
  return hits.map((i) => i.id);
}

/** The tasks `matchTaskIds` names, loaded, sorted by id. */
export async function loadTasks(pattern: string): Promise<AnyTask[]> {
  const tasks: AnyTask[] = [];
  for (const id of matchTaskIds(pattern)) tasks.push(await loadTask(id));
  return tasks;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * How a paper laid out its results table: buckets in order, each with its tasks in order under the
 * paper's names. Reports print a run on `preset` in this layout.
 */
export interface PaperTable {
  suite: string;
  preset: string;
  title: string;
  buckets: { name: string; tasks: { id: string; name: string }[] }[];
}

const paperTables: PaperTable[] = [];

export function registerPaperTable(table: PaperTable): void {
  paperTables.push(table);
}

/** The layout for runs of a suite on a preset, if its paper has one. */
export function paperTableFor(suite: string, preset: string): PaperTable | undefined {
  return paperTables.find((t) => t.suite === suite && t.preset === preset);
}
