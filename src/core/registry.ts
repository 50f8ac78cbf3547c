import { InputError } from "./errors.ts";
import type { AnyTask, Task } from "./task.ts";
import type { Verdict } from "./verdict.ts";

const tasks = new Map<string, AnyTask>();

export function registerTask<P, D, A, C extends Verdict | Promise<Verdict>>(task: Task<P, D, A, C>): void {
  if (tasks.has(task.id)) throw new Error(`task ${task.id} registered twice`);
  // Sound at run time: every entry point validates params, data and answers with the task's own schemas.
  tasks.set(task.id, task as unknown as AnyTask);
}

export function getTask(id: string): AnyTask {
  const task = tasks.get(id);
  if (!task) {
    const known = [...tasks.keys()].sort().join(", ") || "none";
    throw new InputError(`unknown task "${id}" (known: ${known})`);
  }
  return task;
}

export function listTasks(suite?: string): AnyTask[] {
  return [...tasks.values()]
    .filter((t) => suite === undefined || t.suite === suite)
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Tasks named by an id, a suite name, or a glob with `*` (e.g. "scbench/*"). */
export function matchTasks(pattern: string): AnyTask[] {
  if (tasks.has(pattern)) return [getTask(pattern)];
  const bySuite = listTasks(pattern);
  if (bySuite.length > 0) return bySuite;
  const re = new RegExp(`^${pattern.split("*").map(escapeRegExp).join(".*")}$`);
  const hits = listTasks().filter((t) => re.test(t.id));
  if (hits.length === 0) throw new InputError(`no task matches "${pattern}"`);
  return hits;
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
