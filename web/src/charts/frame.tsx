import type { ReactNode } from "react";

/** Series colours: Okabe–Ito (colour-blind friendly) first, then darker and lighter tones, cycled. */
const PALETTE = [
  "#0072b2",
  "#e69f00",
  "#009e73",
  "#cc79a7",
  "#56b4e9",
  "#d55e00",
  "#c9b600",
  "#000000",
  "#7b4ea3",
  "#8c6d31",
  "#17becf",
  "#9a9a9a",
];
export const colour = (i: number) => PALETTE[i % PALETTE.length] as string;

export interface Box {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const BOX: Box = { width: 640, height: 300, left: 56, right: 16, top: 16, bottom: 48 };

export interface Scale {
  (x: number): number;
  ticks: number[];
  label(x: number): string;
}

function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const m = raw / power;
  return (m > 5 ? 10 : m > 2 ? 5 : m > 1 ? 2 : 1) * power;
}

export function linear(
  domain: [number, number],
  range: [number, number],
  label: (x: number) => string,
): Scale {
  const [d0, d1raw] = domain;
  const d1 = d1raw === d0 ? d0 + 1 : d1raw;
  const f = ((x: number) => range[0] + ((x - d0) / (d1 - d0)) * (range[1] - range[0])) as Scale;
  const step = niceStep(d1 - d0, 5);
  f.ticks = [];
  for (let t = Math.ceil(d0 / step) * step; t <= d1 + step * 1e-9; t += step) f.ticks.push(t);
  f.label = label;
  return f;
}

/** A base-10 (or base-2 for token caps) log scale; every domain value must be positive. */
export function logarithmic(
  domain: [number, number],
  range: [number, number],
  label: (x: number) => string,
  base = 10,
): Scale {
  const l0 = Math.log(domain[0]) / Math.log(base);
  const l1raw = Math.log(domain[1]) / Math.log(base);
  const l1 = l1raw === l0 ? l0 + 1 : l1raw;
  const f = ((x: number) =>
    range[0] + ((Math.log(x) / Math.log(base) - l0) / (l1 - l0)) * (range[1] - range[0])) as Scale;
  f.ticks = [];
  for (let e = Math.floor(l0); e <= Math.ceil(l1); e++) {
    const t = base ** e;
    if (t >= domain[0] * 0.999 && t <= domain[1] * 1.001) f.ticks.push(t);
  }
  f.label = label;
  return f;
}

export const percentLabel = (x: number) => `${Math.round(x * 100)}%`;

/** The plot area with its axes, ticks, grid lines and axis titles; children draw inside. */
export function Frame({
  testId,
  title,
  box = BOX,
  x,
  y,
  xTitle,
  yTitle,
  xCategories,
  children,
}: {
  testId: string;
  title: string;
  box?: Box;
  x?: Scale;
  y: Scale;
  xTitle: string;
  yTitle: string;
  /** Category labels with their centres, for bar charts (instead of an x scale). */
  xCategories?: { label: string; at: number }[];
  children: ReactNode;
}) {
  const x0 = box.left;
  const x1 = box.width - box.right;
  const y0 = box.height - box.bottom;
  const y1 = box.top;
  return (
    <svg
      data-testid={testId}
      className="chart"
      viewBox={`0 0 ${box.width} ${box.height}`}
      width={box.width}
      height={box.height}
      role="img"
      aria-label={title}
    >
      <title>{title}</title>
      {y.ticks.map((t) => (
        <g key={`y${t}`}>
          <line x1={x0} x2={x1} y1={y(t)} y2={y(t)} className="grid" />
          <text x={x0 - 6} y={y(t)} className="tick" textAnchor="end" dominantBaseline="middle">
            {y.label(t)}
          </text>
        </g>
      ))}
      {x?.ticks.map((t) => (
        <g key={`x${t}`}>
          <line x1={x(t)} x2={x(t)} y1={y0} y2={y0 + 4} className="axis" />
          <text x={x(t)} y={y0 + 16} className="tick" textAnchor="middle">
            {x.label(t)}
          </text>
        </g>
      ))}
      {xCategories?.map((c) => (
        <text key={c.label} x={c.at} y={y0 + 16} className="tick" textAnchor="middle">
          {c.label}
        </text>
      ))}
      <line x1={x0} x2={x1} y1={y0} y2={y0} className="axis" />
      <line x1={x0} x2={x0} y1={y0} y2={y1} className="axis" />
      <text x={(x0 + x1) / 2} y={box.height - 8} className="axis-title" textAnchor="middle">
        {xTitle}
      </text>
      <text
        x={14}
        y={(y0 + y1) / 2}
        className="axis-title"
        textAnchor="middle"
        transform={`rotate(-90 14 ${(y0 + y1) / 2})`}
      >
        {yTitle}
      </text>
      {children}
    </svg>
  );
}

/** The series names with their colours, as HTML under the chart. */
export function Legend({ series }: { series: readonly string[] }) {
  return (
    <ul className="legend">
      {series.map((s, i) => (
        <li key={s}>
          <span className="swatch" style={{ background: colour(i) }} />
          {s}
        </li>
      ))}
    </ul>
  );
}

/** An SVG with the chart's test id that says why there is nothing to draw. */
export function EmptyChart({ testId, message }: { testId: string; message: string }) {
  return (
    <svg data-testid={testId} className="chart empty" viewBox="0 0 640 60" width={640} height={60} role="img">
      <title>{message}</title>
      <text x={320} y={34} textAnchor="middle" className="axis-title">
        {message}
      </text>
    </svg>
  );
}
