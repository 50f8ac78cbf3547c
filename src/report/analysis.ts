import type { LabelSet } from "../core/failure-modes.ts";
import type { PaperTable } from "../core/registry.ts";
import type { LabelRecord, PickRecord, ReportSample } from "../store/types.ts";
import { buildFailureReport, type FailureReport, formatFailureReport } from "./failure-modes.ts";
import { buildSelectionReport, formatSelectionReport, type SelectionReport } from "./selection.ts";
import {
  buildSettingsDelta,
  formatSettingsDelta,
  paperBuckets,
  type SettingsDeltaReport,
} from "./settings-delta.ts";
import { buildSweepReport, formatSweepReport, type SweepReport } from "./sweep.ts";

/**
 * The seeds' analyses of a run, each present when the run has what it needs: the tools-minus-no-tools
 * deltas (a model under a tools setting beside itself without, or a second run), the budget sweep
 * (models under output-token caps), the selection strategies (k samples per instance) and the
 * failure-mode distributions (labels a judge gave).
 */
export interface AnalysisReport {
  tools: SettingsDeltaReport | null;
  sweep: SweepReport | null;
  selection: SelectionReport | null;
  failures: FailureReport | null;
}

export interface AnalysisInputs {
  labels?: readonly LabelRecord[];
  picks?: readonly PickRecord[];
  /** The label sets the labels may come from (names for their ids). */
  sets?: readonly LabelSet[];
  /** A tools run to pair this (no-tools) run with. */
  toolsRun?: readonly ReportSample[];
  /** The paper table of the run's preset, whose buckets the deltas are also given by. */
  table?: PaperTable;
}

export function buildAnalysis(samples: readonly ReportSample[], inputs: AnalysisInputs = {}): AnalysisReport {
  const tools = buildSettingsDelta(samples, {
    ...(inputs.toolsRun ? { other: inputs.toolsRun } : {}),
    ...(inputs.table ? { buckets: paperBuckets(inputs.table) } : {}),
  });
  const sweep = buildSweepReport(samples);
  const selection = buildSelectionReport(samples, inputs.picks ?? []);
  const labels = inputs.labels ?? [];
  return {
    tools: tools.pairs.length > 0 ? tools : null,
    sweep: sweep.series.length > 0 ? sweep : null,
    selection: selection.tables.some((t) => t.k !== null) ? selection : null,
    failures: labels.length > 0 ? buildFailureReport(samples, labels, inputs.sets ?? []) : null,
  };
}

/** The analyses present, each under its heading (md), or as one JSON object, or CSV blocks. */
export function formatAnalysis(r: AnalysisReport, format: "md" | "json" | "csv"): string {
  if (format === "json") return JSON.stringify(r, null, 2);
  const md = format === "md";
  const parts: string[] = [];
  // The deltas' and the failure modes' own texts start with their headings.
  if (r.tools) parts.push(formatSettingsDelta(r.tools, format));
  if (r.sweep)
    parts.push(
      `${md ? "## Budget sweep: accuracy and realised output tokens per output-token cap\n\n" : ""}${formatSweepReport(r.sweep, format)}`,
    );
  if (r.selection) {
    const text = formatSelectionReport(r.selection, format);
    parts.push(md ? `## Selection strategies (CHAIN's Table 4)\n\n${text.replace(/^## /gm, "### ")}` : text);
  }
  if (r.failures) parts.push(formatFailureReport(r.failures, format));
  return parts.join("\n\n");
}

export function isEmptyAnalysis(r: AnalysisReport): boolean {
  return r.tools === null && r.sweep === null && r.selection === null && r.failures === null;
}
