import { escapeXml } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import { IsoCamera, type VoxelGroup, voxelFaces } from "../../../geometry/isometric.ts";
import { sumHasDigit, type Voxel, type VoxelProjectionAnswer, type VoxelProjectionData } from "./schema.ts";
import { analyseVoxels } from "./verify.ts";

const PAD = 16;
const HEADER = 28;
const FOOTER = 40;
const PROJ = 120;
const GAP = 24;
const LABEL_ROOM = 22;
const OK_FILL = "#4a7fc1";
const BAD_FILL = "#d62728";

const fmt = (v: number) => v.toFixed(1);

function projectionGrid(
  label: string,
  n: number,
  voxels: readonly Voxel[],
  pick: (v: Voxel) => [number, number],
  showHoles: boolean,
  ox: number,
  oy: number,
): string {
  const cell = PROJ / n;
  const seen = new Uint8Array(n * n);
  for (const v of voxels) {
    const [a, b] = pick(v);
    seen[a * n + b] = 1;
  }
  const out = [`<text x="${ox}" y="${oy - 5}" font-family="sans-serif" font-size="12">${label}</text>`];
  out.push(`<rect x="${ox}" y="${oy}" width="${PROJ}" height="${PROJ}" fill="#f4f4f4" stroke="#999"/>`);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const filled = seen[a * n + b] === 1;
      if (!filled && !showHoles) continue;
      // First axis to the right, second axis up, as on a drawing of the plane.
      const x = ox + a * cell;
      const y = oy + (n - 1 - b) * cell;
      out.push(
        `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(cell)}" height="${fmt(cell)}" fill="${filled ? OK_FILL : BAD_FILL}" stroke="white" stroke-width="${n > 16 ? 0.3 : 0.8}"/>`,
      );
    }
  }
  return out.join("");
}

/** The isometric solid (rule-breaking voxels red) beside its three projections (holes red). */
export function renderVoxelProjection(
  data: VoxelProjectionData,
  answer?: VoxelProjectionAnswer,
): SvgRendering {
  const { n, voxels: count, forbiddenSumDigit: digit } = data;
  const analysis = answer ? analyseVoxels(data, answer) : null;
  const inside = analysis?.inside ?? [];
  const bad = (v: Voxel) => digit !== null && sumHasDigit(v, digit);
  const groups: VoxelGroup[] = [
    { cells: inside.filter((v) => !bad(v)), fill: OK_FILL },
    { cells: inside.filter(bad), fill: BAD_FILL },
  ];
  const camera = new IsoCamera({ turn: 0 }, Math.max(7, Math.min(36, 340 / (1.75 * n))));
  const faces = voxelFaces(groups, camera);
  const P = (x: number, y: number, z: number) => camera.project([x, y, z]);
  const corners = [0, n].flatMap((x) => [0, n].flatMap((y) => [0, n].map((z) => P(x, y, z))));
  // Room around the cube for the axis labels.
  const minX = Math.min(...corners.map((p) => p[0])) - LABEL_ROOM;
  const minY = Math.min(...corners.map((p) => p[1])) - LABEL_ROOM;
  const isoW = Math.max(...corners.map((p) => p[0])) + LABEL_ROOM - minX;
  const isoH = Math.max(...corners.map((p) => p[1])) + LABEL_ROOM - minY;
  const projH = 3 * PROJ + 2 * GAP + 12;
  const rule = digit === null ? "" : ` · no ${digit} in x+y+z`;
  const title = `Voxel projection ${n}×${n}×${n} · exactly ${count} voxels${rule} · asymmetric`;
  // About 7.5 px per character at 14 px.
  const width = Math.ceil(Math.max(PAD + isoW + GAP + PROJ + PAD, 2 * PAD + 7.5 * title.length));
  const height = Math.ceil(HEADER + PAD + Math.max(isoH, projH) + PAD + (answer ? FOOTER : 0));
  const tx = PAD - minX;
  const ty = HEADER + PAD - minY;
  const poly = (pts: [number, number][], fill: string) =>
    `<polygon points="${pts.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ")}" fill="${fill}" stroke="#bbb" stroke-width="0.8"/>`;
  // The back walls and floor of the cube, behind the voxels (the +x, +y and +z sides face the viewer).
  const walls = [
    poly([P(0, 0, 0), P(n, 0, 0), P(n, n, 0), P(0, n, 0)], "#eeeeee"),
    poly([P(0, 0, 0), P(0, n, 0), P(0, n, n), P(0, 0, n)], "#f6f6f6"),
    poly([P(0, 0, 0), P(n, 0, 0), P(n, 0, n), P(0, 0, n)], "#f9f9f9"),
  ];
  const axisLabel = (text: string, p: [number, number]) =>
    `<text x="${fmt(p[0])}" y="${fmt(p[1])}" font-family="sans-serif" font-size="12" fill="#555">${text}</text>`;

  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${PAD}" y="${PAD + 6}" font-family="sans-serif" font-size="14">${escapeXml(title)}</text>`,
    `<g transform="translate(${fmt(tx)},${fmt(ty)})">`,
    ...walls,
    faces.svg,
    axisLabel("x", P(n + 0.5, 0, 0)),
    axisLabel("y", P(0, n + 0.9, 0)),
    axisLabel("z", P(0, 0, n + 0.25)),
    "</g>",
  ];
  const px = Math.ceil(PAD + isoW + GAP);
  const py = HEADER + PAD + 12;
  const show = answer !== undefined;
  out.push(projectionGrid("XY (x →, y ↑)", n, inside, (v) => [v[0], v[1]], show, px, py));
  out.push(projectionGrid("XZ (x →, z ↑)", n, inside, (v) => [v[0], v[2]], show, px, py + PROJ + GAP));
  out.push(projectionGrid("YZ (y →, z ↑)", n, inside, (v) => [v[1], v[2]], show, px, py + 2 * (PROJ + GAP)));
  if (analysis) {
    const failed = analysis.checks.filter((c) => !c.ok);
    const text =
      failed.length === 0
        ? `valid: ${answer?.voxels.length} voxels, projections full, no symmetry`
        : `fails ${failed.map((c) => c.name).join(", ")}`;
    const detail = failed[0]?.detail ?? "";
    out.push(
      `<text x="${PAD}" y="${height - FOOTER + 14}" font-family="sans-serif" font-size="13" fill="${failed.length ? BAD_FILL : "#2a7a2a"}">${escapeXml(text)}</text>`,
      `<text x="${PAD}" y="${height - FOOTER + 30}" font-family="sans-serif" font-size="11" fill="#555">${escapeXml(detail.slice(0, 110))}</text>`,
    );
  }
  out.push("</svg>");
  return { kind: "svg", svg: out.join(""), width, height };
}
