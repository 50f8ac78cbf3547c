import type { SvgRendering } from "../../../core/task.ts";
import { field } from "./rules.ts";
import type { HyperSnakeAnswer, HyperSnakeData } from "./schema.ts";
import { verifySnake } from "./verify.ts";

/**
 * Unfolds the box onto the page: even axes (0, 2, 4, …) nest along x and odd axes along y, the
 * lowest axis innermost, with wider gaps between blocks of higher axes. Every cell appears once.
 */
function layout(shape: readonly number[], cell: number) {
  const axes = (parity: number) => shape.map((_, i) => i).filter((i) => i % 2 === parity);
  const spans = (group: number[]): number[] => {
    const out: number[] = [];
    let span = cell;
    group.forEach((axis, level) => {
      out.push(span);
      span = span * (shape[axis] ?? 1) + (level + 1) * 4 * (level + 1 < group.length ? 1 : 0);
    });
    out.push(span);
    return out;
  };
  const xs = axes(0);
  const ys = axes(1);
  const xSpans = spans(xs);
  const ySpans = spans(ys);
  const offset = (p: readonly number[], group: number[], s: number[]) =>
    group.reduce((sum, axis, level) => sum + (p[axis] ?? 0) * (s[level] ?? 0), 0);
  return {
    xs,
    ys,
    width: xSpans[xs.length] ?? cell,
    height: ySpans[ys.length] ?? cell,
    at: (p: readonly number[]) => ({ x: offset(p, xs, xSpans), y: offset(p, ys, ySpans) }),
  };
}

export function renderSnake(data: HyperSnakeData, answer?: HyperSnakeAnswer): SvgRendering {
  const { box, wall, open } = field(data);
  const d = data.shape.length;
  const extent = (parity: number) => data.shape.reduce((a, n, i) => (i % 2 === parity ? a * n : a), 1);
  // A fifth more than the widest side leaves room for the gaps between blocks.
  const cell = Math.max(10, Math.min(40, Math.floor(720 / (1.2 * Math.max(extent(0), extent(1))))));
  const grid = layout(data.shape, cell);
  const margin = 20;
  const top = 56;
  const width = Math.max(grid.width + 2 * margin, 640);
  const height = grid.height + top + margin + 24;
  const left = (width - grid.width) / 2;
  const pos = (p: readonly number[]) => {
    const { x, y } = grid.at(p);
    return { x: left + x, y: top + y };
  };
  const center = (p: readonly number[]) => {
    const { x, y } = pos(p);
    return { x: x + cell / 2, y: y + cell / 2 };
  };
  const parts: string[] = [];
  const order = new Map<number, number>();
  const path = answer?.path.filter((p) => box.contains(p)) ?? [];
  for (const p of path) if (!order.has(box.index(p))) order.set(box.index(p), order.size);

  for (let k = 0; k < box.size; k++) {
    const p = box.point(k);
    const { x, y } = pos(p);
    const step = order.get(k);
    const fill =
      wall[k] === 1
        ? "#37474f"
        : step === undefined
          ? "#fafafa"
          : `hsl(${Math.round(200 + (120 * step) / Math.max(1, order.size))}, 70%, 78%)`;
    parts.push(
      `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${fill}" stroke="#b0bec5" stroke-width="0.6"/>`,
    );
  }
  for (const f of data.food) {
    const { x, y } = center(f);
    parts.push(
      `<circle cx="${x}" cy="${y}" r="${cell * 0.25}" fill="#ff9800" stroke="#e65100" stroke-width="1"/>`,
    );
  }
  const s = center(data.start);
  parts.push(
    `<circle cx="${s.x}" cy="${s.y}" r="${cell * 0.4}" fill="none" stroke="#2e7d32" stroke-width="2.5"/>`,
  );

  let status = `${open} open cells · ${data.walls.length} walls · ${data.food.length} food`;
  if (answer) {
    const verdict = verifySnake(data, answer);
    const failed = verdict.checks.filter((c) => !c.ok).map((c) => c.name);
    status =
      `score ${verdict.score.toFixed(3)} · ${answer.path.length} positions` +
      (failed.length > 0 ? ` · fails: ${failed.join(", ")}` : " · all checks pass");
    const seen = new Set<number>();
    answer.path.forEach((p, i) => {
      const prev = answer.path[i - 1];
      const inside = box.contains(p);
      if (prev && inside && box.contains(prev)) {
        const a = center(prev);
        const b = center(p);
        const unit = p.reduce((sum, x, j) => sum + Math.abs(x - (prev[j] ?? 0)), 0) === 1;
        // Steps along higher axes jump between blocks: draw them faint so the in-block snake stays readable.
        const far = Math.hypot(b.x - a.x, b.y - a.y) > cell * 1.01;
        const style = !unit
          ? 'stroke="#d50000" stroke-width="2.5" stroke-dasharray="4 3"'
          : far
            ? 'stroke="#5c6bc0" stroke-width="1" stroke-dasharray="1 3" opacity="0.6"'
            : 'stroke="#1a237e" stroke-width="1.8"';
        parts.push(`<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" ${style}/>`);
      }
      if (!inside) return;
      const k = box.index(p);
      if (wall[k] === 1 || seen.has(k)) {
        const { x, y } = pos(p);
        parts.push(
          `<path d="M${x + 2} ${y + 2}L${x + cell - 2} ${y + cell - 2}M${x + cell - 2} ${y + 2}L${x + 2} ${y + cell - 2}" ` +
            'stroke="#d50000" stroke-width="2.5"/>',
        );
      }
      seen.add(k);
    });
  }
  const axesNote =
    d === 2
      ? "x: axis 0 · y: axis 1"
      : `unfolded: x nests axes ${grid.xs.join(", ")} · y nests axes ${grid.ys.join(", ")} (lowest axis innermost)`;
  const title = `Hyper-snake ${data.shape.join("×")} (${d}D)`;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="16" font-weight="bold">${title}</text>`,
    `<text x="${width / 2}" y="42" text-anchor="middle" font-size="12" fill="#455a64">${axesNote}</text>`,
    ...parts,
    `<text x="${width / 2}" y="${height - 10}" text-anchor="middle" font-size="12">${status}</text>`,
    "</svg>",
  ].join("\n");
  return { kind: "svg", svg, width, height };
}
