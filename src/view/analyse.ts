import type { PaperTable } from "../core/registry.ts";
import type { ReportGroup } from "../core/task.ts";
import { buildPaperReport, type PaperReport } from "../report/paper-table.ts";
import { buildReport, type Report, type ReportRow } from "../report/report.ts";
import type { ReportSample } from "../store/types.ts";

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
}

function suiteRows(report: Report): SuiteRows {
  return {
    overall: report.rows.filter((r) => r.grouping === "overall"),
    levels: report.rows.filter((r) => r.grouping === "level"),
  };
}

/** The run's report, its paper table if it has one, and each suite's rows. */
export function analyse(
  samples: readonly ReportSample[],
  groups: Record<string, ReportGroup[]>,
  table: PaperTable | undefined,
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
  return { report, paper: table ? buildPaperReport(table, samples) : null, suites };
}
