import { loadTask, type PaperTable, paperTableFor, taskInfos } from "../core/registry.ts";
import type { ReportGroup } from "../core/task.ts";
import type { Store } from "../store/store.ts";
import { reportGroupsOf, storedReportGroups } from "./spec.ts";

/**
 * What a report of a stored run needs besides its samples, as `plumb report` and the viewer read it:
 * the report groups of its tasks and its paper table.
 */

/**
 * The report groups of a run: as stored with it, or, for a run stored before runs kept them, as its
 * tasks declare them now.
 */
export async function runReportGroups(store: Store, run: string): Promise<Record<string, ReportGroup[]>> {
  const config = store.getRun(run)?.config;
  if (typeof config === "object" && config !== null && "reportGroups" in config)
    return storedReportGroups(config);
  const tasks = new Set(store.sampleFacets(run).map((f) => f.task));
  const known = taskInfos().filter((i) => tasks.has(i.id));
  return reportGroupsOf(await Promise.all(known.map((i) => loadTask(i.id))));
}

/** The preset a run spec was made on, if any. */
export function runPreset(spec: unknown): string | null {
  const preset =
    typeof spec === "object" && spec !== null ? (spec as { preset?: unknown }).preset : undefined;
  return typeof preset === "string" ? preset : null;
}

/** The paper layout of a run made on a preset of one suite whose paper has a table. */
export function runPaperTable(spec: unknown, suites: Iterable<string>): PaperTable | undefined {
  const preset = runPreset(spec);
  const distinct = new Set(suites);
  const [suite] = distinct;
  if (preset === null || distinct.size !== 1 || suite === undefined) return undefined;
  return paperTableFor(suite, preset);
}
