import { PALETTE as COLOURS, escapeXml } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import { IsoCamera } from "../../../geometry/isometric.ts";
import { cross, type Mat4Rows, norm, sub, transformMesh, type Vec3 } from "../../../geometry/mesh.ts";
import { meshOf } from "./part-checks.ts";
import { type InterlockingAnswer, type InterlockingData, limitsOf } from "./schema.ts";

const PAD = 16;
const HEADER = 44;
const THUMB = 112;
const THUMB_GAP = 14;
const LIGHT: Vec3 = [0.3, 0.5, 0.81];
const fmt = (v: number) => v.toFixed(1);
export const colour = (i: number) => COLOURS[i % COLOURS.length] as string;
/** The colour scaled towards black, as short hex. */
const shadeHex = (hex: string, factor: number): string => {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (shift: number) =>
    Math.round(((n >> shift) & 255) * factor)
      .toString(16)
      .padStart(2, "0");
  return `#${ch(16)}${ch(8)}${ch(0)}`;
};

interface Tri {
  depth: number;
  pts: [number, number][];
  fill: string;
}

/** Triangles facing the isometric viewer (+x, +y, +z), shaded by a fixed light. */
function isoTriangles(
  vertices: readonly Vec3[],
  triangles: readonly (readonly number[])[],
  fill: string,
  cam: IsoCamera,
): Tri[] {
  const out: Tri[] = [];
  for (const [i, j, k] of triangles) {
    const a = vertices[i as number];
    const b = vertices[j as number];
    const c = vertices[k as number];
    // An answer's bad index is the verifier's to report; the picture just leaves the triangle out.
    if (!a || !b || !c) continue;
    const n = cross(sub(b, a), sub(c, a));
    const len = norm(n);
    if (len === 0 || n[0] + n[1] + n[2] <= 0) continue;
    const pts: [number, number][] = [cam.project(a), cam.project(b), cam.project(c)];
    const [p, q, r] = pts as [[number, number], [number, number], [number, number]];
    // Facets smaller than a pixel (the insides of rod holes) add bytes, not picture.
    if (Math.abs((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])) < 0.5) continue;
    const lit = 0.55 + 0.45 * Math.max(0, (n[0] * LIGHT[0] + n[1] * LIGHT[1] + n[2] * LIGHT[2]) / len);
    out.push({
      depth: (a[0] + b[0] + c[0] + a[1] + b[1] + c[1] + a[2] + b[2] + c[2]) / 3,
      pts,
      fill: shadeHex(fill, lit),
    });
  }
  return out;
}

/** A filled triangle, stroked in its own colour so that neighbours leave no hairline seams. */
const polygon = (pts: [number, number][], fill: string) =>
  `<polygon points="${pts.map(([x, y]) => `${Math.round(x)},${Math.round(y)}`).join(" ")}" fill="${fill}" stroke="${fill}"/>`;

/** Wire box edges in the isometric view. */
function wireBox(cam: IsoCamera, min: Vec3, max: Vec3, stroke: string, dash: string): string {
  const P = (x: number, y: number, z: number) => cam.project([x, y, z]);
  const c = [min, max];
  const out: string[] = [];
  for (let axis = 0; axis < 3; axis++)
    for (let m = 0; m < 4; m++) {
      const p: number[] = [0, 0, 0];
      const q: number[] = [0, 0, 0];
      const others = [0, 1, 2].filter((k) => k !== axis);
      others.forEach((k, bit) => {
        const v = (c[(m >> bit) & 1] as Vec3)[k] as number;
        p[k] = v;
        q[k] = v;
      });
      p[axis] = min[axis] as number;
      q[axis] = max[axis] as number;
      const [x1, y1] = P(p[0] as number, p[1] as number, p[2] as number);
      const [x2, y2] = P(q[0] as number, q[1] as number, q[2] as number);
      out.push(
        `<line x1="${fmt(x1)}" y1="${fmt(y1)}" x2="${fmt(x2)}" y2="${fmt(y2)}" stroke="${stroke}" stroke-width="1" stroke-dasharray="${dash}"/>`,
      );
    }
  return out.join("");
}

/** Isometric view of the assembled cage (rods as lines) and each part's print pose seen from above. */
export function renderInterlocking(data: InterlockingData, answer?: InterlockingAnswer): SvgRendering {
  const l = limitsOf(data);
  const lo: Vec3 = [-l.outer, -l.outer, 0];
  const hi: Vec3 = [l.outer, l.outer, l.externalTop];
  const parts = answer?.parts ?? [];
  const assembled = parts.map((p) => transformMesh(meshOf(p), p.transform as Mat4Rows));
  const scene = (cam: IsoCamera) => {
    const corners = [lo, hi].flatMap((x) =>
      [lo, hi].flatMap((y) => [lo, hi].map((z) => cam.project([x[0], y[1], z[2]]))),
    );
    const tris = assembled.flatMap((m, i) => isoTriangles(m.vertices, m.triangles, colour(i), cam));
    // The picture frames the external envelope and any part that strays outside it.
    const seen = [...corners, ...tris.flatMap((t) => t.pts)];
    const minX = seen.reduce((m, p) => Math.min(m, p[0]), Infinity);
    const minY = seen.reduce((m, p) => Math.min(m, p[1]), Infinity);
    const w = seen.reduce((m, p) => Math.max(m, p[0]), -Infinity) - minX;
    const h = seen.reduce((m, p) => Math.max(m, p[1]), -Infinity) - minY;
    return { tris, minX, minY, w, h };
  };
  const unit = scene(new IsoCamera({ turn: 0 }, 1));
  // 0.62 px per mm, less when stray parts would make the picture too big.
  const cam = new IsoCamera({ turn: 0 }, Math.min(0.62, 600 / unit.w, 900 / unit.h));
  const { tris, minX, minY, w: isoW, h: isoH } = scene(cam);
  tris.sort((a, b) => a.depth - b.depth);
  const cols = 5;
  const thumbRows = Math.ceil(parts.length / cols);
  const title = `Interlocking cage · inside ${data.innerWidth}×${data.innerWidth}×${data.innerHeight} · outside ≤ ${2 * l.outer}×${2 * l.outer}×${l.externalTop} · printer ${data.build.join("×")} mm`;
  // About 7 px per character at 13 px.
  const width = Math.ceil(
    Math.max(2 * PAD + isoW, 2 * PAD + cols * (THUMB + THUMB_GAP), 2 * PAD + 7 * title.length),
  );
  const height = Math.ceil(HEADER + PAD + isoH + PAD + thumbRows * (THUMB + 24));
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${PAD}" y="${PAD + 6}" font-family="sans-serif" font-size="13">${escapeXml(title)}</text>`,
    `<text x="${PAD}" y="${PAD + 22}" font-family="sans-serif" font-size="11" fill="#666">dashes: external limit · dots: clear box · black: rods · below: print poses, top view</text>`,
    `<g transform="translate(${fmt((width - isoW) / 2 - minX)},${fmt(HEADER + PAD - minY)})" stroke-width="0.4" stroke-linejoin="round">`,
    wireBox(cam, lo, hi, "#999", "6 4"),
    wireBox(cam, [-l.inner, -l.inner, l.clearBottom], [l.inner, l.inner, l.clearTop], "#3a8a5a", "2 3"),
  ];
  const rodTop = l.externalTop;
  const rodLine = (x: number, y: number) => {
    const [x1, y1] = cam.project([x, y, 0]);
    const [x2, y2] = cam.project([x, y, rodTop]);
    return `<line x1="${fmt(x1)}" y1="${fmt(y1)}" x2="${fmt(x2)}" y2="${fmt(y2)}" stroke="#333" stroke-width="1.6"/>`;
  };
  const rods = answer?.rods ?? [];
  // Rods behind the cage's centre go under the parts, the others over them.
  for (const rod of rods) if (rod.x + rod.y <= 0) out.push(rodLine(rod.x, rod.y));
  for (const t of tris) out.push(polygon(t.pts, t.fill));
  for (const rod of rods) if (rod.x + rod.y > 0) out.push(rodLine(rod.x, rod.y));
  out.push("</g>");
  const top = HEADER + PAD + isoH + PAD;
  parts.forEach((p, i) => {
    const ox = PAD + (i % cols) * (THUMB + THUMB_GAP);
    const oy = top + Math.floor(i / cols) * (THUMB + 24);
    const s = THUMB / Math.max(data.build[0], data.build[1]);
    out.push(
      `<g stroke-width="0.4">`,
      `<rect x="${ox}" y="${oy}" width="${fmt(data.build[0] * s)}" height="${fmt(data.build[1] * s)}" fill="#f4f4f4" stroke="#999"/>`,
    );
    // Seen from above: faces with an upward normal, bed y pointing up the picture.
    for (const [a, b, c] of p.faces) {
      const [A, B, C] = [a, b, c].map((k) => p.vertices[k]);
      if (!A || !B || !C || cross(sub(B, A), sub(C, A))[2] <= 0) continue;
      const pts = [A, B, C].map((v) => [ox + v[0] * s, oy + (data.build[1] - v[1]) * s] as [number, number]);
      out.push(polygon(pts, colour(i)));
    }
    out.push(
      "</g>",
      `<text x="${ox}" y="${oy + THUMB + 14}" font-family="sans-serif" font-size="9">${escapeXml(`#${i} ${p.name}`.slice(0, 26))}</text>`,
    );
  });
  out.push("</svg>");
  return { kind: "svg", svg: out.join(""), width, height };
}
