import { escapeXml } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import { heightsOf, type MazeAnswer, type MazeData } from "./maze.ts";
import { analyseMaze, verifyMaze } from "./verify.ts";

const PAD = 16;
const FOOTER = 44;
const PATH = "#1f5fd6";
const JUMP = "#c2185b";
const BAD = "#e53935";

/** Low cells dark green, high cells light sand. */
function shade(h: number): string {
  const t = h / 9;
  const mix = (a: number, b: number) => Math.round(a + (b - a) * t);
  return `rgb(${mix(46, 236)},${mix(94, 222)},${mix(60, 184)})`;
}

/** A flat heightmap: shaded cells with their heights, the route drawn over it, jumps as arcs. */
export function renderMaze(data: MazeData, answer?: MazeAnswer): SvgRendering {
  const n = data.size;
  const cell = n <= 10 ? 44 : n <= 20 ? 30 : 22;
  const width = Math.max(PAD * 2 + n * cell, 560);
  const height = PAD * 2 + n * cell + FOOTER;
  const left = (width - n * cell) / 2;
  const x = (i: number) => left + (i % n) * cell + cell / 2;
  const y = (i: number) => PAD + Math.floor(i / n) * cell + cell / 2;
  const parts: string[] = [];
  const title = `3D maze ${n}×${n}, at least ${data.minJumps} jumps, A at height ${data.startHeight}, B at height ${data.endHeight}`;
  let status = "no maze given";

  const verdict = answer ? verifyMaze(data, answer) : null;
  const wellFormed =
    verdict !== null &&
    !verdict.checks.some((c) => !c.ok && (c.name === "maze.size" || c.name === "maze.endpoints"));
  if (answer && verdict)
    status = verdict.passed ? "valid maze" : `invalid: ${verdict.failure?.message ?? ""}`;

  if (answer && wellFormed) {
    const flat = answer.rows.join("");
    const h = heightsOf(answer.rows, data);
    const font = Math.round(cell * 0.42);
    const labels: string[] = [];
    h.forEach((v, i) => {
      const ch = flat[i] as string;
      parts.push(
        `<rect x="${x(i) - cell / 2}" y="${y(i) - cell / 2}" width="${cell}" height="${cell}" fill="${shade(v)}" stroke="#555" stroke-width="0.5"/>`,
      );
      labels.push(
        `<text x="${x(i)}" y="${y(i) + font * 0.35}" font-size="${font}" text-anchor="middle" font-family="sans-serif" fill="${v < 5 ? "#fff" : "#333"}" stroke="${v < 5 ? "#000" : "#fff"}" stroke-width="0.6" stroke-opacity="0.5">${v}</text>`,
      );
      if (ch === "A" || ch === "B") {
        labels.push(
          `<circle cx="${x(i)}" cy="${y(i)}" r="${cell * 0.38}" fill="${ch === "A" ? "#2e7d32" : "#6a1b9a"}" stroke="#fff" stroke-width="2"/>`,
          `<text x="${x(i)}" y="${y(i) + font * 0.35}" font-size="${font}" text-anchor="middle" font-family="sans-serif" font-weight="bold" fill="#fff">${ch}</text>`,
        );
      }
    });
    const { moves, shared } = analyseMaze(h, n, flat.indexOf("A"), flat.indexOf("B"));
    const sharedSet = new Set(shared);
    for (const m of moves) {
      const colour = sharedSet.has(m) ? BAD : m.over === null ? PATH : JUMP;
      if (m.over === null) {
        parts.push(
          `<line x1="${x(m.from)}" y1="${y(m.from)}" x2="${x(m.to)}" y2="${y(m.to)}" stroke="${colour}" stroke-width="${cell * 0.1}" stroke-linecap="round" stroke-opacity="0.55"/>`,
        );
        continue;
      }
      // Bow the arc sideways so it does not hide the jumped-over cell.
      const dx = x(m.to) - x(m.from);
      const dy = y(m.to) - y(m.from);
      const cx = (x(m.from) + x(m.to)) / 2 + dy * 0.3;
      const cy = (y(m.from) + y(m.to)) / 2 - dx * 0.3;
      parts.push(
        `<path d="M${x(m.from)},${y(m.from)} Q${cx},${cy} ${x(m.to)},${y(m.to)}" fill="none" stroke="${colour}" stroke-width="${cell * 0.12}" stroke-dasharray="${cell * 0.2},${cell * 0.12}" stroke-linecap="round"/>`,
        `<rect x="${x(m.over) - cell / 2 + 2}" y="${y(m.over) - cell / 2 + 2}" width="${cell - 4}" height="${cell - 4}" fill="none" stroke="${colour}" stroke-width="2" stroke-dasharray="3,2"/>`,
      );
    }
    parts.push(...labels);
  } else {
    for (let i = 0; i < n * n; i++) {
      parts.push(
        `<rect x="${x(i) - cell / 2}" y="${y(i) - cell / 2}" width="${cell}" height="${cell}" fill="#eee" stroke="#bbb" stroke-width="0.5"/>`,
      );
    }
  }
  const shortStatus = status.length > 95 ? `${status.slice(0, 92)}…` : status;
  parts.push(
    `<text x="${PAD}" y="${PAD * 2 + n * cell + 4}" font-size="12" font-family="sans-serif" fill="#222">${escapeXml(title)}</text>`,
    `<text x="${PAD}" y="${PAD * 2 + n * cell + 22}" font-size="11" font-family="sans-serif" fill="${verdict === null ? "#666" : verdict.passed ? "#2e7d32" : BAD}">${escapeXml(shortStatus)}</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#fff"/>${parts.join("")}</svg>`;
  return { kind: "svg", svg, width, height };
}
