import { escapeXml } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import type { PipeAnswer, PipeData, Pt } from "./model.ts";
import { badSegments, verifyPipeLoop } from "./verify.ts";

const PAD = 24;
const SIZE = 560;
const FOOTER = 40;
const BAD = "#d62728";
const CROSS = "#ff7f0e";
const LINE = "#1f5fbf";

const f = (x: number) => (Number.isFinite(x) ? Number(x.toFixed(2)) : 0);

export function renderPipeLoop(data: PipeData, answer?: PipeAnswer): SvgRendering {
  const { side, constraints: c } = data;
  const top = PAD + 20;
  const scale = SIZE / side;
  const width = SIZE + 2 * PAD;
  const height = top + SIZE + PAD + (answer ? FOOTER : 0);
  // y grows upwards in the puzzle, downwards in SVG.
  const X = (x: number) => f(PAD + x * scale);
  const Y = (y: number) => f(top + (side - y) * scale);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${PAD}" y="${PAD + 4}" font-family="sans-serif" font-size="14">${escapeXml(`Pipe loop: ${data.pipes} unit pipes in a ${side}×${side} square`)}</text>`,
    `<rect x="${X(0)}" y="${Y(side)}" width="${SIZE}" height="${SIZE}" fill="#fafafa" stroke="#333" stroke-width="2"/>`,
  ];
  if (c.margin !== undefined)
    out.push(
      `<rect x="${X(c.margin)}" y="${Y(side - c.margin)}" width="${f((side - 2 * c.margin) * scale)}" height="${f((side - 2 * c.margin) * scale)}" fill="none" stroke="#999" stroke-dasharray="6 4"/>`,
    );
  if (c.allQuadrants)
    out.push(
      `<path d="M${X(side / 2)} ${Y(0)}V${Y(side)}M${X(0)} ${Y(side / 2)}H${X(side)}" stroke="#bbb" stroke-dasharray="4 4"/>`,
    );
  for (const e of c.touchEdges ?? []) {
    const [x1, y1, x2, y2] =
      e === "left"
        ? [0, 0, 0, side]
        : e === "right"
          ? [side, 0, side, side]
          : e === "bottom"
            ? [0, 0, side, 0]
            : [0, side, side, side];
    out.push(
      `<line x1="${X(x1)}" y1="${Y(y1)}" x2="${X(x2)}" y2="${Y(y2)}" stroke="#2a9d2a" stroke-width="5" opacity="0.6"/>`,
    );
  }
  const target = c.centroid ?? (c.start ? { ...c.start, tolerance: 0 } : undefined);
  if (target)
    out.push(
      `<circle cx="${X(target.x)}" cy="${Y(target.y)}" r="${Math.max(4, f(target.tolerance * scale))}" fill="none" stroke="#9467bd" stroke-width="2"/>`,
    );

  if (answer) {
    const pts: Pt[] = answer.points;
    const n = pts.length;
    const { badLength, crossing } = badSegments(data, pts);
    const badSet = new Set(badLength);
    const crossSet = new Set(crossing);
    const sw = Math.max(1, Math.min(3, scale / 8));
    for (let i = 0; i < n && n > 1; i++) {
      const a = pts[i] as Pt;
      const b = pts[(i + 1) % n] as Pt;
      const color = badSet.has(i) ? BAD : crossSet.has(i) ? CROSS : LINE;
      const w = color === LINE ? sw : sw * 1.8;
      out.push(
        `<line x1="${X(a[0])}" y1="${Y(a[1])}" x2="${X(b[0])}" y2="${Y(b[1])}" stroke="${color}" stroke-width="${f(w)}" stroke-linecap="round"/>`,
      );
    }
    const first = pts[0];
    if (first)
      out.push(`<circle cx="${X(first[0])}" cy="${Y(first[1])}" r="${f(sw * 1.8)}" fill="#2a9d2a"/>`);
    const verdict = verifyPipeLoop(data, answer);
    const note = verdict.passed
      ? "valid loop"
      : `fails: ${verdict.checks
          .filter((k) => !k.ok)
          .map((k) => k.name)
          .join(", ")}`;
    out.push(
      `<text x="${PAD}" y="${top + SIZE + 22}" font-family="sans-serif" font-size="12" fill="${verdict.passed ? "#2a7d2a" : BAD}">${escapeXml(note)}</text>`,
    );
  }
  out.push("</svg>");
  return { kind: "svg", svg: out.join("\n"), width, height };
}
