import type { PaperReport, PaperRow } from "../reportTypes.ts";
import { num, Table, text } from "./Table.tsx";

const one = (x: number | null) => (x === null ? "–" : x.toFixed(1));
const signed = (x: number | null) => (x === null ? "–" : `${x > 0 ? "+" : ""}${x.toFixed(1)}`);

type Column = PaperReport["columns"][number];

/** The report's columns: older reports (before tools mode) carry the model ids alone. */
function columnsOf(report: PaperReport): Column[] {
  const byKey = new Map((report.columns ?? []).map((c) => [c.key, c]));
  return report.models.map((m) => byKey.get(m) ?? { key: m, model: m, against: null, setting: null });
}

/** The Δ column's heading: "Δ", or in tools mode the tools setting it is taken against. */
function deltaHeading(report: PaperReport, c: Column): string {
  if (report.mode !== "tools" || c.against === null) return "Δ";
  return c.setting === null ? "Δ tools run" : `Δ tools=${c.setting}`;
}

/** What the figures and Δ are, for the caption (as `plumb report --paper` words it). */
function deltaCaption(report: PaperReport): string {
  if (report.mode === "tools")
    return report.toolsFrom === "runs"
      ? "; each model without tools (this run); Δ: the tools run minus this run, in points"
      : "; each model without tools; Δ: the same model with tools (its +tools=… setting in this run) minus without, in points";
  return report.hasBaseline ? "; Δ: this run minus the baseline run, in points" : "";
}

function PaperTable({
  report,
  rows,
  first,
  testId,
}: {
  report: PaperReport;
  rows: PaperRow[];
  first: string;
  testId: string;
}) {
  const cols = columnsOf(report);
  const columns = [
    text(first),
    num("Subtasks"),
    ...cols.flatMap((c) => (report.hasBaseline ? [num(c.key), num(deltaHeading(report, c))] : [num(c.key)])),
  ];
  const body = rows.map((row) => {
    const name =
      row.kind === "task" || row.kind === "bucket" ? row.name : <strong key="name">{row.name}</strong>;
    if (row.kind === "heading") return [name, "", ...columns.slice(2).map(() => "")];
    return [
      name,
      String(row.subtasks),
      ...cols.flatMap((col) => {
        const c = row.cells[col.key];
        return report.hasBaseline
          ? [one(c?.percent ?? null), signed(c?.delta ?? null)]
          : [one(c?.percent ?? null)];
      }),
    ];
  });
  return <Table testId={testId} columns={columns} rows={body} />;
}

/** A run in its paper's layout (src/report/paper-table.ts), as `plumb report --paper` prints it. */
export function PaperTables({ report }: { report: PaperReport }) {
  const delta = deltaCaption(report);
  return (
    <section data-testid="paper-tables" data-mode={report.mode}>
      <h3>
        {report.title}, Table 1 layout: mean score per bucket (%){delta}
      </h3>
      <PaperTable report={report} rows={report.buckets} first="Bucket" testId="paper-buckets" />
      <h3>
        {report.title}, Table A.1 layout: mean score per task (%){delta}
      </h3>
      <PaperTable report={report} rows={report.tasks} first="Task" testId="paper-tasks" />
      {report.mode === "tools" && (report.unpaired ?? []).length > 0 && (
        <p className="muted">
          Under a tools setting with no run without tools (not shown): {report.unpaired.join(", ")}
        </p>
      )}
    </section>
  );
}
