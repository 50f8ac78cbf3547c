import { svgToPng } from "../../core/png.ts";
import { escapeXml } from "../../core/svg.ts";
import type { SvgRendering } from "../../core/task.ts";
import { type Color, isRuleCell, isVertex, type Puzzle, type RuleSymbol } from "./puzzle.ts";
import type { Point } from "./record.ts";

export interface RenderOptions {
  /** Pixels between neighbouring vertices (default 64). */
  cellSize?: number;
  /** Label the position coordinates along the top and left margins (default true). */
  coordinates?: boolean;
  title?: string;
}

const PAGE = "#f8fafc";
const PANEL = "#22334d";
const LINE = "#d4dde8";
const PATH = "#ffb52e";
const LABEL = "#334155";
const FONT = "DejaVu Sans, Arial, Helvetica, sans-serif";

export const FILL: Record<Color, string> = {
  red: "#e53935",
  blue: "#2f7df6",
  green: "#2fb344",
  yellow: "#ffe14d",
  white: "#ffffff",
  orange: "#ff8a1f",
  purple: "#a24de0",
  black: "#0b0b0b",
};
// White and black need an outline to stand apart from light lines and the dark panel.
export const OUTLINE: Partial<Record<Color, string>> = { white: "#1f2937", black: "#cbd5e1" };

const num = (n: number): string => String(Math.round(n * 100) / 100);

const paint = (color: Color): string => {
  const stroke = OUTLINE[color];
  return stroke ? `fill="${FILL[color]}" stroke="${stroke}" stroke-width="1.5"` : `fill="${FILL[color]}"`;
};

const polygon = (pts: [number, number][], attrs: string): string =>
  `<polygon points="${pts.map(([x, y]) => `${num(x)},${num(y)}`).join(" ")}" ${attrs}/>`;

/** One rule symbol centred on (cx, cy); c is the cell size. */
function symbolSvg(sym: RuleSymbol, cx: number, cy: number, c: number, puzzle: Puzzle): string {
  switch (sym.kind) {
    case "square": {
      const s = c * 0.36;
      return `<rect x="${num(cx - s / 2)}" y="${num(cy - s / 2)}" width="${num(s)}" height="${num(s)}" rx="${num(c * 0.09)}" ${paint(sym.color)}/>`;
    }
    case "star": {
      const r = c * 0.2;
      const pts: [number, number][] = [];
      // Outline of two overlapping squares (one turned 45°): their corners alternate with the
      // points where their edges cross.
      const inner = (r * Math.SQRT1_2) / Math.cos(Math.PI / 8);
      for (let i = 0; i < 16; i++) {
        const a = (i * Math.PI) / 8 - Math.PI / 2;
        const rr = i % 2 === 0 ? r : inner;
        pts.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
      }
      return polygon(pts, paint(sym.color));
    }
    case "triangle": {
      const w = c * 0.16;
      const h = c * 0.15;
      const step = c * 0.185;
      const x0 = cx - ((sym.count - 1) * step) / 2;
      let out = "";
      for (let i = 0; i < sym.count; i++) {
        const tx = x0 + i * step;
        out += polygon(
          [
            [tx, cy - h / 2],
            [tx + w / 2, cy + h / 2],
            [tx - w / 2, cy + h / 2],
          ],
          paint(sym.color),
        );
      }
      return out;
    }
    case "poly":
    case "ylop": {
      const cells = puzzle.shapes.get(sym.shape) ?? [];
      if (cells.length === 0) return "";
      const minX = Math.min(...cells.map((p) => p.x));
      const maxX = Math.max(...cells.map((p) => p.x));
      const minY = Math.min(...cells.map((p) => p.y));
      const maxY = Math.max(...cells.map((p) => p.y));
      const u = c * 0.17;
      const s = u * 0.82;
      const left = cx - ((maxX - minX + 1) * u) / 2;
      const top = cy - ((maxY - minY + 1) * u) / 2;
      const sw = c * 0.035;
      const ylop = sym.kind === "ylop";
      const style = ylop
        ? `fill="none" stroke="${FILL[sym.color]}" stroke-width="${num(sw)}"`
        : paint(sym.color);
      const inset = ylop ? sw / 2 : 0;
      return cells
        .map((p) => {
          const x = left + (p.x - minX) * u + (u - s) / 2 + inset;
          const y = top + (p.y - minY) * u + (u - s) / 2 + inset;
          return `<rect x="${num(x)}" y="${num(y)}" width="${num(s - 2 * inset)}" height="${num(s - 2 * inset)}" ${style}/>`;
        })
        .join("");
    }
  }
}

/** Direction from a border position straight out of the grid, to the nearest side. */
function outward(p: Point, cols: number, rows: number): [number, number] {
  const sides: [number, [number, number]][] = [
    [p.x, [-1, 0]],
    [cols - 1 - p.x, [1, 0]],
    [p.y, [0, -1]],
    [rows - 1 - p.y, [0, 1]],
  ];
  let best = sides[0]!;
  for (const s of sides) if (s[0] < best[0]) best = s;
  return best[1];
}

/** SVG of the puzzle, optionally with a path drawn over it. */
export function renderPuzzleSvg(puzzle: Puzzle, path?: Point[], opts: RenderOptions = {}): SvgRendering {
  const c = opts.cellSize && opts.cellSize > 0 ? opts.cellSize : 64;
  const coords = opts.coordinates ?? true;
  const { cols, rows } = puzzle;
  const h = c / 2;
  const lw = c * 0.2;
  const pad = c * 0.52;
  const margin = 6;
  const fontSize = Math.max(8, c * 0.24);
  const labels = coords ? fontSize * 1.8 : 0;
  const titleH = opts.title ? fontSize * 2.4 : 0;
  const gridW = (cols - 1) * h;
  const gridH = (rows - 1) * h;
  const ox = margin + labels + pad;
  const oy = margin + titleH + labels + pad;
  const width = Math.ceil(ox + gridW + pad + margin);
  const height = Math.ceil(oy + gridH + pad + margin);
  const px = (x: number): number => ox + x * h;
  const py = (y: number): number => oy + y * h;
  const inGrid = (p: Point): boolean =>
    Number.isInteger(p.x) && Number.isInteger(p.y) && p.x >= 0 && p.y >= 0 && p.x < cols && p.y < rows;
  const line = (x1: number, y1: number, x2: number, y2: number, attrs: string): string =>
    `<line x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}" ${attrs}/>`;

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
  );
  out.push(`<rect width="${width}" height="${height}" fill="${PAGE}"/>`);
  if (opts.title) {
    out.push(
      `<text x="${num(width / 2)}" y="${num(margin + titleH / 2)}" font-family="${FONT}" font-size="${num(fontSize * 1.25)}" font-weight="bold" fill="${LABEL}" text-anchor="middle" dominant-baseline="central">${escapeXml(opts.title)}</text>`,
    );
  }
  if (coords) {
    const text = (x: number, y: number, s: number): string =>
      `<text x="${num(x)}" y="${num(y)}" text-anchor="middle" dominant-baseline="central">${s}</text>`;
    const ls: string[] = [];
    for (let x = 0; x < cols; x++) ls.push(text(px(x), oy - pad - labels / 2, x));
    for (let y = 0; y < rows; y++) ls.push(text(ox - pad - labels / 2, py(y), y));
    out.push(
      `<g data-kind="coordinates" font-family="${FONT}" font-size="${num(fontSize)}" fill="${LABEL}">${ls.join("")}</g>`,
    );
  }
  out.push(
    `<rect x="${num(ox - pad)}" y="${num(oy - pad)}" width="${num(gridW + 2 * pad)}" height="${num(gridH + 2 * pad)}" rx="${num(c * 0.18)}" fill="${PANEL}"/>`,
  );

  // Grid: each edge as its own segment (butt caps) so gaps can break it; round vertices join them.
  const gapSet = new Set(puzzle.gaps.map((g) => `${g.x},${g.y}`));
  const grid: string[] = [];
  const gaps: string[] = [];
  const gapHalf = c * 0.14;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      if (isRuleCell(x, y)) continue;
      if (isVertex(x, y)) {
        grid.push(`<circle cx="${num(px(x))}" cy="${num(py(y))}" r="${num(lw / 2)}" stroke="none"/>`);
        continue;
      }
      const [dx, dy] = x % 2 === 1 ? [1, 0] : [0, 1];
      const x1 = px(x - dx);
      const y1 = py(y - dy);
      const x2 = px(x + dx);
      const y2 = py(y + dy);
      if (gapSet.has(`${x},${y}`)) {
        const mx = px(x);
        const my = py(y);
        gaps.push(
          `<g data-kind="gap" data-x="${x}" data-y="${y}">${line(x1, y1, mx - dx * gapHalf, my - dy * gapHalf, "")}${line(mx + dx * gapHalf, my + dy * gapHalf, x2, y2, "")}</g>`,
        );
      } else grid.push(line(x1, y1, x2, y2, ""));
    }
  }
  out.push(
    `<g fill="${LINE}" stroke="${LINE}" stroke-width="${num(lw)}">${grid.join("")}${gaps.join("")}</g>`,
  );

  const { start, end } = puzzle;
  const [ex, ey] = outward(end, cols, rows);
  const stub = c * 0.32;
  const endLine = (color: string, w: number): string =>
    line(
      px(end.x),
      py(end.y),
      px(end.x) + ex * stub,
      py(end.y) + ey * stub,
      `stroke="${color}" stroke-width="${num(w)}" stroke-linecap="round"`,
    );
  out.push(`<g data-kind="end" data-x="${end.x}" data-y="${end.y}">${endLine(LINE, lw)}</g>`);
  const startR = lw * 1.15;
  out.push(
    `<circle data-kind="start" data-x="${start.x}" data-y="${start.y}" cx="${num(px(start.x))}" cy="${num(py(start.y))}" r="${num(startR)}" fill="${LINE}"/>`,
  );

  for (const { x, y, symbol } of puzzle.symbols) {
    out.push(
      `<g data-kind="${symbol.kind}" data-x="${x}" data-y="${y}">${symbolSvg(symbol, px(x), py(y), c, puzzle)}</g>`,
    );
  }

  if (path) {
    const pts = path.filter(inGrid);
    if (pts.length > 0) {
      const first = pts[0]!;
      const last = pts[pts.length - 1]!;
      const pw = lw * 0.78;
      const parts: string[] = [];
      if (first.x === start.x && first.y === start.y) {
        parts.push(
          `<circle cx="${num(px(start.x))}" cy="${num(py(start.y))}" r="${num(startR * 0.86)}" fill="${PATH}"/>`,
        );
      }
      if (last.x === end.x && last.y === end.y) parts.push(endLine(PATH, pw));
      parts.push(
        `<polyline points="${pts.map((p) => `${num(px(p.x))},${num(py(p.y))}`).join(" ")}" fill="none" stroke="${PATH}" stroke-width="${num(pw)}" stroke-linecap="round" stroke-linejoin="round"/>`,
      );
      out.push(`<g data-kind="path">${parts.join("")}</g>`);
    }
  }

  // Dots go last so a path passing over them leaves them visible.
  const dr = lw * 0.55;
  for (const d of puzzle.dots) {
    const cx = px(d.x);
    const cy = py(d.y);
    const hex: [number, number][] = [];
    for (let i = 0; i < 6; i++)
      hex.push([cx + dr * Math.cos((i * Math.PI) / 3), cy + dr * Math.sin((i * Math.PI) / 3)]);
    out.push(`<g data-kind="dot" data-x="${d.x}" data-y="${d.y}">${polygon(hex, `fill="#111827"`)}</g>`);
  }

  out.push("</svg>");
  return { kind: "svg", svg: out.join("\n"), width, height };
}

/** PNG bytes of the same picture (uses svgToPng from ../../core/png.ts). */
export function renderPuzzlePng(puzzle: Puzzle, path?: Point[], opts?: RenderOptions): Uint8Array {
  return svgToPng(renderPuzzleSvg(puzzle, path, opts).svg);
}
