import { BUILTIN_LABEL_SETS } from "../core/failure-modes.ts";
import type { PaperTable } from "../core/registry.ts";
import type { ReportGroup } from "../core/task.ts";
import { type AnalysisReport, buildAnalysis, isEmptyAnalysis } from "../report/analysis.ts";
import { buildPaperReport, type PaperReport } from "../report/paper-table.ts";
import { buildReport, type Report, type ReportRow } from "../report/report.ts";
import { sweepSvg } from "../report/sweep.ts";
import type { LabelRecord, PickRecord, ReportSample } from "../store/types.ts";
import type { RenderingJson } from "./api.ts";

/** One suite's part of a run, for the leaderboard: each model's overall row and its rows by level. */
export interface SuiteRows {
  overall: ReportRow[];
  levels: ReportRow[];
}

/** The reports of a run's samples: plain data, so that a worker thread can build it. */
export interface SampleAnalysis {
  report: Report;
  paper: PaperReport | null;
  suites: Map<string, SuiteRows>;
  /** The seeds' analyses (tools deltas, budget sweep, selection, failure modes); null when none applies. */
  analysis: AnalysisReport | null;
  /** The budget sweep's figure, when the run has a sweep. */
  sweepPlot: RenderingJson | null;
}

/** What the judges stored about the run's samples (`plumb analyse failures` and `selection`). */
export interface JudgeInputs {
  labels: readonly LabelRecord[];
  picks: readonly PickRecord[];
}

function suiteRows(report: Report): SuiteRows {
  return {
    overall: report.rows.filter((r) => r.grouping === "overall"),
    levels: report.rows.filter((r) => r.grouping === "level"),
  };
}

/** An SVG document's size, read from its root element's attributes. */
function svgRendering(svg: string): RenderingJson {
  const root = /^<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const size = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(root)?.[1] ?? 0);
  return { kind: "svg", svg, width: size("width"), height: size("height") };
}

/** The run's report, its paper table if it has one, each suite's rows, and the seeds' analyses. */
export function analyse(
  samples: readonly ReportSample[],
  groups: Record<string, ReportGroup[]>,
  table: PaperTable | undefined,
  judged: JudgeInputs = { labels: [], picks: [] },
): SampleAnalysis {
  const report = buildReport(samples, { groups });
  const bySuite = new Map<string, ReportSample[]>();
  for (const s of samples) {
    const list = bySuite.get(s.suite) ?? [];
    list.push(s);
    bySuite.set(s.suite, list);
  }
  const suites = new Map<string, SuiteRows>();
  for (const [suite, mine] of bySuite) {
    // A run of one suite: its report is that suite's.
    suites.set(suite, suiteRows(bySuite.size === 1 ? report : buildReport(mine, { groups })));
  }
  const built = buildAnalysis(samples, {
    labels: judged.labels,
    picks: judged.picks,
    sets: BUILTIN_LABEL_SETS,
    ...(table ? { table } : {}),
  });
  const analysis = isEmptyAnalysis(built) ? null : built;
  return {
    report,
    paper: table ? buildPaperReport(table, samples) : null,
    suites,
    analysis,
    sweepPlot: analysis?.sweep ? svgRendering(sweepSvg(analysis.sweep)) : null,
  };
}
