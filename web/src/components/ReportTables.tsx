import { reportTables } from "../../../src/report/format.ts";
import type { Report } from "../reportTypes.ts";
import { Table } from "./Table.tsx";

/** The tables `plumb report` prints for a run, built by the same code, in its order. */
export function ReportTables({ report }: { report: Report }) {
  const tables = reportTables(report);
  return (
    <div className="report">
      <p className="muted">
        {report.samples} samples · k = {report.ks.join(", ")}
      </p>
      {tables.map((t) => (
        <section key={t.title}>
          <h3>{t.title}</h3>
          <Table
            testId="report-table"
            columns={t.header.map((title, i) => ({ title, numeric: t.align[i] === "r" }))}
            rows={t.rows}
          />
        </section>
      ))}
    </div>
  );
}
