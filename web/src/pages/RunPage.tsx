import { useEffect, useState } from "react";
import { z } from "zod";
import { runDetailResponse, runReportResponse } from "../../../src/view/api.ts";
import { isStatic } from "../api.ts";
import { AnalysisTables } from "../components/AnalysisTables.tsx";
import { PaperTables } from "../components/PaperTables.tsx";
import { ReportTables } from "../components/ReportTables.tsx";
import { Await } from "../components/Status.tsx";
import { thousands, usd, when } from "../format.ts";
import { asAnalysis, asPaperReport, asReport } from "../reportTypes.ts";
import { href } from "../router.ts";
import { useApi } from "../useApi.ts";
import { SampleList } from "./SampleList.tsx";

/** While a run is being written, its page rereads the store this often. */
const REFRESH_MS = 3000;

/** The parts of a run spec the summary line shows (tasks and models keyed by id); the whole spec is shown raw below it. */
const specSummary = z
  .object({
    tasks: z.record(z.string(), z.unknown()).optional(),
    models: z.record(z.string(), z.unknown()).optional(),
    epochs: z.number().optional(),
  })
  .loose();

function Spec({ spec, preset }: { spec: unknown; preset: string | null }) {
  const parsed = specSummary.safeParse(spec);
  const s = parsed.success ? parsed.data : {};
  const tasks = Object.keys(s.tasks ?? {});
  const models = Object.keys(s.models ?? {});
  return (
    <details className="spec">
      <summary>
        Spec: {tasks.length} task(s) ({tasks.join(", ")}) · model(s) {models.join(", ")}
        {preset ? ` · preset ${preset}` : ""}
        {s.epochs !== undefined ? ` · ${s.epochs} epoch(s)` : ""}
      </summary>
      <pre className="json">{JSON.stringify(spec, null, 2)}</pre>
    </details>
  );
}

/**
 * The report tables, loaded apart from the rest of the page: a large run's report takes seconds to
 * build the first time, and the page (totals, samples) is usable meanwhile.
 */
function RunReport({ run, samples, refreshMs }: { run: string; samples: number; refreshMs?: number }) {
  const loaded = useApi(`/api/runs/${encodeURIComponent(run)}/report`, runReportResponse, refreshMs);
  return (
    <Await loaded={loaded} what={`the report of ${thousands(samples)} samples`}>
      {(r) => {
        const report = asReport(r.report);
        const paper = asPaperReport(r.paper);
        const analysis = asAnalysis(r.analysis);
        return (
          <>
            {report ? <ReportTables report={report} /> : <p className="muted">No report for this run.</p>}
            {paper && <PaperTables report={paper} />}
            {analysis && (
              <>
                <h2>Analyses</h2>
                <AnalysisTables analysis={analysis} sweepPlot={r.sweepPlot} />
              </>
            )}
          </>
        );
      }}
    </Await>
  );
}

/** `#/runs/:run`: a run's status, totals, report tables, and its samples. */
export function RunPage({ run }: { run: string }) {
  const detailPath = `/api/runs/${encodeURIComponent(run)}`;
  const [running, setRunning] = useState(false);
  const first = useApi(detailPath, runDetailResponse, running ? REFRESH_MS : undefined);
  const nowRunning = first.data?.run.status === "running";
  useEffect(() => setRunning(nowRunning), [nowRunning]);
  return (
    <>
      <p className="crumbs">
        <a href={href.runs()}>Runs</a> / {run}
      </p>
      <h1>{run}</h1>
      <Await loaded={first} what="the run">
        {(d) => {
          const t = d.totals;
          return (
            <>
              <dl className="facts">
                <dt>Status</dt>
                <dd>
                  <span className={`status status-${d.run.status}`}>{d.run.status}</span>
                  {running && <span className="muted"> (refreshing every {REFRESH_MS / 1000} s)</span>}
                </dd>
                <dt>Created</dt>
                <dd>{when(d.run.createdAt)} UTC</dd>
                <dt>Tasks</dt>
                <dd>{d.run.tasks.join(", ")}</dd>
                <dt>Models</dt>
                <dd>{d.run.models.join(", ")}</dd>
                <dt>Samples</dt>
                <dd>
                  {t.samples} ({t.passed} passed, {t.errors} errors)
                </dd>
                <dt>Tokens</dt>
                <dd>
                  {thousands(t.usage.input)} in · {thousands(t.usage.output)} out ·{" "}
                  {thousands(t.usage.reasoning)} reasoning
                </dd>
                <dt>Cost</dt>
                <dd>
                  {usd(t.costUsd)} ({usd(t.spentUsd)} spent, {usd(t.savedUsd)} saved by the cache
                  {t.unpricedSamples > 0 ? `; ${t.unpricedSamples} samples unpriced` : ""})
                </dd>
              </dl>
              <Spec spec={d.spec} preset={d.run.preset} />
              {!isStatic() && (
                <p>
                  <a href={href.compare(run, "")}>Compare this run with another →</a>
                </p>
              )}
              <h2>Report</h2>
              <RunReport run={run} samples={t.samples} refreshMs={running ? REFRESH_MS : undefined} />
              <SampleList run={run} facets={d.facets} refreshMs={running ? REFRESH_MS : undefined} />
            </>
          );
        }}
      </Await>
    </>
  );
}
