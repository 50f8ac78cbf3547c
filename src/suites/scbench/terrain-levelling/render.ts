import type { SvgRendering } from "../../../core/task.ts";
import { largestFlatRegion } from "./flat-region.ts";
import {
  type Blast,
  type Heightmap,
  MAX_BLASTS,
  MAX_HEIGHT,
  MIN_HEIGHT,
  type TerrainAnswer,
  type TerrainData,
} from "./schema.ts";
import { cachedSimulation } from "./sim-cache.ts";

const PANEL = 480;
const MARGIN = 16;
const TITLE = 24;
/** Height bands: one colour and one contour line per metre. */
const BAND = 1;

const STOPS: [number, [number, number, number]][] = [
  [0, [38, 84, 124]],
  [0.25, [88, 150, 90]],
  [0.5, [196, 186, 110]],
  [0.75, [150, 105, 70]],
  [1, [245, 245, 245]],
];

function colour(h: number): string {
  const banded = Math.floor(h / BAND) * BAND + BAND / 2;
  const t = Math.min(1, Math.max(0, (banded - MIN_HEIGHT) / (MAX_HEIGHT - MIN_HEIGHT)));
  let k = 1;
  while (k < STOPS.length - 1 && t > (STOPS[k] as [number, unknown])[0]) k++;
  const [t0, c0] = STOPS[k - 1] as [number, [number, number, number]];
  const [t1, c1] = STOPS[k] as [number, [number, number, number]];
  const f = t1 > t0 ? (t - t0) / (t1 - t0) : 0;
  const c = c0.map((v, i) => Math.round(v + ((c1[i] as number) - v) * f));
  return `rgb(${c.join(",")})`;
}

function panel(heights: Heightmap, blasts: readonly Blast[], ox: number, title: string): string {
  const n = heights.length;
  const s = PANEL / n;
  const at = (x: number, y: number): number => (heights[y] as number[])[x] as number;
  const parts: string[] = [
    `<text x="${ox + PANEL / 2}" y="${MARGIN + 14}" text-anchor="middle" font-family="sans-serif" font-size="14">${title}</text>`,
  ];
  const top = MARGIN + TITLE;
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++)
      parts.push(
        `<rect x="${(ox + x * s).toFixed(2)}" y="${(top + y * s).toFixed(2)}" width="${(s + 0.3).toFixed(2)}" height="${(s + 0.3).toFixed(2)}" fill="${colour(at(x, y))}"/>`,
      );
  const band = (h: number): number => Math.floor(h / BAND);
  const contours: string[] = [];
  const region = new Set(largestFlatRegion(heights).cells);
  const outline: string[] = [];
  const edge = (x1: number, y1: number, x2: number, y2: number): string =>
    `M${(ox + x1 * s).toFixed(2)} ${(top + y1 * s).toFixed(2)}L${(ox + x2 * s).toFixed(2)} ${(top + y2 * s).toFixed(2)}`;
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const inside = region.has(y * n + x);
      if (x + 1 < n && band(at(x, y)) !== band(at(x + 1, y))) contours.push(edge(x + 1, y, x + 1, y + 1));
      if (y + 1 < n && band(at(x, y)) !== band(at(x, y + 1))) contours.push(edge(x, y + 1, x + 1, y + 1));
      if (!inside) continue;
      if (x === 0 || !region.has(y * n + x - 1)) outline.push(edge(x, y, x, y + 1));
      if (x === n - 1 || !region.has(y * n + x + 1)) outline.push(edge(x + 1, y, x + 1, y + 1));
      if (y === 0 || !region.has((y - 1) * n + x)) outline.push(edge(x, y, x + 1, y));
      if (y === n - 1 || !region.has((y + 1) * n + x)) outline.push(edge(x, y + 1, x + 1, y + 1));
    }
  parts.push(`<path d="${contours.join("")}" stroke="rgba(0,0,0,0.35)" stroke-width="0.8" fill="none"/>`);
  parts.push(
    `<path d="${outline.join("")}" stroke="#e0102a" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
  );
  const r = Math.max(2, s * 0.32);
  for (const b of blasts) {
    const cx = ox + (b.x + 0.5) * s;
    const cy = top + (b.y + 0.5) * s;
    parts.push(
      `<path d="M${(cx - r).toFixed(2)} ${(cy - r).toFixed(2)}L${(cx + r).toFixed(2)} ${(cy + r).toFixed(2)}M${(cx - r).toFixed(2)} ${(cy + r).toFixed(2)}L${(cx + r).toFixed(2)} ${(cy - r).toFixed(2)}" stroke="#111" stroke-width="2"/>`,
    );
  }
  parts.push(
    `<text x="${ox + PANEL / 2}" y="${top + PANEL + 16}" text-anchor="middle" font-family="sans-serif" font-size="12">largest flat region (red): ${region.size} cells</text>`,
  );
  return parts.join("");
}

/**
 * Top-down map coloured in 1 m bands with contour lines, the largest flat region outlined in red
 * and blasts marked ×. With an answer: before and after side by side; "after" is the simulated
 * terrain (the cached simulation when verify has run), skipping blasts the verifier would reject.
 */
export function renderTerrain(data: TerrainData, answer?: TerrainAnswer): SvgRendering {
  const valid = answer?.blasts
    .slice(0, MAX_BLASTS)
    .filter(
      (b) =>
        Number.isFinite(b.depth) &&
        b.depth > 0 &&
        Number.isInteger(b.x) &&
        Number.isInteger(b.y) &&
        b.x >= 0 &&
        b.y >= 0 &&
        b.x < data.side &&
        b.y < data.side,
    );
  const panels = [
    panel(
      data.heights,
      valid ?? [],
      MARGIN,
      answer ? "before (× = blast)" : `${data.side} × ${data.side} terrain`,
    ),
  ];
  if (answer && valid) {
    const sim = cachedSimulation(data.heights, valid);
    const label = sim.tooDeep
      ? `after blast #${sim.tooDeep.index} (the next is too deep)`
      : "after (simulated)";
    panels.push(panel(sim.heights, [], 2 * MARGIN + PANEL, label));
  }
  const width = panels.length * (PANEL + MARGIN) + MARGIN;
  const height = MARGIN + TITLE + PANEL + 28;
  return {
    kind: "svg",
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="white"/>${panels.join("")}</svg>`,
    width,
    height,
  };
}
