import type { LabelSet } from "../core/failure-modes.ts";
import { parseSettingId, settingName } from "../core/model.ts";
import type { LabelRecord, ReportSample } from "../store/types.ts";
import { csvField, markdownTable } from "./format.ts";
import { splitTools } from "./settings-delta.ts";

/** How many of a distribution's labelled samples got a label, and their share in percent. */
export interface LabelShare {
  count: number;
  /** Of the labelled samples (unreadable ones apart); null when there are none. */
  percent: number | null;
}

/** The labels a judge gave a group of samples. */
export interface LabelDistribution {
  /** The group: a model's full id (with its setting), a task, a setting's name, or null for all. */
  model: string | null;
  task: string | null;
  setting: string | null;
  /** Samples the judge gave a label. */
  labelled: number;
  /** Samples whose label record has no label (no reply read as one). */
  unreadable: number;
  /** By label id: every label of the set, and any other the records hold. */
  labels: Record<string, LabelShare>;
  /** Over the labelled samples with a confidence; null when none has one. */
  meanConfidence: number | null;
}

/**
 * A label's share under a tools setting minus its share without tools, for one model (SCBench:
 * "GPT-5.2's Evasion drops from 68% to 44%").
 */
export interface LabelShift {
  /** The model without tools (its id, other settings kept). */
  model: string;
  /** The model's id under the tools setting. */
  tools: string;
  /** "tools=provider", "tools=python". */
  setting: string;
  label: string;
  name: string;
  without: LabelShare;
  with: LabelShare;
  /** `with` minus `without`, in points; null when either side has no labelled sample. */
  delta: number | null;
}

/** One judge's labels under one taxonomy. */
export interface FailureAnalysis {
  taxonomy: string;
  /** The set's title; null for a taxonomy whose set was not given. */
  title: string | null;
  judge: string;
  /** The set's labels in order, then any other label id the records hold (named by its id). */
  labels: { id: string; name: string }[];
  /** Label records whose sample was found. */
  records: number;
  /** Label records whose sample is not among the samples (left out of every figure). */
  orphans: number;
  byModel: LabelDistribution[];
  /** All models together. */
  byTask: LabelDistribution[];
  byModelTask: LabelDistribution[];
  /** By setting name ("no tools", "tools=provider", …), all models together. */
  bySetting: LabelDistribution[];
  shifts: LabelShift[];
}

export interface FailureReport {
  /** One per (taxonomy, judge) among the labels, by taxonomy then judge. */
  analyses: FailureAnalysis[];
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Labelled {
  label: LabelRecord;
  sample: ReportSample;
}

function distribution(
  group: { model?: string; task?: string; setting?: string },
  labelIds: readonly string[],
  records: readonly Labelled[],
): LabelDistribution {
  const counts = new Map<string, number>(labelIds.map((id) => [id, 0]));
  let unreadable = 0;
  let confidence = 0;
  let confident = 0;
  for (const { label } of records) {
    if (label.label === null) {
      unreadable++;
      continue;
    }
    counts.set(label.label, (counts.get(label.label) ?? 0) + 1);
    if (label.confidence !== null) {
      confidence += label.confidence;
      confident++;
    }
  }
  const labelled = records.length - unreadable;
  const labels: Record<string, LabelShare> = {};
  for (const [id, count] of counts)
    labels[id] = { count, percent: labelled === 0 ? null : (100 * count) / labelled };
  return {
    model: group.model ?? null,
    task: group.task ?? null,
    setting: group.setting ?? null,
    labelled,
    unreadable,
    labels,
    meanConfidence: confident === 0 ? null : confidence / confident,
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k) ?? [];
    list.push(item);
    groups.set(k, list);
  }
  return [...groups].sort(([a], [b]) => cmp(a, b));
}

const settingOf = (model: string) => settingName(parseSettingId(model).setting);

function shiftsOf(
  labels: readonly { id: string; name: string }[],
  byModel: readonly LabelDistribution[],
): LabelShift[] {
  const models = new Map(byModel.map((d) => [d.model as string, d]));
  const shifts: LabelShift[] = [];
  for (const [id, withTools] of models) {
    const { noTools, tools } = splitTools(id);
    const without = models.get(noTools);
    if (tools === undefined || without === undefined) continue;
    for (const { id: label, name } of labels) {
      const before = without.labels[label] ?? { count: 0, percent: null };
      const after = withTools.labels[label] ?? { count: 0, percent: null };
      shifts.push({
        model: noTools,
        tools: id,
        setting: `tools=${tools}`,
        label,
        name,
        without: before,
        with: after,
        delta: before.percent === null || after.percent === null ? null : after.percent - before.percent,
      });
    }
  }
  return shifts;
}

/**
 * Failure-mode distributions (SCBench §3.3, Figure 3): for each (taxonomy, judge) among the
 * labels, each label's count and share of the labelled samples per model (and setting), per
 * task, per model × task and per setting, and how each model's shares shift under tools. A
 * label's sample is found by its run and key (by its key alone when no sample is of its run and
 * only one sample has that key).
 */
export function buildFailureReport(
  samples: readonly ReportSample[],
  labels: readonly LabelRecord[],
  sets: readonly LabelSet[],
): FailureReport {
  const byRunKey = new Map(samples.map((s) => [`${s.run}\u0000${s.key}`, s]));
  const byKey = new Map<string, ReportSample | null>();
  for (const s of samples) byKey.set(s.key, byKey.has(s.key) ? null : s);
  const runs = new Set(samples.map((s) => s.run));
  const find = (l: LabelRecord) =>
    byRunKey.get(`${l.run}\u0000${l.sampleKey}`) ??
    (runs.has(l.run) ? undefined : (byKey.get(l.sampleKey) ?? undefined));

  const analyses: FailureAnalysis[] = [];
  for (const [, records] of groupBy(labels, (l) => `${l.taxonomy}\u0000${l.judge}`)) {
    const { taxonomy, judge } = records[0] as LabelRecord;
    const set = sets.find((s) => s.id === taxonomy);
    const known = (set?.labels ?? []).map((l) => ({ id: l.id, name: l.name }));
    const extra = [
      ...new Set(
        records.flatMap((r) => (r.label === null || known.some((k) => k.id === r.label) ? [] : [r.label])),
      ),
    ].sort();
    const labelList = [...known, ...extra.map((id) => ({ id, name: id }))];
    const ids = labelList.map((l) => l.id);

    const found: Labelled[] = [];
    let orphans = 0;
    for (const label of records) {
      const sample = find(label);
      if (sample === undefined) orphans++;
      else found.push({ label, sample });
    }
    const byModel = groupBy(found, (r) => r.sample.model).map(([model, rs]) =>
      distribution({ model, setting: settingOf(model) }, ids, rs),
    );
    analyses.push({
      taxonomy,
      title: set?.title ?? null,
      judge,
      labels: labelList,
      records: found.length,
      orphans,
      byModel,
      byTask: groupBy(found, (r) => r.sample.task).map(([task, rs]) => distribution({ task }, ids, rs)),
      byModelTask: groupBy(found, (r) => `${r.sample.model}\u0000${r.sample.task}`).map(([, rs]) => {
        const { model, task } = (rs[0] as Labelled).sample;
        return distribution({ model, task, setting: settingOf(model) }, ids, rs);
      }),
      bySetting: groupBy(found, (r) => settingOf(r.sample.model)).map(([setting, rs]) =>
        distribution({ setting }, ids, rs),
      ),
      shifts: shiftsOf(labelList, byModel),
    });
  }
  analyses.sort((a, b) => cmp(a.taxonomy, b.taxonomy) || cmp(a.judge, b.judge));
  return { analyses };
}

const share = (s: LabelShare | undefined) =>
  s === undefined || s.percent === null ? "–" : `${s.percent.toFixed(1)}% (${s.count})`;
const percent = (s: LabelShare) => (s.percent === null ? "–" : `${s.percent.toFixed(1)}%`);
const signed = (x: number | null) => (x === null ? "–" : `${x > 0 ? "+" : ""}${x.toFixed(1)}`);
const confidenceText = (x: number | null) => (x === null ? "–" : x.toFixed(2));

function distributionTable(
  a: FailureAnalysis,
  lead: { head: string; cell: (d: LabelDistribution) => string }[],
  rows: readonly LabelDistribution[],
): string {
  const header = [
    ...lead.map((l) => l.head),
    "Labelled",
    ...a.labels.map((l) => l.name),
    "Unreadable",
    "Mean confidence",
  ];
  const body = rows.map((d) => [
    ...lead.map((l) => l.cell(d)),
    String(d.labelled),
    ...a.labels.map((l) => share(d.labels[l.id])),
    String(d.unreadable),
    confidenceText(d.meanConfidence),
  ]);
  return markdownTable(
    header,
    header.map((_, i) => (i < lead.length ? "l" : "r")),
    body,
  );
}

function markdown(r: FailureReport): string {
  if (r.analyses.length === 0) return "## Failure modes\n\nNo failure-mode labels.";
  const parts: string[] = [];
  for (const a of r.analyses) {
    const name = a.title === null ? a.taxonomy : `${a.title} (${a.taxonomy})`;
    parts.push(
      `## Failure modes: ${name}, judged by ${a.judge}`,
      "",
      `Each label's share of the labelled samples (count); unreadable: no reply read as a label. ${a.records} labels${a.orphans > 0 ? `; ${a.orphans} more whose sample is gone, left out` : ""}.`,
      "",
      "### By model",
      "",
      distributionTable(a, [{ head: "Model", cell: (d) => d.model ?? "" }], a.byModel),
      "",
      "### By setting (all models)",
      "",
      distributionTable(a, [{ head: "Setting", cell: (d) => d.setting ?? "" }], a.bySetting),
      "",
      "### By task (all models)",
      "",
      distributionTable(a, [{ head: "Task", cell: (d) => d.task ?? "" }], a.byTask),
    );
    if (a.shifts.length > 0) {
      const header = ["Model", "Tools", "Label", "Without tools", "With tools", "Δ (points)"];
      const body = a.shifts.map((s) => [
        s.model,
        s.setting,
        s.name,
        `${percent(s.without)} (${s.without.count})`,
        `${percent(s.with)} (${s.with.count})`,
        signed(s.delta),
      ]);
      parts.push(
        "",
        "### Shifts under tools: share with tools minus without",
        "",
        markdownTable(
          header,
          header.map((_, i) => (i < 3 ? "l" : "r")),
          body,
        ),
      );
    }
    parts.push("");
  }
  return parts.join("\n").trimEnd();
}

function csv(r: FailureReport): string {
  const head = [
    "taxonomy",
    "judge",
    "scope",
    "model",
    "task",
    "setting",
    "label",
    "name",
    "count",
    "percent",
    "labelled",
    "unreadable",
    "mean_confidence",
    "without_count",
    "without_percent",
    "delta",
  ];
  const rows: (string | number | null)[][] = [head];
  for (const a of r.analyses) {
    const scopes: [string, readonly LabelDistribution[]][] = [
      ["model", a.byModel],
      ["setting", a.bySetting],
      ["task", a.byTask],
      ["model-task", a.byModelTask],
    ];
    for (const [scope, list] of scopes)
      for (const d of list)
        for (const l of a.labels) {
          const s = d.labels[l.id] ?? { count: 0, percent: null };
          rows.push([
            a.taxonomy,
            a.judge,
            scope,
            d.model,
            d.task,
            d.setting,
            l.id,
            l.name,
            s.count,
            s.percent,
            d.labelled,
            d.unreadable,
            d.meanConfidence,
            null,
            null,
            null,
          ]);
        }
    for (const s of a.shifts)
      rows.push([
        a.taxonomy,
        a.judge,
        "shift",
        s.model,
        null,
        s.setting,
        s.label,
        s.name,
        s.with.count,
        s.with.percent,
        null,
        null,
        null,
        s.without.count,
        s.without.percent,
        s.delta,
      ]);
  }
  return rows.map((l) => l.map(csvField).join(",")).join("\n");
}

export function formatFailureReport(r: FailureReport, format: "md" | "json" | "csv"): string {
  if (format === "json") return JSON.stringify(r, null, 2);
  return format === "csv" ? csv(r) : markdown(r);
}
