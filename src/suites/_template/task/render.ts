import { clip } from "../../../core/clip.ts";
import { escapeXml, svgDocument } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import type { FilledAnswer, GridData } from "./cells.ts";
import { verifyFilledCells } from "./verify.ts";

const PAD = 16;
const FOOTER = 28;
const GOOD = "#2ca02c";
const BAD = "#d62728";

/**
 * The grid (filled cells dark); with an answer, a dot on each listed cell (green on a filled cell,
 * red on an empty one), a red frame round each filled cell the answer missed, and the verdict below.
 */
export function renderFilledCells(data: GridData, answer?: FilledAnswer, title?: string): SvgRendering {
  const { rows, cols, grid } = data;
  const size = Math.max(10, Math.min(36, Math.floor(480 / Math.max(rows, cols))));
  const top = PAD + (title ? 20 : 0);
  const width = cols * size + 2 * PAD;
  const height = top + rows * size + PAD + (answer ? FOOTER : 0);
  const x = (c: number) => PAD + c * size;
  const y = (r: number) => top + r * size;
  const out: string[] = [];
  if (title) out.push(`<text x="${PAD}" y="${PAD + 6}" font-size="14">${escapeXml(title)}</text>`);
  const listed = new Set<number>();
  for (const [r, c] of answer?.cells ?? []) {
    if (r >= 0 && c >= 0 && r < rows && c < cols) listed.add(r * cols + c);
  }
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const filled = grid[r]?.[c] === "#";
      const missed = answer !== undefined && filled && !listed.has(r * cols + c);
      out.push(
        `<rect x="${x(c)}" y="${y(r)}" width="${size}" height="${size}" fill="${filled ? "#444" : "#fff"}" ` +
          `stroke="${missed ? BAD : "#ccc"}" stroke-width="${missed ? 3 : 1}"/>`,
      );
      if (listed.has(r * cols + c))
        out.push(
          `<circle cx="${x(c) + size / 2}" cy="${y(r) + size / 2}" r="${size / 5}" fill="${filled ? GOOD : BAD}"/>`,
        );
    }
  }
  if (answer) {
    const verdict = verifyFilledCells(data, answer);
    const text = verdict.passed ? "passed" : `${verdict.failure?.kind}: ${verdict.failure?.message}`;
    out.push(
      `<text x="${PAD}" y="${height - PAD / 2}" font-size="12" fill="${verdict.passed ? GOOD : BAD}">` +
        `${escapeXml(clip(text, 90))}</text>`,
    );
  }
  return svgDocument(width, height, out.join(""));
}
