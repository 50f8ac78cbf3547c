/**
 * The API hands reports over as JSON records (the server builds them with src/report); these read
 * them back as the report modules' types after checking the fields every table needs.
 */
import type { AnalysisReport } from "../../src/report/analysis.ts";
import type { Comparison } from "../../src/report/compare.ts";
import type { PaperReport } from "../../src/report/paper-table.ts";
import type { Report, ReportRow } from "../../src/report/report.ts";

export type { AnalysisReport } from "../../src/report/analysis.ts";
export type { Comparison, PairComparison } from "../../src/report/compare.ts";

/** The analyses' parts, named from AnalysisReport (the web app sees report/analysis.ts's types only). */
export type SettingsDeltaReport = NonNullable<AnalysisReport["tools"]>;
export type DeltaRow = SettingsDeltaReport["overall"];
export type SweepReport = NonNullable<AnalysisReport["sweep"]>;
export type SelectionReport = NonNullable<AnalysisReport["selection"]>;
export type SelectionTable = SelectionReport["tables"][number];
export type FailureReport = NonNullable<AnalysisReport["failures"]>;
export type FailureAnalysis = FailureReport["analyses"][number];
export type LabelDistribution = FailureAnalysis["byModel"][number];
export type { PaperReport, PaperRow } from "../../src/report/paper-table.ts";
export type { Report, ReportRow } from "../../src/report/report.ts";

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null;

export function asReport(x: Record<string, unknown>): Report | null {
  return Array.isArray(x.rows) && Array.isArray(x.ks) && Array.isArray(x.metrics)
    ? (x as unknown as Report)
    : null;
}

export function asReportRow(x: Record<string, unknown>): ReportRow | null {
  return typeof x.accuracy === "number" && Array.isArray(x.atK) && isObject(x.rates) && isObject(x.tokens)
    ? (x as unknown as ReportRow)
    : null;
}

export function asPaperReport(x: Record<string, unknown> | null): PaperReport | null {
  return x !== null && Array.isArray(x.models) && Array.isArray(x.buckets) && Array.isArray(x.tasks)
    ? (x as unknown as PaperReport)
    : null;
}

export function asComparison(x: Record<string, unknown>): Comparison | null {
  return Array.isArray(x.pairs) && isObject(x.unpaired) ? (x as unknown as Comparison) : null;
}

export function asAnalysis(x: Record<string, unknown> | null): AnalysisReport | null {
  return x !== null && "tools" in x && "sweep" in x && "selection" in x && "failures" in x
    ? (x as unknown as AnalysisReport)
    : null;
}
