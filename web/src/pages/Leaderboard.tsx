import { useState } from "react";
import { leaderboardResponse } from "../../../src/view/api.ts";
import { apiPath } from "../api.ts";
import { BudgetChart, budgetPointOf, budgetSeries } from "../charts/BudgetChart.tsx";
import { CostChart } from "../charts/CostChart.tsx";
import { LevelsChart } from "../charts/LevelsChart.tsx";
import { seriesNamer } from "../charts/series.ts";
import { Await } from "../components/Status.tsx";
import { fixed, pct, thousands, usd } from "../format.ts";
import { asReportRow, type ReportRow } from "../reportTypes.ts";
import { href } from "../router.ts";
import { useApi } from "../useApi.ts";

interface Entry {
  run: string;
  model: string;
  maxOutputTokens: number | null;
  row: ReportRow;
}

interface Metric {
  title: string;
  value(e: Entry): number | string | null;
  show(e: Entry): string;
}

const atK = (e: Entry, k: number) => e.row.atK.find((m) => m.k === k);

function metrics(ks: number[]): Metric[] {
  const n = (title: string, value: (e: Entry) => number | null, show: (x: number | null) => string) => ({
    title,
    value,
    show: (e: Entry) => show(value(e)),
  });
  return [
    { title: "Run", value: (e) => e.run, show: (e) => e.run },
    { title: "Model", value: (e) => e.model, show: (e) => e.model },
    n(
      "Max out tok",
      (e) => e.maxOutputTokens,
      (x) => (x === null ? "" : String(x)),
    ),
    n(
      "n",
      (e) => e.row.samples,
      (x) => String(x),
    ),
    n("Accuracy", (e) => e.row.accuracy, pct),
    ...ks.flatMap((k) => [
      n(`pass@${k}`, (e) => atK(e, k)?.passAtK ?? null, pct),
      n(`Best@${k}`, (e) => atK(e, k)?.bestAtK ?? null, pct),
      n(`Pass^${k}`, (e) => atK(e, k)?.passHatK ?? null, pct),
    ]),
    n("Score", (e) => e.row.meanScore, pct),
    n("Parse", (e) => e.row.rates.parse, pct),
    n("Invalid", (e) => e.row.rates.invalid, pct),
    n("Wrong", (e) => e.row.rates.wrong, pct),
    n("Error", (e) => e.row.rates.error, pct),
    n("Tokens", (e) => e.row.tokens.input + e.row.tokens.output, thousands),
    n("Cost", (e) => e.row.cost, usd),
    n(
      "Solved/1M tok",
      (e) => e.row.solvedPer1MTokens,
      (x) => fixed(x, 2),
    ),
    n(
      "Solved/USD",
      (e) => e.row.solvedPerUsd,
      (x) => fixed(x, 2),
    ),
  ];
}

function compareValues(a: number | string | null, b: number | string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1; // unknowns last
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b), "en", { numeric: true });
}

function LeaderboardTable({ entries, ks }: { entries: Entry[]; ks: number[] }) {
  const columns = metrics(ks);
  const [sort, setSort] = useState<{ title: string; desc: boolean }>({ title: "Accuracy", desc: true });
  const column = columns.find((c) => c.title === sort.title) ?? columns[4];
  const sorted = column
    ? [...entries].sort((a, b) => {
        const c = compareValues(column.value(a), column.value(b));
        const unknown = column.value(a) === null || column.value(b) === null;
        return unknown || !sort.desc ? c : -c;
      })
    : entries;
  return (
    <div className="table-wrap">
      <table data-testid="leaderboard">
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={c.title} className={i < 2 ? undefined : "num"} aria-sort={sortState(sort, c.title)}>
                <button
                  type="button"
                  className="sort"
                  onClick={() =>
                    setSort((s) => ({ title: c.title, desc: s.title === c.title ? !s.desc : i >= 2 }))
                  }
                >
                  {c.title}
                  {sort.title === c.title ? (sort.desc ? " ▾" : " ▴") : ""}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((e) => (
            <tr
              key={`${e.run}\u0000${e.model}`}
              data-testid="leaderboard-row"
              data-run={e.run}
              data-model={e.model}
            >
              {columns.map((c, i) => (
                <td key={c.title} className={i < 2 ? undefined : "num"}>
                  {i === 0 ? <a href={href.run(e.run)}>{e.run}</a> : c.show(e)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function sortState(sort: { title: string; desc: boolean }, title: string) {
  return sort.title === title ? (sort.desc ? "descending" : "ascending") : undefined;
}

/** The leaderboard of one suite (a row per run and model) and its charts. */
export function Leaderboard() {
  const [suite, setSuite] = useState("");
  const loaded = useApi(apiPath("/api/leaderboard", { suite }), leaderboardResponse, undefined, true);
  return (
    <section className="leaderboard">
      <h2>Leaderboard</h2>
      <Await loaded={loaded} what="the leaderboard">
        {(data) => {
          const entries = data.rows.flatMap((r) => {
            const row = asReportRow(r.row);
            return row === null
              ? []
              : [{ run: r.run, model: r.model, maxOutputTokens: r.maxOutputTokens, row }];
          });
          const ks = [...new Set(entries.flatMap((e) => e.row.atK.map((m) => m.k)))].sort((a, b) => a - b);
          const name = seriesNamer(entries);
          const budget = budgetSeries(
            entries.flatMap((e) => budgetPointOf(e.model, e.maxOutputTokens, e.row.accuracy) ?? []),
          );
          return (
            <>
              <label>
                Suite{" "}
                <select
                  data-testid="leaderboard-suite"
                  value={data.suite ?? ""}
                  onChange={(e) => setSuite(e.target.value)}
                >
                  {data.suite === null && <option value="">(none)</option>}
                  {data.suites.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </label>
              {entries.length === 0 ? (
                <p className="muted">No samples of this suite.</p>
              ) : (
                <>
                  <LeaderboardTable entries={entries} ks={ks} />
                  <div className="charts">
                    <div>
                      <h3>Accuracy by level</h3>
                      <LevelsChart points={data.levels} />
                    </div>
                    <div>
                      <h3>Cost against accuracy</h3>
                      <CostChart
                        points={entries.map((e) => ({
                          label: name(e.run, e.model),
                          cost: e.row.cost,
                          accuracy: e.row.accuracy,
                        }))}
                      />
                    </div>
                    {budget.size > 0 && (
                      <div>
                        <h3>Token budget</h3>
                        <BudgetChart series={budget} />
                      </div>
                    )}
                  </div>
                </>
              )}
            </>
          );
        }}
      </Await>
    </section>
  );
}
