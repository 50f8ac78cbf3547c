/**
 * The seeds' analyses of a run (src/report/analysis.ts), as `plumb analyse` prints them: tools
 * minus no tools, the failure-mode distributions and their shifts, the selection strategies, and
 * the budget sweep with its figure. Model ids, task ids and label names are shown as text.
 */
import type { RenderingJson } from "../../../src/view/api.ts";
import { DASH, pct, thousands } from "../format.ts";
import type {
  AnalysisReport,
  DeltaRow,
  FailureAnalysis,
  FailureReport,
  LabelDistribution,
  SelectionReport,
  SelectionTable,
  SettingsDeltaReport,
  SweepReport,
} from "../reportTypes.ts";
import { SvgRender } from "./SvgRender.tsx";
import { num, Table, text } from "./Table.tsx";

const one = (x: number | null) => (x === null ? DASH : x.toFixed(1));

/** A difference in points, signed and coloured (green up, red down). */
function Delta({ points }: { points: number | null }) {
  if (points === null) return <>{DASH}</>;
  const shown = `${points > 0 ? "+" : ""}${points.toFixed(1)}`;
  return <span className={points > 0 ? "ok" : points < 0 ? "bad" : undefined}>{shown}</span>;
}

// ---- Tools minus no tools

function deltaRows(r: SettingsDeltaReport, rows: readonly DeltaRow[]) {
  return rows.flatMap((row) =>
    row.cells.map((c, i) => {
      const pair = r.pairs[i];
      const setting =
        pair === undefined ? DASH : pair.setting === null ? "tools run" : `tools=${pair.setting}`;
      return [
        row.kind === "overall" ? <strong key="n">{row.name}</strong> : row.name,
        c.model,
        setting,
        String(c.paired),
        one(c.noToolsPercent),
        one(c.toolsPercent),
        <Delta key="d" points={c.delta} />,
        c.onlyNoTools + c.onlyTools === 0 ? "" : `${c.onlyNoTools} / ${c.onlyTools}`,
      ];
    }),
  );
}

function deltaColumns(first: string) {
  return [
    text(first),
    text("Model"),
    text("Tools"),
    num("Paired"),
    num("No tools %"),
    num("Tools %"),
    num("Δ"),
    num("Unpaired (no tools / tools)"),
  ];
}

export function ToolsDelta({ report }: { report: SettingsDeltaReport }) {
  const from =
    report.mode === "run"
      ? "the same model's tools setting in this run"
      : "the tools run (its model of the same base id)";
  return (
    <section data-testid="analysis-tools">
      <h3>Tools minus no tools</h3>
      <p className="muted">
        Mean score (%) over the subtasks both settings answered; Δ: {from} minus without tools, in points.
      </p>
      <Table
        testId="tools-delta-table"
        columns={deltaColumns("Scope")}
        rows={deltaRows(report, [report.overall, ...report.buckets])}
      />
      <details>
        <summary>By task ({report.tasks.length})</summary>
        <Table
          testId="tools-delta-tasks"
          columns={deltaColumns("Task")}
          rows={deltaRows(report, report.tasks)}
        />
      </details>
      {report.unpaired.length > 0 && (
        <p className="muted">Without a counterpart (left out): {report.unpaired.join(", ")}</p>
      )}
    </section>
  );
}

// ---- Failure modes

const share = (d: LabelDistribution, label: string) => {
  const s = d.labels[label];
  return s === undefined || s.count === 0 ? DASH : `${s.count} (${one(s.percent)}%)`;
};

function Distribution({
  analysis,
  rows,
  first,
  name,
  testId,
}: {
  analysis: FailureAnalysis;
  rows: readonly LabelDistribution[];
  first: string;
  name: (d: LabelDistribution) => string;
  testId?: string;
}) {
  const columns = [
    text(first),
    num("Labelled"),
    num("Unreadable"),
    ...analysis.labels.map((l) => num(l.name)),
    num("Mean confidence"),
  ];
  const body = rows.map((d) => [
    name(d),
    String(d.labelled),
    String(d.unreadable),
    ...analysis.labels.map((l) => share(d, l.id)),
    d.meanConfidence === null ? DASH : d.meanConfidence.toFixed(2),
  ]);
  return <Table testId={testId} columns={columns} rows={body} />;
}

function FailureSection({ analysis: a }: { analysis: FailureAnalysis }) {
  return (
    <section data-testid="analysis-failures">
      <h3>
        Failure modes: {a.title ?? a.taxonomy} · judge {a.judge}
      </h3>
      <p className="muted">
        {a.records} labelled samples
        {a.orphans > 0 ? ` (${a.orphans} labels of samples not in the run left out)` : ""}; each label's count
        and share of the samples the judge labelled.
      </p>
      <h4>By model</h4>
      <Distribution
        analysis={a}
        rows={a.byModel}
        first="Model"
        name={(d) => d.model ?? "all"}
        testId="failure-table"
      />
      {a.bySetting.length > 1 && (
        <>
          <h4>By setting</h4>
          <Distribution
            analysis={a}
            rows={a.bySetting}
            first="Setting"
            name={(d) => d.setting ?? "all"}
            testId="failure-setting-table"
          />
        </>
      )}
      {a.shifts.length > 0 && (
        <>
          <h4>Shifts under tools</h4>
          <p className="muted">A label's share with the tools setting minus without, per model, in points.</p>
          <Table
            testId="failure-shifts-table"
            columns={[text("Model"), text("Setting"), text("Label"), num("Without"), num("With"), num("Δ")]}
            rows={a.shifts.map((s) => [
              s.model,
              s.setting,
              s.name,
              `${s.without.count} (${one(s.without.percent)}%)`,
              `${s.with.count} (${one(s.with.percent)}%)`,
              <Delta key="d" points={s.delta} />,
            ])}
          />
        </>
      )}
      <details>
        <summary>By task ({a.byTask.length})</summary>
        <Distribution analysis={a} rows={a.byTask} first="Task" name={(d) => d.task ?? "all"} />
      </details>
    </section>
  );
}

export function Failures({ report }: { report: FailureReport }) {
  return (
    <>
      {report.analyses.map((a) => (
        <FailureSection key={`${a.taxonomy}\u0000${a.judge}`} analysis={a} />
      ))}
    </>
  );
}

// ---- Selection strategies

function fallbackText(row: SelectionTable["rows"][number]): string {
  const f = row.fallbacks;
  if (f === null) return "";
  const parts = [
    f.missing > 0 ? `${f.missing} without a pick` : "",
    f.unreadable > 0 ? `${f.unreadable} unreadable` : "",
    f.unmatched > 0 ? `${f.unmatched} unmatched` : "",
  ].filter((p) => p !== "");
  return parts.length === 0 ? "" : `first sample: ${parts.join(", ")}`;
}

function SelectionSection({ table: t, tasks }: { table: SelectionTable; tasks: readonly string[] }) {
  return (
    <>
      <h4>
        {t.model}
        {t.k !== null ? ` · k = ${t.k}` : ""}
      </h4>
      {t.note !== null && <p className="muted">{t.note}</p>}
      {t.rows.length > 0 && (
        <Table
          testId="selection-table"
          columns={[
            text("Strategy"),
            ...tasks.map((task) => num(`${task} (${t.problems[task] ?? 0})`)),
            num("All"),
            num("Δ vs Avg"),
            text("Fallbacks"),
          ]}
          rows={t.rows.map((row) => [
            row.strategy,
            ...tasks.map((task) => pct(row.tasks[task] ?? null)),
            pct(row.all),
            <Delta key="d" points={row.kind === "avg" ? null : row.delta} />,
            fallbackText(row),
          ])}
        />
      )}
      {t.excluded > 0 && <p className="muted">{t.excluded} problem(s) with fewer than k samples left out.</p>}
    </>
  );
}

export function Selection({ report }: { report: SelectionReport }) {
  return (
    <section data-testid="analysis-selection">
      <h3>Selection strategies (CHAIN's Table 4)</h3>
      <p className="muted">
        Share of problems solved over each problem's first k samples: Avg@k, Pass@j (one of the first j
        passed), and a judge's pick among the k. Task columns give their problem counts.
      </p>
      {report.tables.map((t) => (
        <SelectionSection key={t.model} table={t} tasks={report.tasks} />
      ))}
    </section>
  );
}

// ---- Budget sweep

const capLabel = (cap: number) =>
  cap >= 1 << 20 && cap % (1 << 20) === 0
    ? `${cap / (1 << 20)}M`
    : cap >= 1024 && cap % 1024 === 0
      ? `${cap / 1024}k`
      : String(cap);

export function Sweep({ report, plot }: { report: SweepReport; plot: RenderingJson | null }) {
  return (
    <section data-testid="analysis-sweep">
      <h3>Budget sweep: accuracy and realised output tokens per output-token cap</h3>
      {plot !== null && (
        <div className="sweep-plot">
          <SvgRender rendering={plot} testId="sweep-plot" />
        </div>
      )}
      <Table
        testId="sweep-table"
        columns={[
          text("Model"),
          num("Cap"),
          num("n"),
          num("Accuracy"),
          num("Score"),
          num("Output tok"),
          num("Reasoning tok"),
          num("Truncated"),
        ]}
        rows={report.series.flatMap((s) =>
          s.points.map((p) => [
            s.model,
            capLabel(p.cap),
            String(p.samples),
            pct(p.accuracy),
            pct(p.meanScore),
            thousands(p.meanOutputTokens),
            thousands(p.meanReasoningTokens),
            pct(p.truncated),
          ]),
        )}
      />
      <p className="muted">
        Token means per answered sample (output includes reasoning); failed calls count as failures;
        truncated: stopped at the cap.
        {report.uncapped > 0 ? ` ${report.uncapped} samples without a cap left out.` : ""}
      </p>
    </section>
  );
}

/** Every analysis the run has, each under its heading. */
export function AnalysisTables({
  analysis,
  sweepPlot,
}: {
  analysis: AnalysisReport;
  sweepPlot: RenderingJson | null;
}) {
  return (
    <div className="analysis">
      {analysis.tools && <ToolsDelta report={analysis.tools} />}
      {analysis.failures && <Failures report={analysis.failures} />}
      {analysis.selection && <Selection report={analysis.selection} />}
      {analysis.sweep && <Sweep report={analysis.sweep} plot={sweepPlot} />}
    </div>
  );
}
