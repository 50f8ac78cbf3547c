import { HUMAN_MODEL } from "../core/model.ts";
import type { ReportGroup } from "../core/task.ts";
import type { Grouping, Report, ReportRow } from "./report.ts";

export type ReportFormat = "md" | "json" | "csv";

export const DASH = "–";

export function pct(x: number | null): string {
  return x === null ? DASH : `${(x * 100).toFixed(1)}%`;
}

export function fixed(x: number | null, digits: number): string {
  return x === null ? DASH : x.toFixed(digits);
}

/** Rounded to an integer with thousands separators: 1234567.4 → "1,234,567", whatever the locale. */
export function thousands(x: number | null): string {
  if (x === null) return DASH;
  return Math.round(x)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A table of cells already formatted: the report prints it as Markdown, the viewer as HTML. */
export interface TextTable {
  title: string;
  /** "results": the accuracy tables by grouping; "detail": the per-task detail tables. */
  kind: "results" | "detail";
  header: string[];
  align: ("l" | "r")[];
  rows: string[][];
}

export function markdownTable(
  header: readonly string[],
  align: readonly ("l" | "r")[],
  rows: string[][],
): string {
  const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");
  const lines = [
    `| ${header.map(cell).join(" | ")} |`,
    `|${align.map((a) => (a === "r" ? "---:" : "---")).join("|")}|`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ];
  return lines.join("\n");
}

/** A Markdown table of a label column, then figures (aligned right). */
export function figureTable(header: readonly string[], rows: string[][]): string {
  return markdownTable(
    header,
    header.map((_, i) => (i === 0 ? "l" : "r")),
    rows,
  );
}

const TITLES: Record<Grouping, [title: string, column: string]> = {
  overall: ["Overall", ""],
  task: ["By task", "Task"],
  level: ["By level", "Level"],
  tag: ["By tag", "Tag"],
};

function resultsTable(
  report: Report,
  grouping: Grouping,
  rows: readonly ReportRow[],
): Omit<TextTable, "title" | "kind"> {
  const column = TITLES[grouping][1];
  const lead = column === "" ? ["Model"] : ["Model", column];
  const atK = report.ks.flatMap((k) => [`pass@${k}`, `Pass^${k}`, `Best@${k}`]);
  const header = [
    ...lead,
    "n",
    "Problems",
    "Epochs",
    "Accuracy",
    "Score",
    ...atK,
    "Parse",
    "Invalid",
    "Wrong",
    ...(unscoredShown(rows) ? ["Unscored"] : []),
    "Error",
    ...(truncatedShown(rows) ? ["Truncated"] : []),
    ...(constructionShown(rows) ? ["Construction"] : []),
    ...report.metrics.map(capitalised),
    ...(isolationShown(rows) ? ["Verifiers ran under"] : []),
  ];
  const align = header.map((_, i) => (i < lead.length ? "l" : "r"));
  const body = rows.map((r) => [
    ...(column === "" ? [r.model] : [r.model, r.group]),
    String(r.samples),
    String(r.problems),
    String(r.epochs),
    pct(r.accuracy),
    pct(r.meanScore),
    ...r.atK.flatMap((m) => [pct(m.passAtK), pct(m.passHatK), pct(m.bestAtK)]),
    pct(r.rates.parse),
    pct(r.rates.invalid),
    pct(r.rates.wrong),
    ...(unscoredShown(rows) ? [pct(r.rates.unscored)] : []),
    pct(r.rates.error),
    ...(truncatedShown(rows) ? [pct(r.truncated)] : []),
    ...(constructionShown(rows) ? [pct(r.constructionPassRate)] : []),
    ...report.metrics.map((m) => pct(r.metrics[m] ?? null)),
    ...(isolationShown(rows) ? [isolationText(r.isolation)] : []),
  ]);
  return { header, align, rows: body };
}

/** "bwrap 40, native 12", or a dash. */
export function isolationText(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([where, n]) => `${where} ${n}`);
  return parts.length === 0 ? DASH : parts.join(", ");
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const unscoredShown = (rows: readonly ReportRow[]) => rows.some((r) => r.rates.unscored > 0);
const truncatedShown = (rows: readonly ReportRow[]) => rows.some((r) => r.truncated > 0);
const constructionShown = (rows: readonly ReportRow[]) => rows.some((r) => r.constructionPassRate !== null);
const isolationShown = (rows: readonly ReportRow[]) => rows.some((r) => Object.keys(r.isolation).length > 0);
const judgeShown = (rows: readonly ReportRow[]) =>
  rows.some((r) => r.judgeTokens.input + r.judgeTokens.output > 0);

/**
 * The group's criteria rates as its tool counts them (the SPaRC CLI's path rates), under its labels:
 * the share of all answers failing each criterion (an unreadable answer fails them all), then the
 * share meeting them all.
 */
function cliPathTable(group: ReportGroup, rows: readonly ReportRow[]): Omit<TextTable, "title" | "kind"> {
  const header = ["Model", "Task", "Answers", ...group.criteria.map((c) => c.label), group.fullyValid];
  const body = rows.map((r) => [
    r.model,
    r.group,
    String(r.pathJudged),
    ...group.criteria.map((c) => pct(r.cliPathErrors[c.key] ?? null)),
    pct(r.cliFullyValidPath),
  ]);
  return { header, align: header.map((_, i) => (i < 2 ? "l" : "r")), rows: body };
}

/** Plumb's rates of the group: each check's failures among the answers read; well-formed over every answer. */
function pathTable(
  group: ReportGroup,
  report: Report,
  rows: readonly ReportRow[],
): Omit<TextTable, "title" | "kind"> {
  const header = ["Model", "Task", group.readLabel, ...report.pathChecks, group.wellFormed];
  const body = rows.map((r) => [
    r.model,
    r.group,
    String(r.pathRead),
    ...report.pathChecks.map((name) => pct(r.pathErrors[name] ?? null)),
    pct(r.wellFormedPath),
  ]);
  return { header, align: header.map((_, i) => (i < 2 ? "l" : "r")), rows: body };
}

function costTable(rows: readonly ReportRow[]): Omit<TextTable, "title" | "kind"> {
  const header = [
    "Model",
    "Task",
    "Input tok",
    "Output tok",
    "Reasoning tok",
    "Cached tok",
    "Cost (USD)",
    "Calls",
    "Spent (USD)",
    "Cache saved (USD)",
    "Solved/1M tok",
    "Solved/USD",
    "Mean latency (ms)",
    "Median latency (ms)",
    "Cache hits",
    ...(judgeShown(rows) ? ["Judge tok", "Judge USD"] : []),
  ];
  const body = rows.map((r) => [
    r.model,
    r.group,
    thousands(r.tokens.input),
    thousands(r.tokens.output),
    thousands(r.tokens.reasoning),
    thousands(r.tokens.cached),
    fixed(r.cost, 4),
    thousands(r.calls),
    fixed(r.spentUsd, 4),
    fixed(r.savedUsd, 4),
    fixed(r.solvedPer1MTokens, 2),
    fixed(r.solvedPerUsd, 2),
    thousands(r.meanLatencyMs),
    thousands(r.medianLatencyMs),
    pct(r.cachedShare),
    ...(judgeShown(rows)
      ? [thousands(r.judgeTokens.input + r.judgeTokens.output), fixed(r.judgeCost, 4)]
      : []),
  ]);
  return { header, align: header.map((_, i) => (i < 2 ? "l" : "r")), rows: body };
}

function episodeTable(rows: readonly ReportRow[]): Omit<TextTable, "title" | "kind"> {
  const header = ["Model", "Task", "Episodes", "Solved", "AvgSteps", "Dist2Opt", "NormDist"];
  const body = rows.flatMap((r) =>
    r.episodes === null
      ? []
      : [
          [
            r.model,
            r.group,
            String(r.episodes.count),
            String(r.episodes.solved),
            fixed(r.episodes.avgSteps, 2),
            fixed(r.episodes.dist2Opt, 2),
            fixed(r.episodes.normDist, 2),
          ],
        ],
  );
  return { header, align: header.map((_, i) => (i < 2 ? "l" : "r")), rows: body };
}

const seconds = (ms: number | null) => (ms === null ? DASH : (ms / 1000).toFixed(1));

/**
 * People's solve times (play mode's human runs), overall and by level, as SPaRC's human study gave
 * them: accuracy with the median and mean time to answer.
 */
function humanTimeTable(rows: readonly ReportRow[]): Omit<TextTable, "title" | "kind"> {
  const header = ["Level", "n", "Accuracy", "Median time (s)", "Mean time (s)"];
  const body = rows.map((r) => [
    r.grouping === "overall" ? "all" : r.group,
    String(r.samples),
    pct(r.accuracy),
    seconds(r.medianLatencyMs),
    seconds(r.meanLatencyMs),
  ]);
  return { header, align: header.map((_, i) => (i < 1 ? "l" : "r")), rows: body };
}

/** The report's tables, in the order `plumb report` prints them. */
export function reportTables(report: Report): TextTable[] {
  const tables: TextTable[] = [];
  for (const grouping of ["overall", "task", "level", "tag"] as const) {
    const rows = report.rows.filter((r) => r.grouping === grouping);
    if (rows.length > 0)
      tables.push({ title: TITLES[grouping][0], kind: "results", ...resultsTable(report, grouping, rows) });
  }
  // The detail tables stay per model × task (and overall) to keep them readable.
  const detail = report.rows.filter((r) => r.grouping === "overall" || r.grouping === "task");
  const pathRows = detail.filter((r) => r.pathJudged > 0);
  const group = report.group;
  const add = (title: string, table: Omit<TextTable, "title" | "kind">) =>
    tables.push({ title, kind: "detail", ...table });
  if (group && pathRows.length > 0) {
    add(`${group.title}, as ${group.countedBy} counts them`, cliPathTable(group, pathRows));
    add(
      `${group.title} among the ${group.readLabel.toLowerCase()} (Plumb)`,
      pathTable(group, report, pathRows),
    );
  }
  if (detail.length > 0) add("Tokens and cost", costTable(detail));
  if (detail.some((r) => r.episodes !== null)) add("Episodes", episodeTable(detail));
  const human = report.rows.filter(
    (r) => r.model === HUMAN_MODEL && (r.grouping === "overall" || r.grouping === "level"),
  );
  if (human.length > 0) add(`Time to answer (${HUMAN_MODEL})`, humanTimeTable(human));
  return tables;
}

function markdown(report: Report): string {
  const head = `# Report\n\nRuns: ${report.runs.join(", ") || DASH} · ${report.samples} samples · k = ${report.ks.join(", ")}`;
  const tables = reportTables(report).map(
    (t) => `## ${t.title}\n\n${markdownTable(t.header, t.align, t.rows)}`,
  );
  return `${[head, ...tables].join("\n\n")}\n`;
}

/** RFC 4180: quote a field holding a comma, quote or line break, doubling its quotes. */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as RFC 4180 CSV: fields quoted as needed, CRLF after every row. */
export function csvText(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

function csv(report: Report): string {
  const header = [
    "model",
    "grouping",
    "group",
    "samples",
    "problems",
    "epochs",
    "accuracy",
    "mean_score",
    ...report.ks.flatMap((k) => [`pass@${k}`, `pass^${k}`, `best@${k}`]),
    "parse_rate",
    "invalid_rate",
    "wrong_rate",
    "unscored_rate",
    "error_rate",
    "truncated_rate",
    "construction_pass_rate",
    ...report.metrics.map((m) => m.replaceAll(" ", "_")),
    "isolation",
    "judged",
    "path_judged",
    ...(report.group?.criteria ?? []).map((c) => `${c.key}_error`),
    "fully_valid_path",
    "path_read",
    ...report.pathChecks,
    "well_formed_path",
    "tokens_input",
    "tokens_output",
    "tokens_reasoning",
    "tokens_cached",
    "cost_usd",
    "calls",
    "spent_usd",
    "cache_saved_usd",
    "solved_per_1m_tokens",
    "solved_per_usd",
    "mean_latency_ms",
    "median_latency_ms",
    "cached_share",
    "cached_input_share",
    "episodes",
    "avg_steps",
    "dist2opt",
    "norm_dist",
    "judge_tokens",
    "judge_cost_usd",
  ];
  const rows = report.rows.map((r) => [
    r.model,
    r.grouping,
    r.group,
    r.samples,
    r.problems,
    r.epochs,
    r.accuracy,
    r.meanScore,
    ...r.atK.flatMap((m) => [m.passAtK, m.passHatK, m.bestAtK]),
    r.rates.parse,
    r.rates.invalid,
    r.rates.wrong,
    r.rates.unscored,
    r.rates.error,
    r.truncated,
    r.constructionPassRate,
    ...report.metrics.map((m) => r.metrics[m] ?? null),
    Object.keys(r.isolation).length === 0 ? null : isolationText(r.isolation),
    r.judged,
    r.pathJudged,
    ...(report.group?.criteria ?? []).map((c) => r.cliPathErrors[c.key] ?? null),
    r.cliFullyValidPath,
    r.pathRead,
    ...report.pathChecks.map((name) => r.pathErrors[name] ?? null),
    r.wellFormedPath,
    r.tokens.input,
    r.tokens.output,
    r.tokens.reasoning,
    r.tokens.cached,
    r.cost,
    r.calls,
    r.spentUsd,
    r.savedUsd,
    r.solvedPer1MTokens,
    r.solvedPerUsd,
    r.meanLatencyMs,
    r.medianLatencyMs,
    r.cachedShare,
    r.cachedInputShare,
    r.episodes?.count ?? null,
    r.episodes?.avgSteps ?? null,
    r.episodes?.dist2Opt ?? null,
    r.episodes?.normDist ?? null,
    r.judgeTokens.input + r.judgeTokens.output,
    r.judgeCost,
  ]);
  return csvText([header, ...rows]);
}

export function formatReport(report: Report, format: ReportFormat): string {
  switch (format) {
    case "md":
      return markdown(report);
    case "json":
      return `${JSON.stringify(report, null, 2)}\n`;
    case "csv":
      return csv(report);
  }
}
