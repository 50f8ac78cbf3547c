import { escapeXml, svgDocument } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import { IsoCamera, shade } from "../../../geometry/isometric.ts";
import { bodyVertices } from "./bodies.ts";
import { type CoveragePolygons, coverage } from "./coverage.ts";
import type { TetraAnswer, TetraData } from "./schema.ts";
import { quatNorm, shadow, type Vec2, type Vec3 } from "./tetra.ts";
import { verifyTetraShadow } from "./verify.ts";

const PANEL = 380;
const TOP = 44;
const PAD = 14;
const SHADOW = "#4e79a7";
const MISSED = "#e15759";
const EXCESS = "#f28e2b";
const TETRA = "#76b7b2";

const f1 = (v: number): string => v.toFixed(1);

/** An SVG path of contours (even–odd, so holes stay empty) under a world → picture map. */
function path(contours: readonly (readonly Vec2[])[], map: (p: Vec2) => Vec2, attrs: string): string {
  const d = contours
    .filter((c) => c.length >= 3)
    .map((c) => `M${c.map((p) => map(p).map(f1).join(",")).join("L")}Z`)
    .join("");
  return d ? `<path d="${d}" fill-rule="evenodd" ${attrs}/>` : "";
}

/** The top view: target, shadows (overlaps darker), missed target in red, excess in orange. */
function topView(data: TetraData, shadows: Vec2[][], polys: CoveragePolygons | null): string {
  const pts = data.rings.flat();
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const half = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 2 + 3;
  const k = (PANEL - 2 * PAD) / (2 * half);
  const map = (p: Vec2): Vec2 => [PAD + (p[0] - cx + half) * k, TOP + PAD + (cy + half - p[1]) * k];
  const grid: string[] = [];
  for (let g = Math.ceil((cx - half) / 2) * 2; g <= cx + half; g += 2) {
    const [x] = map([g, 0]);
    grid.push(
      `<line x1="${f1(x)}" y1="${TOP + PAD}" x2="${f1(x)}" y2="${TOP + PANEL - PAD}" stroke="${g === 0 ? "#bbb" : "#eee"}"/>`,
    );
  }
  for (let g = Math.ceil((cy - half) / 2) * 2; g <= cy + half; g += 2) {
    const [, y] = map([0, g]);
    grid.push(
      `<line x1="${PAD}" y1="${f1(y)}" x2="${PANEL - PAD}" y2="${f1(y)}" stroke="${g === 0 ? "#bbb" : "#eee"}"/>`,
    );
  }
  const parts = [
    `<clipPath id="top"><rect x="${PAD}" y="${TOP + PAD}" width="${PANEL - 2 * PAD}" height="${PANEL - 2 * PAD}"/></clipPath>`,
    `<g clip-path="url(#top)">`,
    ...grid,
    path(data.rings, map, `fill="#e9edf2"`),
    ...shadows.map((s) =>
      path([s], map, `fill="${SHADOW}" fill-opacity="0.28" stroke="${SHADOW}" stroke-width="0.6"`),
    ),
    polys ? path(polys.missed, map, `fill="${MISSED}" fill-opacity="0.75"`) : "",
    polys ? path(polys.excess, map, `fill="${EXCESS}" fill-opacity="0.75"`) : "",
    path(data.rings, map, `fill="none" stroke="#222" stroke-width="1.4"`),
    "</g>",
    `<text x="${PAD}" y="${TOP + PANEL + 4}" font-size="11" fill="#555">grid 2 units; top view (x right, y up)</text>`,
  ];
  return parts.join("");
}

/** An isometric view of the tetrahedra, faces painted back to front and shaded by a fixed light. */
function sideView(bodies: Vec3[][]): string {
  if (bodies.length === 0) return "";
  const camera = new IsoCamera({ turn: 0 }, 1);
  const light: Vec3 = [0.3, -0.5, 0.8];
  const faces: { depth: number; pts: Vec2[]; fill: string }[] = [];
  for (const v of bodies)
    for (const [a, b, c, opp] of [
      [1, 2, 3, 0],
      [0, 2, 3, 1],
      [0, 1, 3, 2],
      [0, 1, 2, 3],
    ] as const) {
      const [pa, pb, pc, po] = [v[a], v[b], v[c], v[opp]] as [Vec3, Vec3, Vec3, Vec3];
      const u: Vec3 = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]];
      const w: Vec3 = [pc[0] - pa[0], pc[1] - pa[1], pc[2] - pa[2]];
      let n: Vec3 = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
      const out = (po[0] - pa[0]) * n[0] + (po[1] - pa[1]) * n[1] + (po[2] - pa[2]) * n[2];
      if (out > 0) n = [-n[0], -n[1], -n[2]];
      const len = Math.hypot(...n);
      // The camera looks from (+x, +y, +z): a face turned away from it is hidden by the solid.
      if (n[0] + n[1] + n[2] <= 0) continue;
      const lit = Math.max(
        0,
        (n[0] * light[0] + n[1] * light[1] + n[2] * light[2]) / len / Math.hypot(...light),
      );
      const depth = (pa[0] + pb[0] + pc[0] + pa[1] + pb[1] + pc[1] + pa[2] + pb[2] + pc[2]) / 3;
      faces.push({
        depth,
        pts: [pa, pb, pc].map((p) => camera.project(p)),
        fill: shade(TETRA, 0.55 + 0.45 * lit),
      });
    }
  faces.sort((p, q) => p.depth - q.depth);
  const all = faces.flatMap((f) => f.pts);
  const minX = Math.min(...all.map((p) => p[0]));
  const maxX = Math.max(...all.map((p) => p[0]));
  const minY = Math.min(...all.map((p) => p[1]));
  const maxY = Math.max(...all.map((p) => p[1]));
  const k = Math.min(
    (PANEL - 2 * PAD) / Math.max(1e-9, maxX - minX),
    (PANEL - 2 * PAD) / Math.max(1e-9, maxY - minY),
  );
  const ox = PANEL + PAD + (PANEL - 2 * PAD - (maxX - minX) * k) / 2;
  const oy = TOP + PAD + (PANEL - 2 * PAD - (maxY - minY) * k) / 2;
  const polys = faces.map(
    (f) =>
      `<polygon points="${f.pts.map((p) => `${f1(ox + (p[0] - minX) * k)},${f1(oy + (p[1] - minY) * k)}`).join(" ")}" fill="${f.fill}" stroke="#234" stroke-width="0.5" stroke-linejoin="round"/>`,
  );
  return `${polys.join("")}<text x="${PANEL + PAD}" y="${TOP + PANEL + 4}" font-size="11" fill="#555">isometric view of the ${bodies.length} tetrahedra (z up)</text>`;
}

export function renderTetraShadow(data: TetraData, answer?: TetraAnswer): SvgRendering {
  let caption = `Target: ${data.shape}, area ${data.area.toFixed(2)}`;
  let shadows: Vec2[][] = [];
  let bodies: Vec3[][] = [];
  let polys: CoveragePolygons | null = null;
  if (answer) {
    const usable = answer.tetrahedra.filter(
      (t) => [...t.position, ...t.quaternion].every(Number.isFinite) && quatNorm(t.quaternion) > 1e-6,
    );
    bodies = usable.map((t) => bodyVertices(data, t));
    shadows = bodies.map(shadow);
    polys = { missed: [], excess: [], union: [] };
    const cov = coverage(data.rings, shadows, polys);
    const verdict = verifyTetraShadow(data, answer);
    const failed = verdict.checks.filter((c) => !c.ok).map((c) => c.name);
    caption =
      (data.original
        ? `score ${verdict.score.toFixed(4)} (the original's rule; renormalised by ${data.bar}), ${answer.tetrahedra.length} tetrahedra`
        : `score ${verdict.score.toFixed(4)}, accuracy ${cov.accuracy.toFixed(4)} (bar ${data.bar}), ${answer.tetrahedra.length}/${data.maxCount} tetrahedra`) +
      (failed.length > 0 ? ` — fails: ${failed.join(", ")}` : " — passes");
  }
  const width = answer ? 2 * PANEL : PANEL;
  const height = TOP + PANEL + 14;
  const legend = answer
    ? `<text x="${PAD}" y="36" font-size="12"><tspan fill="${SHADOW}">■ shadows (darker where they overlap)</tspan>  <tspan fill="${MISSED}">■ missed target</tspan>  <tspan fill="${EXCESS}">■ shadow outside target</tspan></text>`
    : `<text x="${PAD}" y="36" font-size="12">at most ${data.maxCount} tetrahedra of edge ${data.edgeLength.toFixed(4)}; bar ${data.bar}</text>`;
  return svgDocument(
    width,
    height,
    `<text x="${PAD}" y="18" font-size="13">${escapeXml(caption)}</text>${legend}` +
      topView(data, shadows, polys) +
      sideView(bodies),
  );
}
