import { escapeXml } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import { type Cell, gridOf, isSideAdjacent, type LoopAnswer, type LoopData, zeroBasedLoop } from "./grid.ts";
import { verifyLoop } from "./verify.ts";

const PAD = 16;
const FOOTER = 36;
const BAD = "#d62728";
const LINE = "#1f5fbf";

export function renderLoop(data: LoopData, answer?: LoopAnswer, title?: string): SvgRendering {
  const g = gridOf(data);
  const { width: w, height: h } = g;
  const cell = Math.max(12, Math.min(36, Math.floor(576 / Math.max(w, h))));
  const top = PAD + (title ? 20 : 0);
  const width = w * cell + 2 * PAD;
  const height = top + h * cell + PAD + (answer ? FOOTER : 0);
  const cx = (x: number) => PAD + x * cell + cell / 2;
  const cy = (y: number) => top + y * cell + cell / 2;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
  ];
  if (title)
    out.push(
      `<text x="${PAD}" y="${PAD + 6}" font-family="sans-serif" font-size="14">${escapeXml(title)}</text>`,
    );

  const inside = ([x, y]: Cell) => x >= 0 && y >= 0 && x < w && y < h;
  const visits = new Map<number, number>();
  const drawn = answer === undefined ? [] : zeroBasedLoop(data, answer);
  for (const c of drawn) if (inside(c)) visits.set(c[1] * w + c[0], (visits.get(c[1] * w + c[0]) ?? 0) + 1);

  for (let i = 0; i < w * h; i++) {
    const x = PAD + (i % w) * cell;
    const y = top + Math.floor(i / w) * cell;
    const missing = answer !== undefined && g.open[i] && !visits.has(i);
    const fill = !g.open[i] ? "#444" : missing ? "#f7c6c6" : "white";
    out.push(
      `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${fill}" stroke="#ccc" stroke-width="1"/>`,
    );
  }
  out.push(
    `<rect x="${PAD}" y="${top}" width="${w * cell}" height="${h * cell}" fill="none" stroke="#333" stroke-width="2"/>`,
  );

  if (answer) {
    const loop = drawn;
    const sw = Math.max(2, cell / 6);
    loop.forEach((a, i) => {
      const b = loop[(i + 1) % loop.length] as Cell;
      if (loop.length < 2 || !inside(a) || !inside(b)) return;
      const ok = isSideAdjacent(a, b);
      out.push(
        `<line x1="${cx(a[0])}" y1="${cy(a[1])}" x2="${cx(b[0])}" y2="${cy(b[1])}" stroke="${ok ? LINE : BAD}" ` +
          `stroke-width="${ok ? sw : sw / 1.5}" stroke-linecap="round"${ok ? "" : ' stroke-dasharray="5 4"'}/>`,
      );
    });
    visits.forEach((k, i) => {
      const x = i % w;
      const y = Math.floor(i / w);
      if (!g.open[i]) {
        const d = cell / 3;
        out.push(
          `<path d="M${cx(x) - d} ${cy(y) - d}L${cx(x) + d} ${cy(y) + d}M${cx(x) + d} ${cy(y) - d}L${cx(x) - d} ${cy(y) + d}" stroke="${BAD}" stroke-width="3"/>`,
        );
      } else if (k > 1) {
        out.push(
          `<circle cx="${cx(x)}" cy="${cy(y)}" r="${cell / 3}" fill="none" stroke="${BAD}" stroke-width="2.5"/>`,
        );
      }
    });
    const first = loop[0];
    if (first && inside(first))
      out.push(`<circle cx="${cx(first[0])}" cy="${cy(first[1])}" r="${cell / 5}" fill="#2a9d2a"/>`);

    const verdict = verifyLoop(data, answer);
    const failed = verdict.checks.filter((c) => !c.ok).map((c) => c.name.replace("loop.", ""));
    const outside = loop.filter((c) => !inside(c)).length;
    const notes = [
      verdict.passed ? `valid loop through all ${g.freeCount} free cells` : `fails: ${failed.join(", ")}`,
    ];
    if (outside > 0) notes.push(`${outside} cell(s) off the grid, not drawn`);
    notes.forEach((note, k) => {
      out.push(
        `<text x="${PAD}" y="${top + h * cell + 18 + 14 * k}" font-family="sans-serif" font-size="11" fill="${verdict.passed ? "#2a7d2a" : BAD}">${escapeXml(note)}</text>`,
      );
    });
  }
  out.push("</svg>");
  return { kind: "svg", svg: out.join("\n"), width, height };
}
