import type { PaperReport, PaperRow } from "../reportTypes.ts";
import { num, Table, text } from "./Table.tsx";

const one = (x: number | null) => (x === null ? "–" : x.toFixed(1));
const signed = (x: number | null) => (x === null ? "–" : `${x > 0 ? "+" : ""}${x.toFixed(1)}`);

function PaperTable({ report, rows, first }: { report: PaperReport; rows: PaperRow[]; first: string }) {
  const columns = [
    text(first),
    num("Subtasks"),
    ...report.models.flatMap((m) => (report.hasBaseline ? [num(m), num("Δ")] : [num(m)])),
  ];
  const body = rows.map((row) => {
    const name =
      row.kind === "task" || row.kind === "bucket" ? row.name : <strong key="name">{row.name}</strong>;
    if (row.kind === "heading") return [name, "", ...columns.slice(2).map(() => "")];
    return [
      name,
      String(row.subtasks),
      ...report.models.flatMap((m) => {
        const c = row.cells[m];
        return report.hasBaseline
          ? [one(c?.percent ?? null), signed(c?.delta ?? null)]
          : [one(c?.percent ?? null)];
      }),
    ];
  });
  return <Table columns={columns} rows={body} />;
}

/** A run in its paper's layout (src/report/paper-table.ts), as `plumb report --paper` prints it. */
export function PaperTables({ report }: { report: PaperReport }) {
  const delta = report.hasBaseline ? "; Δ: this run minus the baseline run, in points" : "";
  return (
    <section>
      <h3>
        {report.title}, Table 1 layout: mean score per bucket (%){delta}
      </h3>
      <PaperTable report={report} rows={report.buckets} first="Bucket" />
      <h3>{report.title}, Table A.1 layout: mean score per task (%)</h3>
      <PaperTable report={report} rows={report.tasks} first="Task" />
    </section>
  );
}
