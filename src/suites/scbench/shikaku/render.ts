import { escapeXml } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import { type Rect, rectArea, type ShikakuAnswer, type ShikakuData } from "./puzzle.ts";
import { analyseTiling, verifyShikaku } from "./verify.ts";

const CELL = 40;
const PAD = 20;
const FOOTER = 36;
const PALETTE = [
  "#1f77b4",
  "#ff7f0e",
  "#2ca02c",
  "#9467bd",
  "#6b8e23",
  "#e377c2",
  "#17becf",
  "#bcbd22",
  "#7f7f7f",
  "#393b79",
];
const BAD = "#d62728";

/** Rectangles that share an edge (or overlap) get different colours, greedily. */
function colours(rects: readonly Rect[], usable: readonly boolean[]): string[] {
  const touch = (a: Rect, b: Rect) => {
    const colsMeet = a[0] <= b[2] + 1 && b[0] <= a[2] + 1;
    const rowsMeet = a[1] <= b[3] + 1 && b[1] <= a[3] + 1;
    const colsOverlap = a[0] <= b[2] && b[0] <= a[2];
    const rowsOverlap = a[1] <= b[3] && b[1] <= a[3];
    return (colsMeet && rowsOverlap) || (rowsMeet && colsOverlap);
  };
  const picked: number[] = [];
  rects.forEach((rect, i) => {
    const near = new Set<number>();
    for (let j = 0; j < i; j++) if (usable[j] && touch(rect, rects[j] as Rect)) near.add(picked[j] ?? -1);
    let k = 0;
    while (near.has(k) && k < PALETTE.length - 1) k++;
    picked.push(k);
  });
  return picked.map((k) => PALETTE[k] ?? "#888");
}

export function renderShikaku(data: ShikakuData, answer?: ShikakuAnswer, title?: string): SvgRendering {
  const { rows, cols, grid } = data;
  const width = cols * CELL + 2 * PAD;
  const top = PAD + (title ? 20 : 0);
  const height = top + rows * CELL + PAD + (answer ? FOOTER : 0);
  const x = (c: number) => PAD + c * CELL;
  const y = (r: number) => top + r * CELL;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
  ];
  if (title) {
    out.push(
      `<text x="${PAD}" y="${PAD + 6}" font-family="sans-serif" font-size="14">${escapeXml(title)}</text>`,
    );
  }
  for (let r = 0; r <= rows; r++) {
    out.push(`<line x1="${x(0)}" y1="${y(r)}" x2="${x(cols)}" y2="${y(r)}" stroke="#ccc" stroke-width="1"/>`);
  }
  for (let c = 0; c <= cols; c++) {
    out.push(`<line x1="${x(c)}" y1="${y(0)}" x2="${x(c)}" y2="${y(rows)}" stroke="#ccc" stroke-width="1"/>`);
  }

  if (answer) {
    const rects = answer.rectangles;
    const { rects: reports, coverCount } = analyseTiling(data, rects);
    const usable = reports.map((rep) => rep.wellFormed && rep.inBounds);
    const fill = colours(rects, usable);
    rects.forEach((rect, i) => {
      const rep = reports[i];
      if (!rep || !usable[i]) return;
      const bad = rep.clueCount !== 1 || rep.clue !== rectArea(rect);
      const colour = bad ? BAD : (fill[i] as string);
      const [left, t, right, bottom] = rect;
      out.push(
        `<rect x="${x(left) + 3}" y="${y(t) + 3}" width="${(right - left + 1) * CELL - 6}" height="${(bottom - t + 1) * CELL - 6}" ` +
          `rx="4" fill="${colour}" fill-opacity="0.28" stroke="${colour}" stroke-width="2.5"` +
          `${bad ? ' stroke-dasharray="6 3"' : ""}/>`,
      );
    });
    coverCount.forEach((count, cell) => {
      if (count === 1) return;
      const r = Math.floor(cell / cols);
      const c = cell % cols;
      const style = count === 0 ? 'fill="none" stroke-dasharray="3 3"' : 'fill="#d62728" fill-opacity="0.45"';
      out.push(
        `<rect x="${x(c) + 1}" y="${y(r) + 1}" width="${CELL - 2}" height="${CELL - 2}" ${style} stroke="${BAD}" stroke-width="2"/>`,
      );
    });
    const verdict = verifyShikaku(data, answer);
    const skipped = usable.filter((u) => !u).length;
    const failed = verdict.checks.filter((c) => !c.ok).map((c) => c.name.replace("rects.", ""));
    const notes = [verdict.passed ? "valid tiling" : `fails: ${failed.join(", ")}`];
    if (skipped > 0) notes.push(`${skipped} rectangle(s) off-grid or malformed, not drawn`);
    notes.forEach((note, k) => {
      out.push(
        `<text x="${PAD}" y="${y(rows) + 18 + 14 * k}" font-family="sans-serif" font-size="11" fill="${verdict.passed ? "#2a7d2a" : BAD}">${escapeXml(note)}</text>`,
      );
    });
  }

  out.push(
    `<rect x="${x(0)}" y="${y(0)}" width="${cols * CELL}" height="${rows * CELL}" fill="none" stroke="#333" stroke-width="2"/>`,
  );
  grid.forEach((line, r) => {
    line.forEach((v, c) => {
      if (v <= 0) return;
      out.push(
        `<circle cx="${x(c) + CELL / 2}" cy="${y(r) + CELL / 2}" r="12" fill="white" fill-opacity="0.85"/>`,
        `<text x="${x(c) + CELL / 2}" y="${y(r) + CELL / 2 + 5}" text-anchor="middle" font-family="sans-serif" font-size="15" font-weight="bold" fill="#111">${v}</text>`,
      );
    });
  });
  out.push("</svg>");
  return { kind: "svg", svg: out.join("\n"), width, height };
}
