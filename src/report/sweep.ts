import { parseSettingId, settingId } from "../core/model.ts";
import { PALETTE as COLOURS, escapeXml, svgDocument } from "../core/svg.ts";
import type { ReportSample } from "../store/types.ts";
import { csvText, DASH, figureTable, pct, thousands } from "./format.ts";

/** One output-token cap of one model's sweep. */
export interface SweepPoint {
  /** The output-token cap (the id's `+max-output-tokens=` suffix). */
  cap: number;
  /** Samples, errors included. */
  samples: number;
  /** Distinct (task, instance) pairs. */
  problems: number;
  /** Samples the model answered (status "ok"): the denominator of the token means. */
  answered: number;
  passed: number;
  /** Passed / samples: errors and parse failures count as failures. */
  accuracy: number;
  /** Mean score over all samples, errors and parse failures scoring 0. */
  meanScore: number;
  /** Mean realised output tokens (reasoning included) per answered sample; null when none was answered. */
  meanOutputTokens: number | null;
  /** Mean reasoning tokens per answered sample; null when none was answered. */
  meanReasoningTokens: number | null;
  /** Share of all samples cut off at the cap (finish reason "length"). */
  truncated: number;
}

/** One model (its id without the cap, other settings kept) across the caps it was run under. */
export interface SweepSeries {
  model: string;
  /** By cap, ascending. */
  points: SweepPoint[];
}

/** SCBench §3.2 / Figure 3: accuracy and realised output tokens as the output-token cap grows. */
export interface SweepReport {
  runs: string[];
  /** Samples under a cap, the ones the report counts. */
  samples: number;
  /** Samples left out: their model id carries no output-token cap. */
  uncapped: number;
  /** Every cap seen, ascending. */
  caps: number[];
  /** By model id. */
  series: SweepSeries[];
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The model id without its output-token cap, and the cap; null when the id carries none. */
export function sweepModelOf(id: string): { model: string; cap: number } | null {
  const { model, setting } = parseSettingId(id);
  if (setting.maxOutputTokens === undefined) return null;
  const rest = setting.tools === undefined ? {} : { tools: setting.tools };
  return { model: settingId(model, rest), cap: setting.maxOutputTokens };
}

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

function pointOf(cap: number, list: readonly ReportSample[]): SweepPoint {
  const answered = list.filter((s) => s.status === "ok");
  const passed = list.filter((s) => s.passed === true).length;
  return {
    cap,
    samples: list.length,
    problems: new Set(list.map((s) => `${s.task}\u0000${s.instance}`)).size,
    answered: answered.length,
    passed,
    accuracy: passed / list.length,
    meanScore: mean(list.map((s) => s.score ?? 0)) ?? 0,
    meanOutputTokens: mean(answered.map((s) => s.usage.output)),
    meanReasoningTokens: mean(answered.map((s) => s.usage.reasoning)),
    truncated: list.filter((s) => s.finishReason === "length").length / list.length,
  };
}

/**
 * A budget sweep's report: for each model (its run id less the `+max-output-tokens=` suffix), a
 * point per cap. Samples whose model id carries no cap are left out (and counted).
 */
export function buildSweepReport(samples: readonly ReportSample[]): SweepReport {
  const byModel = new Map<string, Map<number, ReportSample[]>>();
  const runs = new Set<string>();
  const caps = new Set<number>();
  let counted = 0;
  for (const s of samples) {
    const parsed = sweepModelOf(s.model);
    if (parsed === null) continue;
    counted++;
    runs.add(s.run);
    caps.add(parsed.cap);
    const byCap = byModel.get(parsed.model) ?? new Map<number, ReportSample[]>();
    byModel.set(parsed.model, byCap);
    const list = byCap.get(parsed.cap) ?? [];
    byCap.set(parsed.cap, list);
    list.push(s);
  }
  const series = [...byModel.keys()].sort(compareText).map((model) => {
    const byCap = byModel.get(model) as Map<number, ReportSample[]>;
    const points = [...byCap.keys()]
      .sort((a, b) => a - b)
      .map((cap) => pointOf(cap, byCap.get(cap) as ReportSample[]));
    return { model, points };
  });
  return {
    runs: [...runs].sort(compareText),
    samples: counted,
    uncapped: samples.length - counted,
    caps: [...caps].sort((a, b) => a - b),
    series,
  };
}

/** A cap as the figure and tables name it: 512, 1k, 64k, 1M (binary multiples), else the number. */
export function capLabel(cap: number): string {
  if (cap >= 1 << 20 && cap % (1 << 20) === 0) return `${cap / (1 << 20)}M`;
  if (cap >= 1024 && cap % 1024 === 0) return `${cap / 1024}k`;
  return String(cap);
}

const EMPTY_NOTE = "No samples under an output-token cap (model ids ending in `+max-output-tokens=N`).";

function markdown(r: SweepReport): string {
  const head = `# Output-token budget sweep\n\nRuns: ${r.runs.join(", ") || DASH} · ${r.samples} samples · caps: ${r.caps.map(capLabel).join(", ") || DASH}`;
  const parts = [head];
  if (r.uncapped > 0) parts.push(`${r.uncapped} samples without an output-token cap left out.`);
  if (r.series.length === 0) parts.push(EMPTY_NOTE);
  else {
    const header = [
      "Model",
      "Cap",
      "n",
      "Problems",
      "Accuracy",
      "Score",
      "Output tok",
      "Reasoning tok",
      "Truncated",
    ];
    const rows = r.series.flatMap((s) =>
      s.points.map((p) => [
        s.model,
        capLabel(p.cap),
        String(p.samples),
        String(p.problems),
        pct(p.accuracy),
        pct(p.meanScore),
        thousands(p.meanOutputTokens),
        thousands(p.meanReasoningTokens),
        pct(p.truncated),
      ]),
    );
    parts.push(figureTable(header, rows));
    parts.push(
      "Output tok and reasoning tok: means per answered sample (output includes reasoning); " +
        "accuracy and score count failed calls as failures; truncated: stopped at the cap.",
    );
  }
  return `${parts.join("\n\n")}\n`;
}

function csv(r: SweepReport): string {
  const header = [
    "model",
    "cap",
    "samples",
    "problems",
    "answered",
    "passed",
    "accuracy",
    "mean_score",
    "mean_output_tokens",
    "mean_reasoning_tokens",
    "truncated",
  ];
  const rows = r.series.flatMap((s) =>
    s.points.map((p) => [
      s.model,
      p.cap,
      p.samples,
      p.problems,
      p.answered,
      p.passed,
      p.accuracy,
      p.meanScore,
      p.meanOutputTokens,
      p.meanReasoningTokens,
      p.truncated,
    ]),
  );
  return csvText([header, ...rows]);
}

export function formatSweepReport(r: SweepReport, format: "md" | "json" | "csv"): string {
  switch (format) {
    case "md":
      return markdown(r);
    case "json":
      return `${JSON.stringify(r, null, 2)}\n`;
    case "csv":
      return csv(r);
  }
}

// ---------------------------------------------------------------------------------------------
// The figure

export interface SweepSvgOptions {
  /** A heading above the two panels. */
  title?: string;
}

/** A colour per model, cycling with another marker shape past ten. */
const MARKERS = ["circle", "square", "triangle", "diamond"] as const;

const WIDTH = 900;
const PANELS_HEIGHT = 360;
const LEGEND_X = 698;
const LEGEND_ROW = 18;
const PANEL_WIDTH = 332;
const PLOT = { left: 62, right: 14, top: 34, bottom: 52 };

/** Whether XML 1.0 allows the code point (tab, line breaks, and the rest bar controls, lone surrogates, U+FFFE/F). */
function xmlAllowed(code: number): boolean {
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  if (code >= 0xd800 && code <= 0xdfff) return false;
  return code !== 0xfffe && code !== 0xffff;
}

/**
 * Text safe in SVG content or attributes: markup escaped, and characters XML does not allow even
 * escaped (a model id has no business holding them) shown as "?".
 */
function svgText(s: string): string {
  let clean = "";
  for (const ch of s) clean += xmlAllowed(ch.codePointAt(0) as number) ? ch : "?";
  return escapeXml(clean);
}

/** At most `max` characters, the middle elided (model ids differ at both ends). */
function clipMiddle(s: string, max: number): string {
  const chars = [...s];
  if (chars.length <= max) return s;
  const head = Math.ceil((max - 1) / 2);
  const tail = max - 1 - head;
  return `${chars.slice(0, head).join("")}…${chars.slice(chars.length - tail).join("")}`;
}

const num = (x: number) => (Math.round(x * 100) / 100).toString();

/** A readable step for about `target` ticks from 0 to `max`: 1, 2 or 5 times a power of ten. */
function niceStep(max: number, target: number): number {
  const raw = max / target;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

/** Token counts on an axis: 0, 500, 1.5k, 12k, 1.2M. */
function tokenLabel(v: number): string {
  if (v >= 1e6) return `${num(v / 1e6)}M`;
  if (v >= 1000) return `${num(v / 1000)}k`;
  return num(v);
}

interface XScale {
  lo: number;
  hi: number;
  ticks: number[];
}

/** Powers of two around the caps, log2-spaced; every other one when there would be too many. */
function xScale(caps: readonly number[]): XScale {
  const positive = caps.filter((c) => c > 0);
  let lo = positive.length === 0 ? 8 : Math.floor(Math.log2(Math.min(...positive)));
  let hi = positive.length === 0 ? 16 : Math.ceil(Math.log2(Math.max(...positive)));
  if (hi === lo) {
    lo -= 1;
    hi += 1;
  }
  const stride = Math.ceil((hi - lo + 1) / 9);
  const ticks: number[] = [];
  for (let e = lo; e <= hi; e += stride) ticks.push(e);
  return { lo, hi, ticks: ticks.map((e) => 2 ** e) };
}

function marker(shape: (typeof MARKERS)[number], x: number, y: number, colour: string): string {
  const r = 3.5;
  switch (shape) {
    case "circle":
      return `<circle cx="${num(x)}" cy="${num(y)}" r="${r}" fill="${colour}"/>`;
    case "square":
      return `<rect x="${num(x - r)}" y="${num(y - r)}" width="${2 * r}" height="${2 * r}" fill="${colour}"/>`;
    case "triangle":
      return `<polygon points="${num(x)},${num(y - r - 0.5)} ${num(x + r + 0.5)},${num(y + r)} ${num(x - r - 0.5)},${num(y + r)}" fill="${colour}"/>`;
    case "diamond":
      return `<polygon points="${num(x)},${num(y - r - 1)} ${num(x + r + 1)},${num(y)} ${num(x)},${num(y + r + 1)} ${num(x - r - 1)},${num(y)}" fill="${colour}"/>`;
  }
}

const styleOf = (i: number) => ({
  colour: COLOURS[i % COLOURS.length] as string,
  shape: MARKERS[Math.floor(i / COLOURS.length) % MARKERS.length] as (typeof MARKERS)[number],
});

interface Panel {
  x0: number;
  y0: number;
  title: string;
  yTitle: string;
  yMax: number;
  yTicks: number[];
  yLabel: (v: number) => string;
  value: (p: SweepPoint) => number | null;
}

function panelSvg(panel: Panel, r: SweepReport, xs: XScale): string {
  const left = panel.x0 + PLOT.left;
  const right = panel.x0 + PANEL_WIDTH - PLOT.right;
  const top = panel.y0 + PLOT.top;
  const bottom = panel.y0 + PANELS_HEIGHT - PLOT.bottom;
  const sx = (cap: number) => left + ((Math.log2(cap) - xs.lo) / (xs.hi - xs.lo)) * (right - left);
  const sy = (v: number) => bottom - (Math.min(v, panel.yMax) / panel.yMax) * (bottom - top);
  const out: string[] = [];
  out.push(
    `<text x="${num((left + right) / 2)}" y="${panel.y0 + 20}" text-anchor="middle" font-size="14" font-weight="bold">${svgText(panel.title)}</text>`,
  );
  // Grid and y ticks.
  for (const v of panel.yTicks) {
    const y = num(sy(v));
    out.push(`<line x1="${left}" y1="${y}" x2="${right}" y2="${y}" stroke="#e4e4e4" stroke-width="1"/>`);
    out.push(
      `<text x="${left - 6}" y="${y}" dy="0.35em" text-anchor="end" font-size="11" fill="#333">${svgText(panel.yLabel(v))}</text>`,
    );
  }
  // x ticks.
  for (const t of xs.ticks) {
    const x = num(sx(t));
    out.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${bottom}" stroke="#f0f0f0" stroke-width="1"/>`);
    out.push(`<line x1="${x}" y1="${bottom}" x2="${x}" y2="${bottom + 4}" stroke="#333" stroke-width="1"/>`);
    out.push(
      `<text x="${x}" y="${bottom + 16}" text-anchor="middle" font-size="11" fill="#333">${svgText(capLabel(t))}</text>`,
    );
  }
  // Axes.
  out.push(
    `<polyline points="${left},${top} ${left},${bottom} ${right},${bottom}" fill="none" stroke="#333" stroke-width="1"/>`,
  );
  out.push(
    `<text x="${num((left + right) / 2)}" y="${bottom + 36}" text-anchor="middle" font-size="12">Max output tokens (log scale)</text>`,
  );
  const yMid = num((top + bottom) / 2);
  out.push(
    `<text x="${panel.x0 + 16}" y="${yMid}" text-anchor="middle" font-size="12" transform="rotate(-90 ${panel.x0 + 16} ${yMid})">${svgText(panel.yTitle)}</text>`,
  );
  // A line and markers per model.
  r.series.forEach((s, i) => {
    const { colour, shape } = styleOf(i);
    const pts = s.points.flatMap((p) => {
      const v = panel.value(p);
      return v === null || p.cap <= 0 ? [] : [[sx(p.cap), sy(v)] as const];
    });
    if (pts.length > 1)
      out.push(
        `<polyline points="${pts.map(([x, y]) => `${num(x)},${num(y)}`).join(" ")}" fill="none" stroke="${colour}" stroke-width="2" stroke-linejoin="round"/>`,
      );
    for (const [x, y] of pts) out.push(marker(shape, x, y, colour));
  });
  if (r.series.length === 0)
    out.push(
      `<text x="${num((left + right) / 2)}" y="${num((top + bottom) / 2)}" text-anchor="middle" font-size="12" fill="#888">no capped samples</text>`,
    );
  return out.join("");
}

/**
 * SCBench's Figure 3 as a standalone SVG (about 900×360): (a) accuracy and (b) mean realised
 * output tokens per answered sample against the output-token cap on a log2 axis, a line per
 * model, with a legend on the right. Model ids are escaped and, in the legend, elided in the
 * middle past 30 characters (the full id is the entry's tooltip).
 */
export function sweepSvg(r: SweepReport, opts: SweepSvgOptions = {}): string {
  const titleHeight = opts.title === undefined ? 0 : 28;
  const legendHeight = PLOT.top + r.series.length * LEGEND_ROW + 16;
  const height = Math.max(PANELS_HEIGHT + titleHeight, titleHeight + legendHeight);
  const xs = xScale(r.caps);
  const maxTokens = Math.max(0, ...r.series.flatMap((s) => s.points.map((p) => p.meanOutputTokens ?? 0)));
  const tokenStep = niceStep(maxTokens > 0 ? maxTokens : 1000, 5);
  const tokenMax = maxTokens > 0 ? Math.ceil(maxTokens / tokenStep) * tokenStep : 5 * tokenStep;
  const tokenTicks: number[] = [];
  for (let v = 0; v <= tokenMax + tokenStep / 2; v += tokenStep) tokenTicks.push(v);
  const body: string[] = [];
  if (opts.title !== undefined)
    body.push(
      `<text x="${WIDTH / 2}" y="20" text-anchor="middle" font-size="15" font-weight="bold">${svgText(opts.title)}</text>`,
    );
  body.push(
    panelSvg(
      {
        x0: 10,
        y0: titleHeight,
        title: "(a) Accuracy",
        yTitle: "Accuracy",
        yMax: 1,
        yTicks: [0, 0.2, 0.4, 0.6, 0.8, 1],
        yLabel: (v) => v.toFixed(1),
        value: (p) => p.accuracy,
      },
      r,
      xs,
    ),
    panelSvg(
      {
        x0: 10 + PANEL_WIDTH + 10,
        y0: titleHeight,
        title: "(b) Realised output tokens",
        yTitle: "Mean output tokens",
        yMax: tokenMax,
        yTicks: tokenTicks,
        yLabel: tokenLabel,
        value: (p) => p.meanOutputTokens,
      },
      r,
      xs,
    ),
  );
  // Legend.
  const ly = titleHeight + PLOT.top;
  if (r.series.length > 0)
    body.push(`<text x="${LEGEND_X}" y="${ly - 8}" font-size="12" font-weight="bold">Model</text>`);
  r.series.forEach((s, i) => {
    const { colour, shape } = styleOf(i);
    const y = ly + i * LEGEND_ROW + 8;
    body.push(
      `<g><title>${svgText(s.model)}</title>` +
        `<line x1="${LEGEND_X}" y1="${y}" x2="${LEGEND_X + 22}" y2="${y}" stroke="${colour}" stroke-width="2"/>` +
        marker(shape, LEGEND_X + 11, y, colour) +
        `<text x="${LEGEND_X + 28}" y="${y}" dy="0.35em" font-size="11">${svgText(clipMiddle(s.model, 30))}</text></g>`,
    );
  });
  return svgDocument(WIDTH, height, body.join("")).svg;
}
