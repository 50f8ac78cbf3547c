import { escapeXml } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import { predictCells, tallyCells } from "./cells.ts";
import { parseExpression } from "./expression.ts";
import type { CurveFittingAnswer, CurveFittingData } from "./schema.ts";
import { verifyCurveFitting } from "./verify.ts";

/** Pixels per cell in the prompt image, as the original scaled its grids (about 320 px wide). */
export const imageScale = (size: number): number => Math.max(1, Math.min(8, Math.floor(320 / size)));

/** Horizontal runs of "1" cells per row, as [x, y, length]. */
function runs(rows: readonly string[], value = "1"): [number, number, number][] {
  const out: [number, number, number][] = [];
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; ) {
      if (row[x] !== value) {
        x++;
        continue;
      }
      let end = x;
      while (row[end] === value) end++;
      out.push([x, y, end - x]);
      x = end;
    }
  });
  return out;
}

const runPath = (list: [number, number, number][], cell: number, ox = 0, oy = 0): string =>
  list
    .map(([x, y, len]) => `M${ox + x * cell} ${oy + y * cell}h${len * cell}v${cell}h${-len * cell}z`)
    .join("");

/** The monochrome grid the model sees for large sizes: class 1 black, class 0 white. */
export function promptImageSvg(data: CurveFittingData): SvgRendering {
  const cell = imageScale(data.size);
  const side = data.size * cell;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#ffffff"/>` +
    `<path d="${runPath(runs(data.rows), cell)}" fill="#000000"/></svg>`;
  return { kind: "svg", svg, width: side, height: side };
}

const CLASS1 = "#2f4f8a";
const CLASS0 = "#f2eddc";

/** The grid coloured by class; with an answer, the cells it gets wrong are red and hatched. */
export function renderCurveFitting(data: CurveFittingData, answer?: CurveFittingAnswer): SvgRendering {
  const n = data.size;
  const cell = Math.max(3, Math.min(28, Math.floor(512 / n)));
  const left = 34;
  const top = 52;
  const side = n * cell;
  const width = Math.max(left + side + 12, 440);
  const height = top + side + 12;
  const parts: string[] = [
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<rect x="${left}" y="${top}" width="${side}" height="${side}" fill="${CLASS0}"/>`,
    `<path d="${runPath(runs(data.rows), cell, left, top)}" fill="${CLASS1}"/>`,
  ];
  if (n <= 24) {
    const lines: string[] = [];
    for (let k = 0; k <= n; k++) {
      lines.push(`M${left + k * cell} ${top}v${side}`, `M${left} ${top + k * cell}h${side}`);
    }
    parts.push(`<path d="${lines.join("")}" stroke="#b5b5b5" stroke-width="1" fill="none"/>`);
  }
  const step = n <= 12 ? 1 : n <= 24 ? 4 : n <= 64 ? 8 : 16;
  for (let k = 0; k < n; k += step) {
    const c = k * cell + cell / 2;
    parts.push(
      `<text x="${left + c}" y="${top - 4}" font-size="10" text-anchor="middle" fill="#444">${k}</text>`,
      `<text x="${left - 4}" y="${top + c + 3.5}" font-size="10" text-anchor="end" fill="#444">${k}</text>`,
    );
  }

  let title = `Curve fitting ${n}×${n}: blue = class 1, x = column, y = row`;
  let subtitle = data.reference
    ? `reference: degree ${data.reference.degree}, accuracy ${data.reference.accuracy.toFixed(4)}`
    : "no reference fit reaches a pass";
  if (answer) {
    const parsed = parseExpression(answer.expression);
    if (!parsed.ok) {
      subtitle = `answer does not parse: ${parsed.error}`;
    } else {
      const predicted = predictCells(data.rows, parsed);
      const wrongRows = data.rows.map((row, y) =>
        [...row].map((ch, x) => (predicted[y]?.[x] === (ch === "1" ? 1 : 0) ? "." : "w")).join(""),
      );
      const tally = tallyCells(data.rows, parsed);
      const accuracy = tally.correct / tally.total;
      const wrong = tally.total - tally.correct;
      const path = runPath(runs(wrongRows, "w"), cell, left, top);
      parts.push(
        `<defs><pattern id="hatch" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="2" height="4" fill="#7a0000"/></pattern></defs>`,
        `<path d="${path}" fill="#e0302a"/>`,
        `<path d="${path}" fill="url(#hatch)" opacity="0.6"/>`,
      );
      title = `Answer on ${n}×${n}: ${wrong} wrong cell(s) in red`;
      subtitle = `accuracy ${accuracy.toFixed(4)}, score ${verifyCurveFitting(data, answer).score.toFixed(4)}${tally.nonFinite > 0 ? `, ${tally.nonFinite} non-finite` : ""}`;
    }
  }
  parts.push(
    `<text x="8" y="18" font-size="13" font-weight="bold" fill="#222">${escapeXml(title)}</text>`,
    `<text x="8" y="34" font-size="11" fill="#444">${escapeXml(subtitle)}</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" shape-rendering="crispEdges">${parts.join("")}</svg>`;
  return { kind: "svg", svg, width, height };
}
