import type { PaperTable } from "../core/registry.ts";
import type { ReportSample } from "../store/types.ts";
import { csvField, markdownTable } from "./format.ts";

/** One model's figure on a row: mean score in percent, and this run minus the baseline run. */
export interface PaperCell {
  percent: number | null;
  delta: number | null;
}

export interface PaperRow {
  /** A heading row (a bucket's name above its tasks) has no figures. */
  kind: "heading" | "bucket" | "task" | "subtotal" | "overall";
  name: string;
  subtasks: number;
  cells: Record<string, PaperCell>;
}

export interface PaperReport {
  title: string;
  models: string[];
  hasBaseline: boolean;
  /** Table 1: a row per bucket, then overall. */
  buckets: PaperRow[];
  /** Table A.1: each bucket's tasks and subtotal, then overall. */
  tasks: PaperRow[];
}

/** Score sums per model over a set of subtasks: a subtask's score is its mean over epochs, errors 0. */
interface Tally {
  subtasks: number;
  sums: Map<string, number>;
}

function tallyOf(samples: readonly ReportSample[], taskIds: ReadonlySet<string>): Tally {
  const perSubtask = new Map<string, { model: string; total: number; n: number }>();
  const instances = new Set<string>();
  for (const s of samples) {
    if (!taskIds.has(s.task)) continue;
    instances.add(`${s.task}\u0000${s.instance}`);
    const key = `${s.model}\u0000${s.task}\u0000${s.instance}`;
    const entry = perSubtask.get(key) ?? { model: s.model, total: 0, n: 0 };
    entry.total += s.score ?? 0;
    entry.n++;
    perSubtask.set(key, entry);
  }
  const sums = new Map<string, number>();
  for (const { model, total, n } of perSubtask.values()) sums.set(model, (sums.get(model) ?? 0) + total / n);
  return { subtasks: instances.size, sums };
}

function percentOf(t: Tally, model: string): number | null {
  return t.subtasks === 0 ? null : (100 * (t.sums.get(model) ?? 0)) / t.subtasks;
}

function row(
  kind: PaperRow["kind"],
  name: string,
  ids: ReadonlySet<string>,
  models: readonly string[],
  samples: readonly ReportSample[],
  baseline: readonly ReportSample[] | undefined,
): PaperRow {
  const here = tallyOf(samples, ids);
  const there = baseline && tallyOf(baseline, ids);
  const cells: Record<string, PaperCell> = {};
  for (const model of models) {
    const percent = percentOf(here, model);
    const before = there?.sums.has(model) ? percentOf(there, model) : null;
    cells[model] = { percent, delta: percent !== null && before !== null ? percent - before : null };
  }
  return { kind, name, subtasks: here.subtasks, cells };
}

/**
 * A run in its paper's layout: mean score per subtask (a failed call or unreadable answer scores
 * 0), summed over the subtasks of a row and divided by their number, as the paper's subtotals
 * are. With a baseline run, each cell also gets this run minus the baseline, in points.
 */
export function buildPaperReport(
  table: PaperTable,
  samples: readonly ReportSample[],
  baseline?: readonly ReportSample[],
): PaperReport {
  const models = [...new Set(samples.map((s) => s.model))].sort();
  const all = new Set(table.buckets.flatMap((b) => b.tasks.map((t) => t.id)));
  const buckets: PaperRow[] = [];
  const tasks: PaperRow[] = [];
  for (const bucket of table.buckets) {
    const ids = new Set(bucket.tasks.map((t) => t.id));
    buckets.push(row("bucket", bucket.name, ids, models, samples, baseline));
    tasks.push({ kind: "heading", name: bucket.name, subtasks: 0, cells: {} });
    for (const task of bucket.tasks)
      tasks.push(row("task", task.name, new Set([task.id]), models, samples, baseline));
    tasks.push(row("subtotal", `${bucket.name} subtotal`, ids, models, samples, baseline));
  }
  const overall = row("overall", "Overall", all, models, samples, baseline);
  return {
    title: table.title,
    models,
    hasBaseline: baseline !== undefined,
    buckets: [...buckets, overall],
    tasks: [...tasks, overall],
  };
}

const one = (x: number | null) => (x === null ? "–" : x.toFixed(1));
const signed = (x: number | null) => (x === null ? "–" : `${x > 0 ? "+" : ""}${x.toFixed(1)}`);

function header(r: PaperReport, first: string): string[] {
  return [first, "Subtasks", ...r.models.flatMap((m) => (r.hasBaseline ? [m, "Δ"] : [m]))];
}

function cellsOf(r: PaperReport, row: PaperRow): string[] {
  if (row.kind === "heading") return r.models.flatMap(() => (r.hasBaseline ? ["", ""] : [""]));
  return r.models.flatMap((m) => {
    const c = row.cells[m];
    return r.hasBaseline ? [one(c?.percent ?? null), signed(c?.delta ?? null)] : [one(c?.percent ?? null)];
  });
}

function table(r: PaperReport, rows: PaperRow[], first: string): string {
  const [head, ...body] = lines(r, rows, first);
  const h = head as string[];
  return markdownTable(
    h,
    h.map((_, i) => (i === 0 ? "l" : "r")),
    body,
  );
}

function lines(r: PaperReport, rows: PaperRow[], first: string): string[][] {
  return [
    header(r, first),
    ...rows.map((row) => {
      const heading = row.kind === "heading";
      const name = row.kind === "task" || row.kind === "bucket" ? row.name : `**${row.name}**`;
      return [name, heading ? "" : String(row.subtasks), ...cellsOf(r, row)];
    }),
  ];
}

export function formatPaperReport(r: PaperReport, format: "md" | "json" | "csv"): string {
  if (format === "json") return JSON.stringify(r, null, 2);
  if (format === "csv") {
    const rows = [
      ["table", ...header(r, "row")],
      ...lines(r, r.tasks, "row")
        .slice(1)
        .map((l) => ["A.1", ...l]),
    ];
    return rows.map((l) => l.map((x) => csvField(x.replace(/\*\*/g, ""))).join(",")).join("\n");
  }
  const delta = r.hasBaseline ? "; Δ: this run minus the baseline run, in points" : "";
  return [
    `## ${r.title}, Table 1 layout: mean score per bucket (%)${delta}`,
    "",
    table(r, r.buckets, "Bucket"),
    "",
    `## ${r.title}, Table A.1 layout: mean score per task (%)`,
    "",
    table(r, r.tasks, "Task"),
  ].join("\n");
}
