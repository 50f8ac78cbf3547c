import { useState } from "react";
import { type RunSummary, runsResponse } from "../../../src/view/api.ts";
import { apiPath } from "../api.ts";
import { Select } from "../components/Select.tsx";
import { Await } from "../components/Status.tsx";
import { pct, when } from "../format.ts";
import { href } from "../router.ts";
import { useApi } from "../useApi.ts";
import { Leaderboard } from "./Leaderboard.tsx";

interface Filters {
  task: string;
  suite: string;
  model: string;
  tag: string;
  since: string;
  until: string;
}

const NO_FILTERS: Filters = { task: "", suite: "", model: "", tag: "", since: "", until: "" };

const facet = (runs: readonly RunSummary[], pick: (r: RunSummary) => string[]) =>
  [...new Set(runs.flatMap(pick))].sort();

function RunsTable({ runs }: { runs: RunSummary[] }) {
  if (runs.length === 0) return <p className="muted">No runs match these filters.</p>;
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th>Run</th>
            <th>Created (UTC)</th>
            <th>Status</th>
            <th className="num">Samples</th>
            <th className="num">Passed</th>
            <th className="num">Accuracy</th>
            <th className="num">Errors</th>
            <th>Tasks</th>
            <th>Models</th>
            <th>Tags</th>
            <th>Preset</th>
            <th className="num">Max out tok</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.name} data-testid="run-row" data-run={r.name}>
              <td>
                <a href={href.run(r.name)}>{r.name}</a>
              </td>
              <td className="num">{when(r.createdAt)}</td>
              <td>
                <span className={`status status-${r.status}`}>{r.status}</span>
              </td>
              <td className="num">{r.samples}</td>
              <td className="num">{r.passed}</td>
              <td className="num">{pct(r.samples === 0 ? null : r.passed / r.samples)}</td>
              <td className="num">{r.errors}</td>
              <td className="list">{r.tasks.join(", ")}</td>
              <td className="list">{r.models.join(", ")}</td>
              <td className="list">{r.tags.join(", ")}</td>
              <td>{r.preset ?? ""}</td>
              <td className="num">{r.maxOutputTokens ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `#/`: the runs, filtered on the server, and the leaderboard of a suite. */
export function RunsPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const all = useApi("/api/runs", runsResponse);
  const filtered = useApi(apiPath("/api/runs", { ...filters }), runsResponse, undefined, true);
  const everyRun = all.data?.runs ?? [];
  const set = (key: keyof Filters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));
  const active = Object.values(filters).some((v) => v !== "");
  return (
    <>
      <h1>Runs</h1>
      <form className="filters" onSubmit={(e) => e.preventDefault()}>
        <Select
          label="Task"
          testId="filter-task"
          value={filters.task}
          options={["", ...facet(everyRun, (r) => r.tasks)]}
          onChange={set("task")}
        />
        <Select
          label="Suite"
          testId="filter-suite"
          value={filters.suite}
          options={["", ...facet(everyRun, (r) => r.suites)]}
          onChange={set("suite")}
        />
        <Select
          label="Model"
          testId="filter-model"
          value={filters.model}
          options={["", ...facet(everyRun, (r) => r.models)]}
          onChange={set("model")}
        />
        <Select
          label="Tag"
          testId="filter-tag"
          value={filters.tag}
          options={["", ...facet(everyRun, (r) => r.tags)]}
          onChange={set("tag")}
        />
        <label>
          From
          <input type="date" value={filters.since} onChange={(e) => set("since")(e.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={filters.until} onChange={(e) => set("until")(e.target.value)} />
        </label>
        {active && (
          <button type="button" onClick={() => setFilters(NO_FILTERS)}>
            Clear filters
          </button>
        )}
      </form>
      <Await loaded={filtered} what="runs">
        {(data) => <RunsTable runs={data.runs} />}
      </Await>
      <Leaderboard />
    </>
  );
}
