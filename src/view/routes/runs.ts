import { InputError } from "../../core/errors.ts";
import { runAnalysis } from "../analysis.ts";
import { type RunSummary, runDetailResponse, runReportResponse, runsQuery, runsResponse } from "../api.ts";
import { NotFound } from "../errors.ts";
import { type Route, route } from "../router.ts";
import { runSummaries, runSummary } from "../summaries.ts";

/** An ISO date or time, checked; `until` dates are inclusive, so they compare on their own length. */
function isoBound(value: string | undefined, field: string): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(Date.parse(value)))
    throw new InputError(`expected an ISO date such as 2026-01-31, got "${value.slice(0, 40)}"`, { field });
  return value;
}

function matches(run: RunSummary, q: { task?: string; suite?: string; model?: string; tag?: string }) {
  const has = (list: string[], v: string | undefined) => v === undefined || v === "" || list.includes(v);
  return (
    has(run.tasks, q.task) && has(run.suites, q.suite) && has(run.models, q.model) && has(run.tags, q.tag)
  );
}

export const runRoutes: Route[] = [
  route({
    method: "GET",
    path: "/api/runs",
    query: runsQuery,
    response: runsResponse,
    handle({ store, query }) {
      const since = isoBound(query.since, "since");
      const until = isoBound(query.until, "until");
      const runs = runSummaries(store).filter(
        (r) =>
          matches(r, query) &&
          (since === undefined || r.createdAt >= since) &&
          (until === undefined || r.createdAt.slice(0, until.length) <= until),
      );
      return { runs };
    },
  }),
  route({
    method: "GET",
    path: "/api/runs/:run",
    response: runDetailResponse,
    async handle({ store, params }) {
      const name = params.run ?? "";
      const run = runSummary(store, name);
      const record = store.getRun(name);
      if (!run || !record) throw new NotFound(`no run "${name}"`);
      const facets = store.sampleFacets(name);
      const distinct = (values: (string | null)[]) =>
        [...new Set(values.filter((v): v is string => v !== null))].sort();
      return {
        run,
        spec: record.config ?? null,
        totals: store.totals(name),
        facets: {
          tasks: distinct(facets.map((f) => f.task)),
          models: distinct(facets.map((f) => f.model)),
          levels: distinct(facets.map((f) => f.level)),
          failureKinds: distinct(facets.map((f) => f.failureKind)),
        },
      };
    },
  }),
  route({
    method: "GET",
    path: "/api/runs/:run/report",
    response: runReportResponse,
    async handle({ store, params }) {
      const name = params.run ?? "";
      if (!store.getRun(name)) throw new NotFound(`no run "${name}"`);
      const { report, paper, analysis, sweepPlot } = await runAnalysis(store, name);
      return {
        report: { ...report },
        paper: paper ? { ...paper } : null,
        analysis: analysis ? { ...analysis } : null,
        sweepPlot,
      };
    },
  }),
];
