import { useState } from "react";
import { compareResponse, runsResponse, samplesResponse } from "../../../src/view/api.ts";
import { apiPath } from "../api.ts";
import { Await } from "../components/Status.tsx";
import { DASH, fixed, pct } from "../format.ts";
import { asComparison, type PairComparison } from "../reportTypes.ts";
import { href } from "../router.ts";
import { useApi } from "../useApi.ts";

const DIFF_ROWS = 100;
/** Sample keys are looked up for runs of at most this many samples of the model (one request per run). */
const KEY_LOOKUP_LIMIT = 500;

const points = (x: number | null) => (x === null ? DASH : `${x > 0 ? "+" : ""}${(x * 100).toFixed(1)}`);
const instanceId = (task: string, instance: string) => `${task}\u0000${instance}`;

/** (task, instance) → a sample key of the model in the run, when the run is small enough to list. */
function useSampleKeys(run: string, model: string): Map<string, string> {
  const loaded = useApi(
    apiPath(`/api/runs/${encodeURIComponent(run)}/samples`, { model, limit: KEY_LOOKUP_LIMIT }),
    samplesResponse,
  );
  const keys = new Map<string, string>();
  for (const s of loaded.data?.samples ?? []) {
    const id = instanceId(s.task, s.instance);
    if (!keys.has(id)) keys.set(id, s.key);
  }
  return keys;
}

function Pair({ a, b, pair }: { a: string; b: string; pair: PairComparison }) {
  const [shownRows, setShownRows] = useState(DIFF_ROWS);
  const keysA = useSampleKeys(a, pair.modelA);
  const keysB = useSampleKeys(b, pair.modelB);
  const onlyA = pair.flips.filter((f) => f.direction === "lost").length;
  const onlyB = pair.flips.filter((f) => f.direction === "gained").length;
  const diffs = [...pair.diffs].sort((x, y) => Math.abs(y.diff) - Math.abs(x.diff));
  const shown = diffs.slice(0, shownRows);
  const title = pair.modelA === pair.modelB ? pair.modelA : `${pair.modelA} → ${pair.modelB}`;
  const link = (keys: Map<string, string>, run: string, task: string, instance: string, label: string) => {
    const key = keys.get(instanceId(task, instance));
    return key === undefined ? label : <a href={href.sample(run, key)}>{label}</a>;
  };
  return (
    <section className="pair" data-model-a={pair.modelA} data-model-b={pair.modelB}>
      <h2>{title}</h2>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th className="num">Instances in both</th>
              <th className="num">Solved only by A</th>
              <th className="num">Solved only by B</th>
              <th className="num">Score A</th>
              <th className="num">Score B</th>
              <th className="num">Δ (pts)</th>
              <th className="num">95% CI (pts)</th>
              <th className="num">B better</th>
              <th className="num">B worse</th>
              <th className="num">Equal</th>
              <th className="num">Sign test p</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td className="num">{pair.instances}</td>
              <td className="num" data-testid="compare-only-a">
                {onlyA}
              </td>
              <td className="num" data-testid="compare-only-b">
                {onlyB}
              </td>
              <td className="num">{pct(pair.meanA)}</td>
              <td className="num">{pct(pair.meanB)}</td>
              <td className="num">{points(pair.meanDiff)}</td>
              <td className="num">
                {pair.ci95 === null ? DASH : `[${points(pair.ci95[0])}, ${points(pair.ci95[1])}]`}
              </td>
              <td className="num">{pair.better}</td>
              <td className="num">{pair.worse}</td>
              <td className="num">{pair.equal}</td>
              <td className="num">{fixed(pair.signTestP, 4)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {pair.onlyA + pair.onlyB > 0 && (
        <p className="muted">
          Unpaired instances: {pair.onlyA} only in A, {pair.onlyB} only in B.
        </p>
      )}
      {diffs.length > 0 && (
        <>
          <h3>Per-instance scores (largest differences first)</h3>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th>Task</th>
                  <th>Instance</th>
                  <th className="num">Score A</th>
                  <th className="num">Score B</th>
                  <th className="num">B − A</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((d) => (
                  <tr key={instanceId(d.task, d.instance)}>
                    <td>{d.task}</td>
                    <td className="mono">{d.instance}</td>
                    <td className="num">{link(keysA, a, d.task, d.instance, d.scoreA.toFixed(2))}</td>
                    <td className="num">{link(keysB, b, d.task, d.instance, d.scoreB.toFixed(2))}</td>
                    <td className={`num ${d.diff > 0 ? "ok" : d.diff < 0 ? "bad" : ""}`}>{points(d.diff)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {diffs.length > shown.length && (
            <button type="button" onClick={() => setShownRows((n) => n + 5 * DIFF_ROWS)}>
              Show more ({shown.length} of {diffs.length} shown)
            </button>
          )}
        </>
      )}
    </section>
  );
}

function Comparison({ a, b }: { a: string; b: string }) {
  const loaded = useApi(apiPath("/api/compare", { a, b }), compareResponse);
  return (
    <Await loaded={loaded} what="the comparison">
      {(data) => {
        const c = asComparison(data.comparison);
        if (c === null) return <p className="error">The server sent a comparison this page cannot read.</p>;
        return (
          <div data-testid="compare-summary">
            <p className="muted">
              B − A in score points, paired per instance. A: {data.a.name} ({data.a.models.join(", ")}); B:{" "}
              {data.b.name} ({data.b.models.join(", ")}).
            </p>
            {c.pairs.length === 0 && <p>No model appears in both runs.</p>}
            {c.pairs.map((p) => (
              <Pair key={`${p.modelA}\u0000${p.modelB}`} a={a} b={b} pair={p} />
            ))}
            {c.unpaired.a.length > 0 && <p>Only in A: {c.unpaired.a.join(", ")}</p>}
            {c.unpaired.b.length > 0 && <p>Only in B: {c.unpaired.b.join(", ")}</p>}
          </div>
        );
      }}
    </Await>
  );
}

/** `#/compare?a=&b=`: two runs paired per instance, with `plumb compare`'s statistics. */
export function ComparePage({ a, b }: { a: string; b: string }) {
  const runs = useApi("/api/runs", runsResponse);
  const names = (runs.data?.runs ?? []).map((r) => r.name);
  const choose = (nextA: string, nextB: string) => {
    window.location.hash = href.compare(nextA, nextB);
  };
  const select = (testId: string, label: string, value: string, onChange: (v: string) => void) => (
    <label>
      {label}
      <select data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">choose a run</option>
        {value !== "" && !names.includes(value) && <option value={value}>{value}</option>}
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <>
      <h1>Compare runs</h1>
      {runs.state === "error" && <p className="error">Could not load the runs: {runs.error}</p>}
      <form className="filters" onSubmit={(e) => e.preventDefault()}>
        {select("compare-a", "Run A", a, (v) => choose(v, b))}
        {select("compare-b", "Run B", b, (v) => choose(a, v))}
        {a !== "" && b !== "" && (
          <button type="button" onClick={() => choose(b, a)}>
            Swap
          </button>
        )}
      </form>
      {a !== "" && b !== "" ? <Comparison a={a} b={b} /> : <p className="muted">Choose two runs.</p>}
    </>
  );
}
