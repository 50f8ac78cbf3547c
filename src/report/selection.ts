import { InputError } from "../core/errors.ts";
import type { PickRecord, ReportSample } from "../store/types.ts";
import { csvText, DASH, figureTable } from "./format.ts";

/** How a row picks among a problem's first k samples. */
export type StrategyKind = "avg" | "pass" | "judge";

/** Judge rows: problems scored by their first sample because the judge's pick could not be used. */
export interface PickFallbacks {
  /** No pick at this k for the problem. */
  missing: number;
  /** A pick whose replies read as no choice (`picked` null). */
  unreadable: number;
  /** A pick naming a sample that is not among the problem's first k. */
  unmatched: number;
}

export interface SelectionRow {
  /** "Avg@4", "Pass@1", "Judge Best-of-4 (openai:gpt-5.2)". */
  strategy: string;
  kind: StrategyKind;
  /** Pass@j: the j. */
  j: number | null;
  /** Judge rows: the judge model's id. */
  judge: string | null;
  /** Share (0–1) per task id; null when the model has no problem of the task in the table. */
  tasks: Record<string, number | null>;
  /** The unweighted mean of the task columns that have a value (CHAIN's All); null when none has. */
  all: number | null;
  /** All minus Avg@k's All, in percentage points. */
  delta: number | null;
  /** Judge rows only. */
  fallbacks: PickFallbacks | null;
}

/** One model's table (CHAIN's Table 4 layout). */
export interface SelectionTable {
  model: string;
  /** Null when no problem of the model has two or more samples (then there are no rows). */
  k: number | null;
  /** Problems in the table, per task id. */
  problems: Record<string, number>;
  /** Problems left out: fewer than k samples. */
  excluded: number;
  rows: SelectionRow[];
  /** Why the table is empty, when it is. */
  note: string | null;
}

/** CHAIN Table 4: selection strategies among k samples per problem. */
export interface SelectionReport {
  runs: string[];
  samples: number;
  /** The column tasks: every task of the samples, in id order. */
  tasks: string[];
  /** By model id. */
  tables: SelectionTable[];
}

export interface SelectionOptions {
  /** The k of every model's table; default per model, see buildSelectionReport. */
  k?: number;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Samples in epoch order (ties, from merged runs, by run then key). */
function byEpoch(a: ReportSample, b: ReportSample): number {
  return a.epoch - b.epoch || compareText(a.run, b.run) || compareText(a.key, b.key);
}

const passed = (s: ReportSample) => (s.passed === true ? 1 : 0);

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** The js of the Pass@j rows: 1, 2, 4, … below k, then k. */
export function passJs(k: number): number[] {
  const js: number[] = [];
  for (let j = 1; j < k; j *= 2) js.push(j);
  js.push(k);
  return js;
}

interface Problem {
  task: string;
  instance: string;
  /** Every sample, in epoch order. */
  samples: ReportSample[];
}

/** The newest pick of each (judge, task, instance) at this model and k. */
function picksOf(
  picks: readonly PickRecord[],
  model: string,
  k: number,
): Map<string, Map<string, PickRecord>> {
  const byJudge = new Map<string, Map<string, PickRecord>>();
  for (const p of picks) {
    if (p.model !== model || p.k !== k) continue;
    const mine = byJudge.get(p.judge) ?? new Map<string, PickRecord>();
    byJudge.set(p.judge, mine);
    const key = `${p.task}\u0000${p.instance}`;
    const before = mine.get(key);
    if (before === undefined || before.createdAt <= p.createdAt) mine.set(key, p);
  }
  return byJudge;
}

/** A row from a per-problem score (0 or 1), averaged per task, then over the tasks. */
function rowOf(
  head: Pick<SelectionRow, "strategy" | "kind" | "j" | "judge" | "fallbacks">,
  tasks: readonly string[],
  problems: readonly Problem[],
  score: (p: Problem) => number,
): SelectionRow {
  const cells: Record<string, number | null> = {};
  for (const task of tasks) cells[task] = mean(problems.filter((p) => p.task === task).map(score));
  const all = mean(Object.values(cells).filter((v): v is number => v !== null));
  return { ...head, tasks: cells, all, delta: null };
}

function tableOf(
  model: string,
  tasks: readonly string[],
  mine: readonly ReportSample[],
  picks: readonly PickRecord[],
  forcedK: number | undefined,
): SelectionTable {
  const byProblem = new Map<string, Problem>();
  for (const s of mine) {
    const key = `${s.task}\u0000${s.instance}`;
    const p = byProblem.get(key) ?? { task: s.task, instance: s.instance, samples: [] };
    byProblem.set(key, p);
    p.samples.push(s);
  }
  for (const p of byProblem.values()) p.samples.sort(byEpoch);
  const all = [...byProblem.values()];
  const counts = all.map((p) => p.samples.length).filter((n) => n >= 2);
  const k = forcedK ?? (counts.length === 0 ? null : Math.min(...counts));
  if (k === null)
    return {
      model,
      k: null,
      problems: {},
      excluded: all.length,
      rows: [],
      note: "no problem has two or more samples, so there is nothing to select among",
    };
  const problems = all.filter((p) => p.samples.length >= k);
  const perTask: Record<string, number> = {};
  for (const task of tasks) perTask[task] = problems.filter((p) => p.task === task).length;
  const table: SelectionTable = {
    model,
    k,
    problems: perTask,
    excluded: all.length - problems.length,
    rows: [],
    note: problems.length === 0 ? `no problem has ${k} samples` : null,
  };
  if (problems.length === 0) return table;

  const first = (p: Problem, j: number) => p.samples.slice(0, j);
  const none = { j: null, judge: null, fallbacks: null };
  const rows: SelectionRow[] = [
    rowOf({ strategy: `Avg@${k}`, kind: "avg", ...none }, tasks, problems, (p) => {
      const list = first(p, k);
      return list.reduce((sum, s) => sum + passed(s), 0) / list.length;
    }),
    ...passJs(k).map((j) =>
      rowOf({ strategy: `Pass@${j}`, kind: "pass", ...none, j }, tasks, problems, (p) =>
        first(p, j).some((s) => s.passed === true) ? 1 : 0,
      ),
    ),
  ];
  const byJudge = picksOf(picks, model, k);
  for (const judge of [...byJudge.keys()].sort(compareText)) {
    const chosen = byJudge.get(judge) as Map<string, PickRecord>;
    const fallbacks: PickFallbacks = { missing: 0, unreadable: 0, unmatched: 0 };
    // Each problem's pass is settled here once, so the fallbacks are counted once.
    const scores = new Map<Problem, number>();
    for (const p of problems) {
      const candidates = first(p, k);
      const pick = chosen.get(`${p.task}\u0000${p.instance}`);
      let sample: ReportSample | undefined;
      if (pick === undefined) fallbacks.missing++;
      else if (pick.picked === null) fallbacks.unreadable++;
      else {
        sample = candidates.find((s) => s.key === pick.picked && s.run === pick.run);
        if (sample === undefined) fallbacks.unmatched++;
      }
      scores.set(p, passed(sample ?? (candidates[0] as ReportSample)));
    }
    rows.push(
      rowOf(
        { strategy: `Judge Best-of-${k} (${judge})`, kind: "judge", j: null, judge, fallbacks },
        tasks,
        problems,
        (p) => scores.get(p) ?? 0,
      ),
    );
  }
  const base = rows[0]?.all ?? null;
  for (const row of rows) row.delta = row.all === null || base === null ? null : (row.all - base) * 100;
  table.rows = rows;
  return table;
}

/**
 * CHAIN's selection strategies (Table 4) per model, over the first k samples (epoch order) of
 * each (task, instance):
 * - `Avg@k`: the mean pass of those k samples, averaged over problems.
 * - `Pass@j` (j = 1, 2, 4, … and k): the share of problems where one of the first j samples
 *   passed. This is CHAIN's Pass@j, read off the samples in order (Pass@1 is the first sample's
 *   success), not the unbiased estimator of Chen et al. that `plumb report` gives as pass@k.
 * - `Judge Best-of-k (<judge>)`: the pass of the sample each judge picked (`plumb analyse
 *   selection`, picks at this k); a problem with no usable pick counts its first sample, and the
 *   row counts those fallbacks.
 *
 * Columns are the tasks of the samples (id order) and All, the unweighted mean of the task
 * columns (CHAIN's All is the mean of its Puzzle and Stacking columns). A failed call or an
 * unreadable answer has not passed. k is `opts.k`, else per model the fewest samples of any of its
 * problems with two or more; problems with fewer than k samples are left out and counted.
 */
export function buildSelectionReport(
  samples: readonly ReportSample[],
  picks: readonly PickRecord[],
  opts: SelectionOptions = {},
): SelectionReport {
  if (opts.k !== undefined && (!Number.isInteger(opts.k) || opts.k < 1))
    throw new InputError(`k must be a positive integer, got ${opts.k}`, { field: "k" });
  const tasks = [...new Set(samples.map((s) => s.task))].sort(compareText);
  const byModel = new Map<string, ReportSample[]>();
  for (const s of samples) {
    const list = byModel.get(s.model) ?? [];
    byModel.set(s.model, list);
    list.push(s);
  }
  return {
    runs: [...new Set(samples.map((s) => s.run))].sort(compareText),
    samples: samples.length,
    tasks,
    tables: [...byModel.keys()]
      .sort(compareText)
      .map((model) => tableOf(model, tasks, byModel.get(model) ?? [], picks, opts.k)),
  };
}

const percent = (x: number | null) => (x === null ? DASH : (x * 100).toFixed(1));
/** Points with their sign, as printed: +4.2, −20.8, ±0.0. */
function signed(x: number | null): string {
  if (x === null) return DASH;
  const text = Math.abs(x).toFixed(1);
  return `${Number(text) === 0 ? "±" : x > 0 ? "+" : "−"}${text}`;
}

const problemsText = (n: number) => `${n} ${n === 1 ? "problem" : "problems"}`;

function fallbackText(f: PickFallbacks): string | null {
  const parts: string[] = [];
  if (f.missing > 0) parts.push(`${f.missing} without a pick`);
  if (f.unreadable > 0) parts.push(`${f.unreadable} with an unreadable pick`);
  if (f.unmatched > 0) parts.push(`${f.unmatched} whose pick is not among the first k samples`);
  return parts.length === 0 ? null : parts.join(", ");
}

function markdown(r: SelectionReport): string {
  const parts = [`# Selection strategies\n\nRuns: ${r.runs.join(", ") || DASH} · ${r.samples} samples`];
  if (r.tables.length === 0) parts.push("No samples.");
  for (const t of r.tables) {
    parts.push(`## ${t.model}${t.k === null ? "" : ` (k = ${t.k})`}`);
    if (t.note !== null) parts.push(`No table: ${t.note}.`);
    if (t.rows.length > 0) {
      const header = ["Strategy", ...r.tasks.map((task) => `${task} (%)`), "All (%)", `Δ vs Avg@${t.k}`];
      const rows = t.rows.map((row) => [
        row.strategy,
        ...r.tasks.map((task) => percent(row.tasks[task] ?? null)),
        percent(row.all),
        signed(row.delta),
      ]);
      parts.push(figureTable(header, rows));
    }
    const notes: string[] = [];
    if (t.k !== null && t.rows.length > 0)
      notes.push(`Problems: ${r.tasks.map((task) => `${task} ${t.problems[task] ?? 0}`).join(", ")}.`);
    if (t.excluded > 0)
      notes.push(
        t.k === null
          ? `${problemsText(t.excluded)} with a single sample.`
          : `${problemsText(t.excluded)} with fewer than ${t.k} samples left out.`,
      );
    for (const row of t.rows) {
      const text = row.fallbacks && fallbackText(row.fallbacks);
      if (text) notes.push(`${row.strategy}: first sample used for ${text}.`);
    }
    if (notes.length > 0) parts.push(notes.join(" "));
  }
  parts.push(
    "Pass@j: a problem counts when one of its first j samples (epoch order) passed. " +
      "All: the mean of the task columns. Δ: All minus Avg@k's All, in points.",
  );
  return `${parts.join("\n\n")}\n`;
}

function csv(r: SelectionReport): string {
  const header = [
    "model",
    "k",
    "strategy",
    "kind",
    "j",
    "judge",
    ...r.tasks,
    "all",
    "delta_points",
    "problems",
    "excluded",
    "fallback_missing",
    "fallback_unreadable",
    "fallback_unmatched",
  ];
  const rows = r.tables.flatMap((t) =>
    t.rows.map((row) => [
      t.model,
      t.k,
      row.strategy,
      row.kind,
      row.j,
      row.judge,
      ...r.tasks.map((task) => row.tasks[task] ?? null),
      row.all,
      row.delta,
      Object.values(t.problems).reduce((a, b) => a + b, 0),
      t.excluded,
      row.fallbacks?.missing ?? null,
      row.fallbacks?.unreadable ?? null,
      row.fallbacks?.unmatched ?? null,
    ]),
  );
  return csvText([header, ...rows]);
}

export function formatSelectionReport(r: SelectionReport, format: "md" | "json" | "csv"): string {
  switch (format) {
    case "md":
      return markdown(r);
    case "json":
      return `${JSON.stringify(r, null, 2)}\n`;
    case "csv":
      return csv(r);
  }
}
