import { BOX, colour, EmptyChart, Frame, linear, logarithmic, percentLabel, type Scale } from "./frame.tsx";
import { placeLabels } from "./labels.ts";

export interface CostPoint {
  label: string;
  cost: number | null;
  accuracy: number;
}

const usdLabel = (x: number) => (x >= 1 ? `$${x}` : `$${Number(x.toPrecision(2))}`);

/** Cost against accuracy, a labelled point per (run, model) (CHAIN's Figure 3); unpriced rows are left out. */
export function CostChart({ points }: { points: readonly CostPoint[] }) {
  const priced = points.filter((p): p is CostPoint & { cost: number } => p.cost !== null && p.cost > 0);
  const skipped = points.length - priced.length;
  const note =
    skipped > 0 ? `${skipped} of ${points.length} rows left out: no known price (or no cost).` : null;
  if (priced.length === 0)
    return (
      <figure>
        <EmptyChart testId="chart-cost" message="No priced rows to plot" />
        {note && <figcaption className="muted">{note}</figcaption>}
      </figure>
    );
  const costs = priced.map((p) => p.cost);
  const lo = Math.min(...costs);
  const hi = Math.max(...costs);
  const range: [number, number] = [BOX.left + 8, BOX.width - BOX.right - 8];
  const x: Scale =
    hi / lo > 20 ? logarithmic([lo, hi], range, usdLabel) : linear([0, hi * 1.1], range, usdLabel);
  const y = linear([0, 1], [BOX.height - BOX.bottom, BOX.top], percentLabel);
  const labels = placeLabels(
    priced.map((p) => ({ x: x(p.cost), y: y(p.accuracy), text: p.label })),
    { x0: BOX.left, x1: BOX.width - 2, y0: 0, y1: BOX.height - BOX.bottom },
  );
  return (
    <figure>
      <Frame
        testId="chart-cost"
        title="Cost against accuracy"
        x={x}
        y={y}
        xTitle="Cost (USD)"
        yTitle="Accuracy"
      >
        {priced.map((p, i) => (
          <g key={p.label}>
            <circle cx={x(p.cost)} cy={y(p.accuracy)} r={5} fill={colour(i)}>
              <title>
                {p.label}: {percentLabel(p.accuracy)} for {usdLabel(p.cost)}
              </title>
            </circle>
            <text x={labels[i]?.x} y={labels[i]?.y} textAnchor={labels[i]?.anchor} className="point-label">
              {p.label}
            </text>
          </g>
        ))}
      </Frame>
      {note && <figcaption className="muted">{note}</figcaption>}
    </figure>
  );
}
