import { z } from "zod";
import { canonicalJson, stableId } from "../core/canonical.ts";
import type { AnyTask, Instance, PromptOptions, ReportGroup } from "../core/task.ts";
import { plumbCommit, plumbVersion } from "./provenance.ts";

/**
 * What makes a run the run it is, stored when it is created. A resume must ask the same
 * questions of the same models in the same way, or its samples would mix two experiments.
 */
export interface RunSpec {
  /** Where the run was made; told apart from the rest: a fix of Plumb may resume a run. */
  plumb: { version: string; commit: string | null };
  tasks: Record<string, { version: number; instances: number; hash: string }>;
  /** Each model's endpoint, price and options (never a key), by model id. */
  models: Record<string, unknown>;
  epochs: number;
  prompt: PromptOptions;
  generation: Record<string, unknown>;
  /** Interactive episodes, with their history, step cap and environment options; null for single prompts. */
  episode: Record<string, unknown> | null;
  judge: { model: unknown; attempts: number } | null;
  /** The response cap replies are read under; null for the default. */
  maxResponseBytes: number | null;
  /** The named instance sets the tasks were run on (`--preset`), when not generated or a file. */
  preset?: string;
  /** Each task's own settings (`Task.settings`), for the tasks that have some. */
  settings?: Record<string, Record<string, unknown>>;
  /**
   * The report groups each task declares (`Task.reportGroups`), for the tasks that declare some:
   * reports read them here, without the task's code. They describe the report, not the
   * experiment, so they never stop a resume; runs made before them have none.
   */
  reportGroups?: Record<string, ReportGroup[]>;
}

/** The report groups a task declares, by task id, for the run spec (none: no entry). */
export function reportGroupsOf(tasks: readonly AnyTask[]): Record<string, ReportGroup[]> {
  return Object.fromEntries(
    tasks.flatMap((t) =>
      t.reportGroups && t.reportGroups.length > 0 ? [[t.id, t.reportGroups] as const] : [],
    ),
  );
}

const GROUP = z.object({
  title: z.string(),
  countedBy: z.string(),
  criteria: z.array(z.object({ key: z.string(), check: z.string(), label: z.string() })),
  fullyValid: z.string(),
  checkPrefix: z.string(),
  readLabel: z.string(),
  wellFormed: z.string(),
});
const GROUPS = z.record(z.string(), z.array(GROUP));

/**
 * The report groups a stored run spec records, by task id: empty for a run made before runs
 * stored them (or with a spec this Plumb cannot read), whose reports then have no group tables.
 */
export function storedReportGroups(spec: unknown): Record<string, ReportGroup[]> {
  if (typeof spec !== "object" || spec === null) return {};
  return GROUPS.safeParse((spec as { reportGroups?: unknown }).reportGroups).data ?? {};
}

/** The content hash of an instance: two instances with the same id but other data differ. */
export function instanceHash(instance: Instance): string {
  return stableId(instance);
}

/** One task's part of the spec: its version, and a hash of its instances in order. */
export function taskEntry(task: AnyTask, hashes: readonly string[]): RunSpec["tasks"][string] {
  return { version: task.version, instances: hashes.length, hash: stableId(hashes) };
}

export function provenance(): RunSpec["plumb"] {
  return { version: plumbVersion(), commit: plumbCommit() };
}

/**
 * The differences that forbid a resume, one line each ("epochs: 1 → 2"); empty when the run may
 * resume. Plumb's own version and commit are not among them.
 */
export function specChanges(stored: unknown, wanted: RunSpec): string[] {
  if (!isSpec(stored)) return ["the run was made by an older Plumb, which recorded no run spec"];
  const changes: string[] = [];
  const { plumb: _a, reportGroups: _c, ...before } = stored;
  const { plumb: _b, reportGroups: _d, ...after } = wanted;
  diff(before, after, "", changes);
  return changes;
}

/** Plumb's version or commit when they differ from the run's (shown, never refused). */
export function provenanceChange(stored: unknown, wanted: RunSpec): string | null {
  if (!isSpec(stored)) return null;
  const was = stored.plumb;
  const now = wanted.plumb;
  if (was.version === now.version && was.commit === now.commit) return null;
  return `the run was started with Plumb ${describe(was)}; this is Plumb ${describe(now)}`;
}

function describe(p: RunSpec["plumb"]): string {
  return p.commit ? `${p.version} (${p.commit.slice(0, 12)})` : p.version;
}

function isSpec(value: unknown): value is RunSpec {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.plumb === "object" && v.plumb !== null && typeof v.tasks === "object" && v.tasks !== null;
}

const MAX_SHOWN = 40;

function diff(a: unknown, b: unknown, path: string, out: string[]): void {
  if (out.length >= MAX_SHOWN) return;
  if (isRecord(a) && isRecord(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) diff(a[k], b[k], path ? `${path}.${k}` : k, out);
    return;
  }
  const was = canonicalJson(a ?? null);
  const now = canonicalJson(b ?? null);
  if (was !== now)
    out.push(
      `${path}: ${short(a === undefined ? "(none)" : was)} → ${short(b === undefined ? "(none)" : now)}`,
    );
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function short(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
