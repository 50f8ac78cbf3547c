import { DASH, fixed, pct, thousands } from "../format.ts";
import type { Report, ReportRow } from "../reportTypes.ts";
import { type Column, num, Table, text } from "./Table.tsx";

const TITLES = { overall: "Overall", task: "By task", level: "By level", tag: "By tag" } as const;
const COLUMN = { overall: "", task: "Task", level: "Level", tag: "Tag" } as const;

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function isolationText(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([where, n]) => `${where} ${n}`);
  return parts.length === 0 ? DASH : parts.join(", ");
}

/** One grouping's results, with the columns `plumb report` prints (src/report/format.ts). */
function ResultsTable({ report, grouping }: { report: Report; grouping: keyof typeof TITLES }) {
  const rows = report.rows.filter((r) => r.grouping === grouping);
  if (rows.length === 0) return null;
  const unscored = rows.some((r) => r.rates.unscored > 0);
  const truncated = rows.some((r) => r.truncated > 0);
  const construction = rows.some((r) => r.constructionPassRate !== null);
  const isolation = rows.some((r) => Object.keys(r.isolation).length > 0);
  const column = COLUMN[grouping];
  const columns: Column[] = [
    text("Model"),
    ...(column === "" ? [] : [text(column)]),
    num("n"),
    num("Problems"),
    num("Epochs"),
    num("Accuracy"),
    num("Score"),
    ...report.ks.flatMap((k) => [num(`pass@${k}`), num(`Pass^${k}`), num(`Best@${k}`)]),
    num("Parse"),
    num("Invalid"),
    num("Wrong"),
    ...(unscored ? [num("Unscored")] : []),
    num("Error"),
    ...(truncated ? [num("Truncated")] : []),
    ...(construction ? [num("Construction")] : []),
    ...report.metrics.map((m) => num(capitalised(m))),
    ...(isolation ? [text("Verifiers ran under")] : []),
  ];
  const body = rows.map((r) => [
    r.model,
    ...(column === "" ? [] : [r.group]),
    String(r.samples),
    String(r.problems),
    String(r.epochs),
    pct(r.accuracy),
    pct(r.meanScore),
    ...report.ks.flatMap((k) => {
      const m = r.atK.find((a) => a.k === k);
      return [pct(m?.passAtK ?? null), pct(m?.passHatK ?? null), pct(m?.bestAtK ?? null)];
    }),
    pct(r.rates.parse),
    pct(r.rates.invalid),
    pct(r.rates.wrong),
    ...(unscored ? [pct(r.rates.unscored)] : []),
    pct(r.rates.error),
    ...(truncated ? [pct(r.truncated)] : []),
    ...(construction ? [pct(r.constructionPassRate)] : []),
    ...report.metrics.map((m) => pct(r.metrics[m] ?? null)),
    ...(isolation ? [isolationText(r.isolation)] : []),
  ]);
  return (
    <section>
      <h3>{TITLES[grouping]}</h3>
      <Table columns={columns} rows={body} testId="report-table" />
    </section>
  );
}

function PathTables({ report, rows }: { report: Report; rows: ReportRow[] }) {
  const group = report.group;
  const pathRows = rows.filter((r) => r.pathJudged > 0);
  if (group === null || pathRows.length === 0) return null;
  return (
    <>
      <section>
        <h3>
          {group.title}, as {group.countedBy} counts them
        </h3>
        <Table
          columns={[
            text("Model"),
            text("Task"),
            num("Answers"),
            ...group.criteria.map((c) => num(c.label)),
            num(group.fullyValid),
          ]}
          rows={pathRows.map((r) => [
            r.model,
            r.group,
            String(r.pathJudged),
            ...group.criteria.map((c) => pct(r.cliPathErrors[c.key] ?? null)),
            pct(r.cliFullyValidPath),
          ])}
        />
      </section>
      <section>
        <h3>
          {group.title} among the {group.readLabel.toLowerCase()} (Plumb)
        </h3>
        <Table
          columns={[
            text("Model"),
            text("Task"),
            num(group.readLabel),
            ...report.pathChecks.map(num),
            num(group.wellFormed),
          ]}
          rows={pathRows.map((r) => [
            r.model,
            r.group,
            String(r.pathRead),
            ...report.pathChecks.map((name) => pct(r.pathErrors[name] ?? null)),
            pct(r.wellFormedPath),
          ])}
        />
      </section>
    </>
  );
}

function CostTable({ rows }: { rows: ReportRow[] }) {
  const judge = rows.some((r) => r.judgeTokens.input + r.judgeTokens.output > 0);
  return (
    <section>
      <h3>Tokens and cost</h3>
      <Table
        columns={[
          text("Model"),
          text("Task"),
          num("Input tok"),
          num("Output tok"),
          num("Reasoning tok"),
          num("Cached tok"),
          num("Cost (USD)"),
          num("Calls"),
          num("Spent (USD)"),
          num("Cache saved (USD)"),
          num("Solved/1M tok"),
          num("Solved/USD"),
          num("Latency (ms)"),
          num("Cache hits"),
          ...(judge ? [num("Judge tok"), num("Judge USD")] : []),
        ]}
        rows={rows.map((r) => [
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
          pct(r.cachedShare),
          ...(judge ? [thousands(r.judgeTokens.input + r.judgeTokens.output), fixed(r.judgeCost, 4)] : []),
        ])}
      />
    </section>
  );
}

function EpisodeTable({ rows }: { rows: ReportRow[] }) {
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
  if (body.length === 0) return null;
  return (
    <section>
      <h3>Episodes</h3>
      <Table
        columns={[
          text("Model"),
          text("Task"),
          num("Episodes"),
          num("Solved"),
          num("AvgSteps"),
          num("Dist2Opt"),
          num("NormDist"),
        ]}
        rows={body}
      />
    </section>
  );
}

/** The tables `plumb report` prints for a run, in its order. */
export function ReportTables({ report }: { report: Report }) {
  const detail = report.rows.filter((r) => r.grouping === "overall" || r.grouping === "task");
  return (
    <div className="report">
      <p className="muted">
        {report.samples} samples · k = {report.ks.join(", ")}
      </p>
      {(["overall", "task", "level", "tag"] as const).map((g) => (
        <ResultsTable key={g} report={report} grouping={g} />
      ))}
      <PathTables report={report} rows={detail} />
      {detail.length > 0 && <CostTable rows={detail} />}
      <EpisodeTable rows={detail} />
    </div>
  );
}
