import { useState } from "react";
import { type SampleSummary, samplesResponse } from "../../../src/view/api.ts";
import { apiPath } from "../api.ts";
import { Select } from "../components/Select.tsx";
import { Await } from "../components/Status.tsx";
import { ms, thousands, usd } from "../format.ts";
import { href } from "../router.ts";
import { useApi } from "../useApi.ts";

const PAGE = 50;
const OUTCOMES = ["", "passed", "parse", "invalid", "wrong", "unscored", "error"] as const;

export interface Facets {
  tasks: string[];
  models: string[];
  levels: string[];
}

interface Filters {
  model: string;
  task: string;
  level: string;
  outcome: string;
}

function outcomeOf(s: SampleSummary): string {
  if (s.status === "error") return "error";
  if (s.passed) return "passed";
  return s.failureKind ?? "unscored";
}

/** A run's samples, a page at a time from the server, with filters. */
export function SampleList({ run, facets, refreshMs }: { run: string; facets: Facets; refreshMs?: number }) {
  const [filters, setFilters] = useState<Filters>({ model: "", task: "", level: "", outcome: "" });
  const [offset, setOffset] = useState(0);
  const loaded = useApi(
    apiPath(`/api/runs/${encodeURIComponent(run)}/samples`, { ...filters, offset, limit: PAGE }),
    samplesResponse,
    refreshMs,
    true,
  );
  const set = (key: keyof Filters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setOffset(0);
  };
  return (
    <section>
      <h2>Samples</h2>
      <form className="filters" onSubmit={(e) => e.preventDefault()}>
        <Select
          label="Model"
          testId="sample-filter-model"
          value={filters.model}
          options={["", ...facets.models]}
          onChange={set("model")}
        />
        <Select
          label="Task"
          testId="sample-filter-task"
          value={filters.task}
          options={["", ...facets.tasks]}
          onChange={set("task")}
        />
        {facets.levels.length > 0 && (
          <Select
            label="Level"
            value={filters.level}
            options={["", ...facets.levels]}
            onChange={set("level")}
          />
        )}
        <Select
          label="Outcome"
          testId="sample-filter-outcome"
          value={filters.outcome}
          options={OUTCOMES}
          onChange={set("outcome")}
        />
      </form>
      <Await loaded={loaded} what="samples">
        {(page) => (
          <>
            <div className="pager">
              <button
                type="button"
                data-testid="page-prev"
                disabled={page.offset === 0}
                onClick={() => setOffset(Math.max(0, page.offset - PAGE))}
              >
                ← Previous
              </button>
              <span>
                {page.total === 0 ? 0 : page.offset + 1}–{page.offset + page.samples.length} of{" "}
                <span data-testid="sample-total">{page.total}</span>
              </span>
              <button
                type="button"
                data-testid="page-next"
                disabled={page.offset + page.samples.length >= page.total}
                onClick={() => setOffset(page.offset + PAGE)}
              >
                Next →
              </button>
            </div>
            {page.samples.length === 0 ? (
              <p className="muted">No samples match.</p>
            ) : (
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th>Sample</th>
                      <th>Task</th>
                      <th>Level</th>
                      <th>Instance</th>
                      <th>Model</th>
                      <th className="num">Epoch</th>
                      <th>Outcome</th>
                      <th className="num">Score</th>
                      <th className="num">Steps</th>
                      <th className="num">Tokens</th>
                      <th className="num">Cost</th>
                      <th className="num">Latency</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.samples.map((s) => {
                      const outcome = outcomeOf(s);
                      return (
                        <tr key={s.key} data-testid="sample-row" data-key={s.key}>
                          <td>
                            <a href={href.sample(run, s.key)}>{s.key}</a>
                          </td>
                          <td>{s.task}</td>
                          <td>{s.level ?? ""}</td>
                          <td className="mono">{s.instance}</td>
                          <td>{s.model}</td>
                          <td className="num">{s.epoch}</td>
                          <td>
                            <span className={`outcome outcome-${outcome}`}>
                              {outcome === "passed" ? "✓ passed" : `✗ ${outcome}`}
                            </span>
                          </td>
                          <td className="num">{s.score === null ? "" : s.score.toFixed(2)}</td>
                          <td className="num">{s.steps ?? ""}</td>
                          <td className="num">{thousands(s.usage.input + s.usage.output)}</td>
                          <td className="num">{usd(s.costUsd)}</td>
                          <td className="num">{ms(s.latencyMs)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </Await>
    </section>
  );
}
