import { BOX, colour, EmptyChart, Frame, Legend, linear, percentLabel } from "./frame.tsx";
import { byNatural, seriesNamer } from "./series.ts";

export interface LevelPoint {
  run: string;
  model: string;
  level: string;
  accuracy: number;
  samples: number;
}

/** Accuracy by level, a bar per (run, model) in each level's group. */
export function LevelsChart({ points }: { points: readonly LevelPoint[] }) {
  if (points.length === 0) return <EmptyChart testId="chart-levels" message="No levels in these samples" />;
  const name = seriesNamer(points);
  const series = [...new Set(points.map((p) => name(p.run, p.model)))];
  const levels = [...new Set(points.map((p) => p.level))].sort(byNatural);
  const x0 = BOX.left;
  const band = (BOX.width - BOX.right - x0) / levels.length;
  const bar = Math.min(28, (band * 0.8) / series.length);
  const y = linear([0, 1], [BOX.height - BOX.bottom, BOX.top], percentLabel);
  const categories = levels.map((label, i) => ({ label, at: x0 + band * (i + 0.5) }));
  return (
    <figure>
      <Frame
        testId="chart-levels"
        title="Accuracy by level"
        y={y}
        xTitle="Level"
        yTitle="Accuracy"
        xCategories={categories}
      >
        {points.map((p) => {
          const s = series.indexOf(name(p.run, p.model));
          const l = levels.indexOf(p.level);
          const left = x0 + band * (l + 0.5) - (bar * series.length) / 2 + bar * s;
          const key = `${p.run}\u0000${p.model}\u0000${p.level}`;
          return (
            <g key={key}>
              <rect
                x={left}
                y={y(p.accuracy)}
                width={Math.max(1, bar - 2)}
                height={Math.max(0, y(0) - y(p.accuracy))}
                fill={colour(s)}
              >
                <title>
                  {name(p.run, p.model)}, level {p.level}: {percentLabel(p.accuracy)} of {p.samples}
                </title>
              </rect>
              {bar >= 26 && (
                <text x={left + bar / 2 - 1} y={y(p.accuracy) - 4} textAnchor="middle" className="bar-label">
                  {Math.round(p.accuracy * 100)}%
                </text>
              )}
            </g>
          );
        })}
      </Frame>
      <Legend series={series} />
    </figure>
  );
}
