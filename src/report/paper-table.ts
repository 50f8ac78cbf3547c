import { parseSettingId } from "../core/model.ts";
import type { PaperTable } from "../core/registry.ts";
import type { ReportSample } from "../store/types.ts";
import { csvField, figureTable } from "./format.ts";
import {
  pairSettingName,
  type SettingsPair,
  settingsPairs,
  splitTools,
  type ToolsKind,
} from "./settings-delta.ts";

/**
 * One column's figure on a row: mean score in percent, and Δ in points: this run minus the
 * baseline run (baseline mode), or with tools minus without (tools mode).
 */
export interface PaperCell {
  percent: number | null;
  delta: number | null;
}

export interface PaperRow {
  /** A heading row (a bucket's name above its tasks) has no figures. */
  kind: "heading" | "bucket" | "task" | "subtotal" | "overall";
  name: string;
  subtasks: number;
  /** By column key (`PaperReport.models`). */
  cells: Record<string, PaperCell>;
}

/** A column of the tables: whose figure it shows and what its Δ is taken against. */
export interface PaperColumn {
  /** The column's key in `models` and in each row's cells: a model id, or in tools mode, a no-tools id
   * with its tools setting when the model has several. */
  key: string;
  /** The model whose figure `percent` is (tools mode: the model without tools). */
  model: string;
  /**
   * Baseline mode: the baseline run's model Δ is taken against (the same id, else the one of the
   * same base id); tools mode: the model with tools; null when there is none (no Δ).
   */
  against: string | null;
  /** Tools mode: the tools setting of `against`; null for a tools run's id without a suffix. */
  setting: ToolsKind | null;
}

/**
 * "plain": a column per model id, no Δ. "baseline": Δ = this run minus the baseline run.
 * "tools": the paper's layout: a column per model without tools (and tools setting), its figure
 * without tools and Δ = with tools minus without; the tools setting from this run ("run") or from
 * a tools run ("runs").
 */
export type PaperMode = "plain" | "baseline" | "tools";

export interface PaperReport {
  title: string;
  mode: PaperMode;
  /** Tools mode: both settings in this run ("run"), or the tools setting from another run ("runs"). */
  toolsFrom: "run" | "runs" | null;
  /** Column keys, in order. */
  models: string[];
  columns: PaperColumn[];
  /** True when the cells carry a Δ (baseline or tools mode). */
  hasBaseline: boolean;
  /** Tools mode: models under a tools setting with no model without tools to pair with (not shown). */
  unpaired: string[];
  /** Table 1: a row per bucket, then overall. */
  buckets: PaperRow[];
  /** Table A.1: each bucket's tasks and subtotal, then overall. */
  tasks: PaperRow[];
}

export interface PaperOptions {
  /** Another run: Δ = this run minus it, its models matched by id, else by base id. */
  baseline?: readonly ReportSample[];
  /**
   * A run of the same models under a tools setting (`samples` being the no-tools run): the paper's
   * layout, Δ = tools run minus this run, models matched by base id.
   */
  tools?: readonly ReportSample[];
  /**
   * Within one run holding both `X` and `X+tools=…`: show the pairs in the paper's layout (true,
   * the default) or every model id as a column of its own (false).
   */
  pairSettings?: boolean;
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
  mode: PaperMode,
  columns: readonly PaperColumn[],
  samples: readonly ReportSample[],
  other: readonly ReportSample[] | undefined,
): PaperRow {
  const here = tallyOf(samples, ids);
  const there = other === undefined ? here : tallyOf(other, ids);
  const cells: Record<string, PaperCell> = {};
  for (const { key, model, against } of columns) {
    const percent = percentOf(here, model);
    const theirs = against !== null && there.sums.has(against) ? percentOf(there, against) : null;
    const delta =
      percent === null || theirs === null || mode === "plain"
        ? null
        : mode === "baseline"
          ? percent - theirs
          : theirs - percent;
    cells[key] = { percent, delta };
  }
  return { kind, name, subtasks: here.subtasks, cells };
}

/**
 * The baseline's model for `model`: the same id, else its id without tools, else the only one with
 * that id without tools, else the only one of its base id (settings dropped).
 */
function baselineMatch(model: string, theirs: readonly string[]): string | null {
  if (theirs.includes(model)) return model;
  const noTools = splitTools(model).noTools;
  if (theirs.includes(noTools)) return noTools;
  const base = parseSettingId(model).model;
  for (const same of [
    (m: string) => splitTools(m).noTools === noTools,
    (m: string) => parseSettingId(m).model === base,
  ]) {
    const found = theirs.filter(same);
    if (found.length === 1) return found[0] as string;
    if (found.length > 1) return null;
  }
  return null;
}

function toolsColumns(models: readonly string[], pairs: readonly SettingsPair[]): PaperColumn[] {
  const columns: PaperColumn[] = [];
  for (const model of models.filter((m) => splitTools(m).tools === undefined)) {
    const mine = pairs.filter((p) => p.model === model);
    if (mine.length === 0) columns.push({ key: model, model, against: null, setting: null });
    for (const p of mine)
      columns.push({
        key: mine.length === 1 ? model : `${model} (vs ${pairSettingName(p)})`,
        model,
        against: p.tools,
        setting: p.setting,
      });
  }
  return columns;
}

/**
 * A run in its paper's layout: mean score per subtask (a failed call or unreadable answer scores
 * 0), summed over the subtasks of a row and divided by their number, as the paper's subtotals
 * are. With a baseline run, each cell also gets this run minus the baseline, in points. With a
 * tools run, or a run holding models both without and with tools (`X`, `X+tools=provider`), the
 * paper's layout of tools: each model's figure without tools and Δ = with tools minus without.
 * The third argument may be the baseline run's samples (as before options existed).
 */
export function buildPaperReport(
  table: PaperTable,
  samples: readonly ReportSample[],
  options?: readonly ReportSample[] | PaperOptions,
): PaperReport {
  const opts: PaperOptions = isSamples(options) ? { baseline: options } : (options ?? {});
  if (opts.baseline !== undefined && opts.tools !== undefined)
    throw new Error("a paper table compares this run with a baseline run or with a tools run, not both");
  const ids = [...new Set(samples.map((s) => s.model))].sort();
  let mode: PaperMode = "plain";
  let toolsFrom: PaperReport["toolsFrom"] = null;
  let columns: PaperColumn[] = ids.map((m) => ({ key: m, model: m, against: null, setting: null }));
  let unpaired: string[] = [];
  const other = opts.baseline ?? opts.tools;
  if (opts.baseline !== undefined) {
    mode = "baseline";
    const theirs = [...new Set(opts.baseline.map((s) => s.model))].sort();
    columns = ids.map((m) => ({ key: m, model: m, against: baselineMatch(m, theirs), setting: null }));
  } else {
    const toolIds =
      opts.tools === undefined ? undefined : [...new Set(opts.tools.map((s) => s.model))].sort();
    const pairs = settingsPairs(ids, toolIds);
    if (opts.tools !== undefined || (opts.pairSettings !== false && pairs.length > 0)) {
      mode = "tools";
      toolsFrom = opts.tools === undefined ? "run" : "runs";
      columns = toolsColumns(ids, pairs);
      const paired = new Set(pairs.map((p) => p.tools));
      const withTools = ids.filter((m) => splitTools(m).tools !== undefined);
      // Within one run, its tools settings without a no-tools model; from a tools run, that run's
      // models without one, and this run's tools settings (its no-tools models are shown).
      unpaired =
        toolIds === undefined
          ? withTools.filter((m) => !paired.has(m))
          : [...toolIds.filter((m) => !paired.has(m)), ...withTools].sort();
    }
  }
  const all = new Set(table.buckets.flatMap((b) => b.tasks.map((t) => t.id)));
  const buckets: PaperRow[] = [];
  const tasks: PaperRow[] = [];
  const rowOf = (kind: PaperRow["kind"], name: string, taskIds: ReadonlySet<string>) =>
    row(kind, name, taskIds, mode, columns, samples, other);
  for (const bucket of table.buckets) {
    const ids = new Set(bucket.tasks.map((t) => t.id));
    buckets.push(rowOf("bucket", bucket.name, ids));
    tasks.push({ kind: "heading", name: bucket.name, subtasks: 0, cells: {} });
    for (const task of bucket.tasks) tasks.push(rowOf("task", task.name, new Set([task.id])));
    tasks.push(rowOf("subtotal", `${bucket.name} subtotal`, ids));
  }
  const overall = rowOf("overall", "Overall", all);
  return {
    title: table.title,
    mode,
    toolsFrom,
    models: columns.map((c) => c.key),
    columns,
    hasBaseline: mode !== "plain",
    unpaired,
    buckets: [...buckets, overall],
    tasks: [...tasks, overall],
  };
}

function isSamples(x: readonly ReportSample[] | PaperOptions | undefined): x is readonly ReportSample[] {
  return Array.isArray(x);
}

const one = (x: number | null) => (x === null ? "–" : x.toFixed(1));
const signed = (x: number | null) => (x === null ? "–" : `${x > 0 ? "+" : ""}${x.toFixed(1)}`);

/** The Δ column's heading: "Δ", or in tools mode the tools setting it is taken against. */
function deltaHeading(r: PaperReport, c: PaperColumn): string {
  if (r.mode !== "tools" || c.against === null) return "Δ";
  return c.setting === null ? "Δ tools run" : `Δ tools=${c.setting}`;
}

function header(r: PaperReport, first: string): string[] {
  return [
    first,
    "Subtasks",
    ...r.columns.flatMap((c) => (r.hasBaseline ? [c.key, deltaHeading(r, c)] : [c.key])),
  ];
}

function cellsOf(r: PaperReport, row: PaperRow): string[] {
  if (row.kind === "heading") return r.models.flatMap(() => (r.hasBaseline ? ["", ""] : [""]));
  return r.models.flatMap((m) => {
    const c = row.cells[m];
    return r.hasBaseline ? [one(c?.percent ?? null), signed(c?.delta ?? null)] : [one(c?.percent ?? null)];
  });
}

/** What Δ means, for the caption. */
function deltaCaption(r: PaperReport): string {
  if (r.mode === "baseline")
    return "; Δ: this run minus the baseline run, in points (models matched by id, else by base id)";
  if (r.mode !== "tools") return "";
  return r.toolsFrom === "runs"
    ? "; each model without tools (this run); Δ: the tools run minus this run, in points (models matched by base id)"
    : "; each model without tools; Δ: the same model with tools (its +tools=… setting in this run) minus without, in points";
}

function table(r: PaperReport, rows: PaperRow[], first: string): string {
  const [head, ...body] = lines(r, rows, first);
  const h = head as string[];
  return figureTable(h, body);
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
  const delta = deltaCaption(r);
  const out = [
    `## ${r.title}, Table 1 layout: mean score per bucket (%)${delta}`,
    "",
    table(r, r.buckets, "Bucket"),
    "",
    `## ${r.title}, Table A.1 layout: mean score per task (%)${delta}`,
    "",
    table(r, r.tasks, "Task"),
  ];
  if (r.unpaired.length > 0)
    out.push("", `Not shown (no model without tools to pair with): ${r.unpaired.join(", ")}`);
  return out.join("\n");
}
