import { parseSettingId, settingId } from "../core/model.ts";
import type { PaperTable } from "../core/registry.ts";
import type { ReportSample } from "../store/types.ts";
import { csvField, markdownTable } from "./format.ts";

export type ToolsKind = "provider" | "python";

/**
 * A run's model id without its tools setting, and that setting: `X+tools=provider` → X and
 * "provider"; other settings (`+max-output-tokens=…`) stay in the id.
 */
export function splitTools(id: string): { noTools: string; tools: ToolsKind | undefined } {
  const { model, setting } = parseSettingId(id);
  const { tools, ...rest } = setting;
  return { noTools: settingId(model, rest), tools };
}

/** A model without tools and the same model under a tools setting. */
export interface SettingsPair {
  /** The no-tools model's id (in `samples`). */
  model: string;
  /** The tools side's id (in `samples`, or in `other` for two runs). */
  tools: string;
  /** Its tools setting; null when the tools run's id carries none (two runs, the same id). */
  setting: ToolsKind | null;
  /** Where the tools side's samples come from. */
  source: "run" | "other";
}

/**
 * Pairs each no-tools model with its tools settings. Within one run (no `other`): `X` with every
 * `X+tools=…` of the run. Two runs: `X` of `samples` with `X+tools=…` of `other`, or with `X` of
 * `other` when `other` has it without a suffix (then `other` is the tools side).
 */
export function settingsPairs(models: readonly string[], other?: readonly string[]): SettingsPair[] {
  const noTools = new Set(models.filter((m) => splitTools(m).tools === undefined));
  const pairs: SettingsPair[] = [];
  const source = other === undefined ? "run" : "other";
  for (const id of [...new Set(other ?? models)].sort()) {
    const { noTools: base, tools } = splitTools(id);
    if (!noTools.has(base)) continue;
    if (tools !== undefined) pairs.push({ model: base, tools: id, setting: tools, source });
    else if (other !== undefined) pairs.push({ model: base, tools: id, setting: null, source });
  }
  return pairs.sort((a, b) => cmp(a.model, b.model) || cmp(a.tools, b.tools));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A task → bucket map from a paper's layout. */
export function paperBuckets(table: PaperTable): Record<string, string> {
  return Object.fromEntries(table.buckets.flatMap((b) => b.tasks.map((t) => [t.id, b.name])));
}

/** One pair's figures on a row, over the instances both settings answered. */
export interface DeltaCell {
  model: string;
  tools: string;
  /** Subtasks (task, instance) both settings have samples of: the figures are over these. */
  paired: number;
  /** Subtasks only the no-tools side, or only the tools side, has samples of (left out). */
  onlyNoTools: number;
  onlyTools: number;
  /** Mean score in percent: a subtask's score is its mean over epochs, a failed call 0. */
  noToolsPercent: number | null;
  toolsPercent: number | null;
  /** Tools minus no tools, in points. */
  delta: number | null;
}

export interface DeltaRow {
  kind: "task" | "bucket" | "overall";
  name: string;
  /** One per pair, in the order of `pairs`. */
  cells: DeltaCell[];
}

export interface SettingsDeltaReport {
  /** "run": both settings in one run; "runs": a no-tools run and a tools run. */
  mode: "run" | "runs";
  pairs: SettingsPair[];
  /** Models of either side with no counterpart, left out. */
  unpaired: string[];
  tasks: DeltaRow[];
  /** Only with a bucket map, in the order its buckets first appear. */
  buckets: DeltaRow[];
  overall: DeltaRow;
}

/** Subtask → mean score over epochs (errors 0), per model. */
function subtaskScores(samples: readonly ReportSample[]): Map<string, Map<string, number>> {
  const sums = new Map<string, Map<string, { total: number; n: number }>>();
  for (const s of samples) {
    const byModel = sums.get(s.model) ?? new Map<string, { total: number; n: number }>();
    sums.set(s.model, byModel);
    const key = `${s.task}\u0000${s.instance}`;
    const entry = byModel.get(key) ?? { total: 0, n: 0 };
    entry.total += s.score ?? 0;
    entry.n++;
    byModel.set(key, entry);
  }
  const out = new Map<string, Map<string, number>>();
  for (const [model, byKey] of sums)
    out.set(model, new Map([...byKey].map(([k, { total, n }]) => [k, total / n])));
  return out;
}

const taskOf = (subtask: string) => subtask.slice(0, subtask.indexOf("\u0000"));

function cell(
  pair: SettingsPair,
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  keep: (task: string) => boolean,
): DeltaCell {
  let paired = 0;
  let onlyNoTools = 0;
  let onlyTools = 0;
  let sumBefore = 0;
  let sumAfter = 0;
  for (const [key, score] of before) {
    if (!keep(taskOf(key))) continue;
    const other = after.get(key);
    if (other === undefined) onlyNoTools++;
    else {
      paired++;
      sumBefore += score;
      sumAfter += other;
    }
  }
  for (const key of after.keys()) if (keep(taskOf(key)) && !before.has(key)) onlyTools++;
  const noToolsPercent = paired === 0 ? null : (100 * sumBefore) / paired;
  const toolsPercent = paired === 0 ? null : (100 * sumAfter) / paired;
  return {
    model: pair.model,
    tools: pair.tools,
    paired,
    onlyNoTools,
    onlyTools,
    noToolsPercent,
    toolsPercent,
    delta: noToolsPercent === null || toolsPercent === null ? null : toolsPercent - noToolsPercent,
  };
}

/**
 * Tools minus no tools, per model and tools setting (SCBench Table 1's coloured deltas), per task,
 * per bucket (given a task → bucket map) and overall. Both settings in `samples` (one run), or
 * `samples` the no-tools run and `other` the tools run. Only subtasks both settings answered
 * count; a subtask's score is its mean over epochs, a failed call scoring 0.
 */
export function buildSettingsDelta(
  samples: readonly ReportSample[],
  opts: { other?: readonly ReportSample[]; buckets?: Readonly<Record<string, string>> } = {},
): SettingsDeltaReport {
  const { other, buckets: bucketOf } = opts;
  const here = subtaskScores(samples);
  const there = other === undefined ? here : subtaskScores(other);
  const models = [...here.keys()];
  const pairs = settingsPairs(models, other === undefined ? undefined : [...there.keys()]);
  const used = new Set(pairs.flatMap((p) => [`run\u0000${p.model}`, `${p.source}\u0000${p.tools}`]));
  const unpaired = [
    ...models.filter((m) => !used.has(`run\u0000${m}`)),
    ...(other === undefined ? [] : [...there.keys()].filter((m) => !used.has(`other\u0000${m}`))),
  ];
  const empty = new Map<string, number>();
  const rowOf = (kind: DeltaRow["kind"], name: string, keep: (task: string) => boolean): DeltaRow => ({
    kind,
    name,
    cells: pairs.map((p) =>
      cell(p, here.get(p.model) ?? empty, (p.source === "run" ? here : there).get(p.tools) ?? empty, keep),
    ),
  });
  const taskIds = new Set([...samples, ...(other ?? [])].map((s) => s.task));
  const tasks = [...taskIds].sort().map((t) => rowOf("task", t, (task) => task === t));
  const bucketNames = bucketOf === undefined ? [] : [...new Set(Object.values(bucketOf))];
  const buckets = bucketNames.map((b) => rowOf("bucket", b, (task) => bucketOf?.[task] === b));
  return {
    mode: other === undefined ? "run" : "runs",
    pairs,
    unpaired: unpaired.sort(),
    tasks,
    buckets,
    overall: rowOf("overall", "Overall", () => true),
  };
}

const one = (x: number | null) => (x === null ? "–" : x.toFixed(1));
const signed = (x: number | null) => (x === null ? "–" : `${x > 0 ? "+" : ""}${x.toFixed(1)}`);

/** The tools side as a report names it: "tools=provider", or "tools run" for an id without a suffix. */
export function pairSettingName(p: SettingsPair): string {
  return p.setting === null ? "tools run" : `tools=${p.setting}`;
}

function longRows(r: SettingsDeltaReport, rows: readonly DeltaRow[]): string[][] {
  return rows.flatMap((row) =>
    row.cells.map((c, i) => [
      row.name,
      c.model,
      pairSettingName(r.pairs[i] as SettingsPair),
      String(c.paired),
      one(c.noToolsPercent),
      one(c.toolsPercent),
      signed(c.delta),
      c.onlyNoTools + c.onlyTools === 0 ? "" : `${c.onlyNoTools} / ${c.onlyTools}`,
    ]),
  );
}

export function formatSettingsDelta(r: SettingsDeltaReport, format: "md" | "json" | "csv"): string {
  if (format === "json") return JSON.stringify(r, null, 2);
  if (format === "csv") {
    const head = [
      "scope",
      "name",
      "model",
      "tools_model",
      "setting",
      "paired",
      "only_no_tools",
      "only_tools",
      "no_tools_pct",
      "tools_pct",
      "delta",
    ];
    const body = [r.overall, ...r.buckets, ...r.tasks].flatMap((row) =>
      row.cells.map((c, i) => [
        row.kind,
        row.name,
        c.model,
        c.tools,
        pairSettingName(r.pairs[i] as SettingsPair),
        c.paired,
        c.onlyNoTools,
        c.onlyTools,
        c.noToolsPercent,
        c.toolsPercent,
        c.delta,
      ]),
    );
    return [head, ...body].map((l) => l.map(csvField).join(",")).join("\n");
  }
  const from =
    r.mode === "run"
      ? "the same model's tools setting in this run"
      : "the tools run (its model of the same base id)";
  const head = (first: string) => [
    first,
    "Model",
    "Tools",
    "Paired",
    "No tools %",
    "Tools %",
    "Δ",
    "Unpaired (no tools / tools)",
  ];
  const align = head("").map((_, i): "l" | "r" => (i < 3 ? "l" : "r"));
  const parts = [
    `## Tools minus no tools: mean score (%) over the subtasks both settings answered; Δ: ${from} minus without tools, in points`,
    "",
  ];
  if (r.pairs.length === 0) parts.push("No model was run both with and without tools.");
  else {
    parts.push(markdownTable(head("Scope"), align, longRows(r, [r.overall])));
    if (r.buckets.length > 0)
      parts.push("", "### By bucket", "", markdownTable(head("Bucket"), align, longRows(r, r.buckets)));
    parts.push("", "### By task", "", markdownTable(head("Task"), align, longRows(r, r.tasks)));
  }
  if (r.unpaired.length > 0) parts.push("", `Without a counterpart (left out): ${r.unpaired.join(", ")}`);
  return parts.join("\n");
}
