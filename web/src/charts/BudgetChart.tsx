import { BOX, colour, Frame, Legend, linear, logarithmic, percentLabel, type Scale } from "./frame.tsx";

export interface BudgetPoint {
  model: string;
  maxOutputTokens: number;
  accuracy: number;
}

const tokensLabel = (x: number) =>
  x >= 1024 && x % 1024 === 0
    ? `${x / 1024}k`
    : x >= 1000
      ? `${Number((x / 1000).toPrecision(3))}k`
      : String(Math.round(x));

/** A model id's setting suffixes, as src/core/model.ts parseSettingId reads them. */
const SETTING_SUFFIX = /\+(tools=(?:provider|python)|max-output-tokens=\d+)$/;

/**
 * A leaderboard row as a point of a budget curve: a model id under a `+max-output-tokens=N` setting
 * (one run of a `plumb sweep`) is the model without that suffix at cap N; else the run's own cap.
 * Null when neither gives a cap.
 */
export function budgetPointOf(model: string, runCap: number | null, accuracy: number): BudgetPoint | null {
  const kept: string[] = [];
  let cap: number | null = null;
  let rest = model;
  for (let m = SETTING_SUFFIX.exec(rest); m !== null; m = SETTING_SUFFIX.exec(rest)) {
    const setting = m[1] as string;
    if (setting.startsWith("max-output-tokens=")) cap = Number(setting.slice("max-output-tokens=".length));
    else kept.unshift(`+${setting}`);
    rest = rest.slice(0, m.index);
  }
  if (cap === null) return runCap === null ? null : { model, maxOutputTokens: runCap, accuracy };
  return { model: rest + kept.join(""), maxOutputTokens: cap, accuracy };
}

/**
 * The models with rows at two or more output-token caps (only those make a curve), a point per
 * cap: the mean accuracy of the model's rows at that cap.
 */
export function budgetSeries(points: readonly BudgetPoint[]): Map<string, BudgetPoint[]> {
  const byModel = new Map<string, Map<number, number[]>>();
  for (const p of points) {
    const caps = byModel.get(p.model) ?? new Map<number, number[]>();
    caps.set(p.maxOutputTokens, [...(caps.get(p.maxOutputTokens) ?? []), p.accuracy]);
    byModel.set(p.model, caps);
  }
  const out = new Map<string, BudgetPoint[]>();
  for (const [model, caps] of byModel) {
    if (caps.size < 2) continue;
    const list = [...caps].map(([maxOutputTokens, accs]) => ({
      model,
      maxOutputTokens,
      accuracy: accs.reduce((a, b) => a + b, 0) / accs.length,
    }));
    out.set(
      model,
      list.sort((a, b) => a.maxOutputTokens - b.maxOutputTokens),
    );
  }
  return out;
}

/** Accuracy against the output-token cap, a line per model. */
export function BudgetChart({ series }: { series: Map<string, BudgetPoint[]> }) {
  const all = [...series.values()].flat();
  const caps = all.map((p) => p.maxOutputTokens);
  const lo = Math.min(...caps);
  const hi = Math.max(...caps);
  const range: [number, number] = [BOX.left + 12, BOX.width - BOX.right - 12];
  const x: Scale =
    lo > 0 && hi / lo > 8
      ? logarithmic([lo, hi], range, tokensLabel, 2)
      : linear([0, hi], range, tokensLabel);
  const y = linear([0, 1], [BOX.height - BOX.bottom, BOX.top], percentLabel);
  const names = [...series.keys()];
  return (
    <figure>
      <Frame
        testId="chart-budget"
        title="Accuracy against the output-token cap"
        x={x}
        y={y}
        xTitle="Max output tokens"
        yTitle="Accuracy"
      >
        {names.map((model, i) => {
          const list = series.get(model) ?? [];
          return (
            <g key={model}>
              <polyline
                points={list.map((p) => `${x(p.maxOutputTokens)},${y(p.accuracy)}`).join(" ")}
                fill="none"
                stroke={colour(i)}
                strokeWidth={2}
              />
              {list.map((p) => (
                <circle
                  key={p.maxOutputTokens}
                  cx={x(p.maxOutputTokens)}
                  cy={y(p.accuracy)}
                  r={4}
                  fill={colour(i)}
                >
                  <title>
                    {model} at {p.maxOutputTokens} tokens: {percentLabel(p.accuracy)}
                  </title>
                </circle>
              ))}
            </g>
          );
        })}
      </Frame>
      <Legend series={names} />
    </figure>
  );
}
