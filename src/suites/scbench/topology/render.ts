import { escapeXml } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import type { SidePair } from "./corners.ts";

const PALETTE = ["#2f6fdb", "#e8912d", "#2e9e57", "#8e44ad", "#16a3a3", "#8c5a2b"];
export const OK = "#2e9e57";
export const BAD = "#d62728";
export const MISSING = "#9a9a9a";

export const labelColour = (label: number): string =>
  PALETTE[((label % PALETTE.length) + PALETTE.length) % PALETTE.length] as string;

export function text(x: number, y: number, content: string, attrs = ""): string {
  return `<text x="${x}" y="${y}" font-family="sans-serif" text-anchor="middle" ${attrs}>${escapeXml(content)}</text>`;
}

export interface Curve {
  /** Canonical sides (0 bottom, 1 right, 2 top, 3 left). */
  pair: SidePair;
  colour: string;
  dashed?: boolean;
}

export interface SquareDrawing {
  /** Per canonical corner (bottom-left, bottom-right, top-right, top-left): the label, or null when unknown. */
  labels: (number | null)[];
  /** Text under each canonical corner's disc, e.g. its place in the prompt's order. */
  cornerNotes?: string[];
  /** Text beside each canonical side's midpoint, e.g. the prompt's edge number. */
  sideNotes?: string[];
  curves?: Curve[];
  caption?: string;
  badge?: { text: string; colour: string };
  frame?: { colour: string; dashed?: boolean };
}

/** One square drawn with its top-left corner at (x, y). */
export function drawSquare(x: number, y: number, size: number, d: SquareDrawing): string {
  const cx = x + size / 2;
  const cy = y + size / 2;
  const corners: [number, number][] = [
    [x, y + size],
    [x + size, y + size],
    [x + size, y],
    [x, y],
  ];
  const mids: [number, number][] = [
    [cx, y + size],
    [x + size, cy],
    [cx, y],
    [x, cy],
  ];
  const out: string[] = [];
  const frame = d.frame ?? { colour: "#333" };
  out.push(
    `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="#fafafa" stroke="${frame.colour}" stroke-width="2"${frame.dashed ? ' stroke-dasharray="6 4"' : ""}/>`,
  );
  for (const curve of d.curves ?? []) {
    const [a, b] = curve.pair;
    const [ax, ay] = mids[a] ?? [cx, cy];
    const [bx, by] = mids[b] ?? [cx, cy];
    // Adjacent sides bend around their shared corner; opposite sides run through the middle.
    const shared = (a + 1) % 4 === b ? b : (b + 1) % 4 === a ? a : null;
    const [kx, ky] = shared === null ? [cx, cy] : (corners[shared] ?? [cx, cy]);
    const qx = shared === null ? cx : kx + (cx - kx) * 0.45;
    const qy = shared === null ? cy : ky + (cy - ky) * 0.45;
    out.push(
      `<path d="M ${ax} ${ay} Q ${qx} ${qy} ${bx} ${by}" fill="none" stroke="${curve.colour}" stroke-width="4" stroke-linecap="round"${curve.dashed ? ' stroke-dasharray="7 5"' : ""}/>`,
    );
  }
  d.sideNotes?.forEach((note, k) => {
    const [mx, my] = mids[k] ?? [cx, cy];
    const dx = k === 1 ? 14 : k === 3 ? -14 : 0;
    const dy = k === 0 ? 18 : k === 2 ? -8 : 5;
    out.push(text(mx + dx, my + dy, note, 'font-size="13" fill="#555"'));
  });
  d.labels.forEach((label, k) => {
    const [px, py] = corners[k] ?? [cx, cy];
    const fill = label === null ? "#ddd" : labelColour(label);
    out.push(`<circle cx="${px}" cy="${py}" r="12" fill="${fill}" stroke="#222" stroke-width="1.5"/>`);
    out.push(
      text(
        px,
        py + 5,
        label === null ? "?" : String(label),
        `font-size="14" font-weight="bold" fill="${label === null ? "#555" : "#fff"}"`,
      ),
    );
    const note = d.cornerNotes?.[k];
    if (note)
      out.push(
        text(px + (k === 0 || k === 3 ? -4 : 4), py + (k < 2 ? 28 : -18), note, 'font-size="11" fill="#333"'),
      );
  });
  if (d.caption) out.push(text(cx, y - 30, d.caption, 'font-size="13" fill="#222"'));
  if (d.badge) {
    const w = Math.max(60, d.badge.text.length * 7.5 + 16);
    out.push(
      `<rect x="${cx - w / 2}" y="${y + size + 34}" width="${w}" height="22" rx="11" fill="${d.badge.colour}"/>`,
    );
    out.push(text(cx, y + size + 50, d.badge.text, 'font-size="13" fill="#fff"'));
  }
  return out.join("");
}

/** Squares laid out in rows under a title. */
export function renderPanels(title: string, drawings: SquareDrawing[], columns = 4): SvgRendering {
  const size = 110;
  const cellW = 200;
  const cellH = 230;
  const top = 40;
  const cols = Math.max(1, Math.min(columns, drawings.length));
  const rows = Math.max(1, Math.ceil(drawings.length / cols));
  const width = Math.max(cols * cellW, Math.ceil(title.length * 9.5) + 40);
  const height = top + rows * cellH;
  const parts = drawings.map((d, i) => {
    const x = (i % cols) * cellW + (cellW - size) / 2;
    const y = top + Math.floor(i / cols) * cellH + 50;
    return drawSquare(x, y, size, d);
  });
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    text(width / 2, 26, title, 'font-size="16" font-weight="bold" fill="#111"'),
    ...parts,
    "</svg>",
  ].join("");
  return { kind: "svg", svg, width, height };
}
