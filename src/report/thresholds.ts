import { InputError } from "../core/errors.ts";
import type { Report, ReportRow } from "./report.ts";

/** A floor on a metric of every model's overall row: "accuracy=0.8", "score=0.5", "pass@4=0.9". */
export interface Threshold {
  metric: string;
  min: number;
}

const METRICS: Record<string, (r: ReportRow) => number | null> = {
  accuracy: (r) => r.accuracy,
  score: (r) => r.meanScore,
};

function metricOf(name: string): ((r: ReportRow) => number | null) | undefined {
  if (Object.hasOwn(METRICS, name)) return METRICS[name];
  const m = /^(pass@|pass\^|best@)(\d+)$/.exec(name);
  if (!m) return undefined;
  const k = Number(m[2]);
  const field = m[1] === "pass@" ? "passAtK" : m[1] === "pass^" ? "passHatK" : "bestAtK";
  return (r) => r.atK.find((a) => a.k === k)?.[field] ?? null;
}

/** Reads "--fail-under metric=value" arguments. */
export function parseThresholds(args: readonly string[]): Threshold[] {
  return args.map((arg) => {
    const m = /^([^=]+)=(.+)$/.exec(arg);
    const metric = m?.[1]?.trim() ?? "";
    const min = Number(m?.[2]);
    if (!m || !metricOf(metric) || !Number.isFinite(min)) {
      throw new InputError(
        `expected METRIC=VALUE with METRIC one of accuracy, score, pass@K, pass^K, best@K; got "${arg}"`,
        {
          field: "--fail-under",
        },
      );
    }
    return { metric, min };
  });
}

/** One line per model whose overall row is under a threshold (or lacks the metric); empty when all hold. */
export function thresholdFailures(report: Report, thresholds: readonly Threshold[]): string[] {
  const failures: string[] = [];
  const overall = report.rows.filter((r) => r.grouping === "overall");
  if (overall.length === 0 && thresholds.length > 0) return ["the run has no samples"];
  for (const t of thresholds) {
    const value = metricOf(t.metric) as (r: ReportRow) => number | null;
    for (const row of overall) {
      const v = value(row);
      if (v === null)
        failures.push(`${row.model}: ${t.metric} is not defined for this run (too few epochs?)`);
      else if (v < t.min) failures.push(`${row.model}: ${t.metric} ${v.toFixed(4)} < ${t.min}`);
    }
  }
  return failures;
}
