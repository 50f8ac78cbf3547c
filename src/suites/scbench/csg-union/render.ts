import { escapeXml, svgDocument } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import { cross, norm, sub, type TriMesh, triangulatePolygon, type Vec3 } from "../../../geometry/mesh.ts";
import { referenceSolid } from "./csg.ts";
import type { CsgAnswer, CsgData } from "./schema.ts";
import { verifyCsg } from "./verify.ts";

const PANEL = 260;
const PAD = 14;
const TOP = 50;
/** Room for a panel's name above its drawing. */
const LABEL = 12;
const FILL: Vec3 = [78, 121, 167];
const BACK: Vec3 = [225, 87, 89];
const OUTLINE = "#e15759";
const LIGHT: Vec3 = [0.35, -0.5, 0.8];

interface View {
  name: string;
  /** Screen right, screen up, and towards the viewer. */
  right: Vec3;
  up: Vec3;
  toward: Vec3;
}
const unit = (v: Vec3): Vec3 => {
  const l = norm(v);
  return [v[0] / l, v[1] / l, v[2] / l];
};
const d3 = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const VIEWS: View[] = [
  { name: "top (looking down −z)", right: [1, 0, 0], up: [0, 1, 0], toward: [0, 0, 1] },
  { name: "front (looking along +y)", right: [1, 0, 0], up: [0, 0, 1], toward: [0, -1, 0] },
  { name: "side (looking along −x)", right: [0, 1, 0], up: [0, 0, 1], toward: [1, 0, 0] },
  { name: "isometric", right: unit([1, 1, 0]), up: unit([-1, 1, 2]), toward: unit([1, -1, 1]) },
];

const rgb = (c: Vec3, k: number) => `rgb(${c.map((x) => Math.round(x * k)).join(",")})`;

/** The drawable part of an answer: faces with valid indices and finite corners, as triangles. */
export function drawable(answer: CsgAnswer): TriMesh {
  const ok = (v: readonly number[] | undefined) =>
    v !== undefined && v.length === 3 && v.every(Number.isFinite);
  const vertices = answer.vertices.map((v) => (ok(v) ? [v[0], v[1], v[2]] : [0, 0, 0]) as Vec3);
  const triangles: [number, number, number][] = [];
  for (const f of answer.faces) {
    if (!f.every((i) => Number.isInteger(i) && ok(answer.vertices[i]))) continue;
    for (const [a, b, c] of triangulatePolygon(f.map((i) => vertices[i] as Vec3)))
      triangles.push([f[a] as number, f[b] as number, f[c] as number]);
  }
  return { vertices, triangles };
}

/** Edges where the surface bends (or ends): the reference's outline. */
function creases(mesh: TriMesh): [Vec3, Vec3][] {
  const normal = (t: [number, number, number]) =>
    unit(
      cross(
        sub(mesh.vertices[t[1]] as Vec3, mesh.vertices[t[0]] as Vec3),
        sub(mesh.vertices[t[2]] as Vec3, mesh.vertices[t[0]] as Vec3),
      ),
    );
  const byEdge = new Map<string, Vec3[]>();
  for (const t of mesh.triangles)
    for (let k = 0; k < 3; k++) {
      const a = t[k] as number;
      const b = t[(k + 1) % 3] as number;
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      byEdge.set(key, [...(byEdge.get(key) ?? []), normal(t)]);
    }
  const out: [Vec3, Vec3][] = [];
  for (const [key, ns] of byEdge) {
    if (ns.length === 2 && d3(ns[0] as Vec3, ns[1] as Vec3) > Math.cos((20 * Math.PI) / 180)) continue;
    const [a, b] = key.split(",").map(Number) as [number, number];
    out.push([mesh.vertices[a] as Vec3, mesh.vertices[b] as Vec3]);
  }
  return out;
}

function panel(view: View, solid: TriMesh, outline: [Vec3, Vec3][], ox: number, oy: number): string {
  const used = new Set(solid.triangles.flat());
  const pts = [...solid.vertices.filter((_, i) => used.has(i)), ...outline.flat()];
  const xs = pts.map((p) => d3(p, view.right));
  const ys = pts.map((p) => d3(p, view.up));
  const [x0, x1, y0, y1] = [Math.min(...xs, 0), Math.max(...xs, 1), Math.min(...ys, 0), Math.max(...ys, 1)];
  const scale = (PANEL - 2 * PAD - LABEL) / Math.max(x1 - x0, y1 - y0, 1e-9);
  const cx = ox + PANEL / 2 - ((x0 + x1) / 2) * scale;
  const cy = oy + (PANEL + LABEL) / 2 + ((y0 + y1) / 2) * scale;
  const at = (p: Vec3) =>
    `${(cx + d3(p, view.right) * scale).toFixed(1)},${(cy - d3(p, view.up) * scale).toFixed(1)}`;
  const light = unit(LIGHT);
  const faces = solid.triangles
    .map((t) => {
      const [a, b, c] = t.map((i) => solid.vertices[i] as Vec3) as [Vec3, Vec3, Vec3];
      const n = cross(sub(b, a), sub(c, a));
      const len = norm(n) || 1;
      const facing = d3(n, view.toward) / len;
      const depth = (d3(a, view.toward) + d3(b, view.toward) + d3(c, view.toward)) / 3;
      const lit = 0.45 + 0.55 * Math.abs(d3(n, light) / len);
      return { a, b, c, depth, front: facing >= 0, colour: facing >= 0 ? rgb(FILL, lit) : rgb(BACK, lit) };
    })
    // Faces seen from behind go first: on a closed, outward-wound solid the front faces hide them all.
    .sort((p, q) => Number(p.front) - Number(q.front) || p.depth - q.depth);
  const polys = faces.map(
    (f) =>
      `<polygon points="${at(f.a)} ${at(f.b)} ${at(f.c)}" fill="${f.colour}" stroke="${f.colour}" stroke-width="0.4"/>`,
  );
  const lines = outline.map(
    ([p, q]) =>
      `<polyline points="${at(p)} ${at(q)}" stroke="${OUTLINE}" stroke-width="1" stroke-dasharray="3,2" fill="none"/>`,
  );
  return (
    `<rect x="${ox}" y="${oy}" width="${PANEL}" height="${PANEL}" fill="#f7f7f7" stroke="#bbb"/>` +
    `<text x="${ox + 6}" y="${oy + 14}" font-size="11" fill="#555">${escapeXml(view.name)}</text>` +
    polys.join("") +
    lines.join("")
  );
}

/** Three orthographic views and an isometric one of the answer (or, without one, the reference). */
export function renderCsg(data: CsgData, answer?: CsgAnswer): SvgRendering {
  const reference = referenceSolid(data.tree).mesh;
  const solid = answer ? drawable(answer) : reference;
  const outline = answer ? creases(reference) : [];
  const title = `case ${data.case}: ${data.title}`;
  let caption = `reference solid (${reference.triangles.length} triangles)`;
  if (answer) {
    const v = verifyCsg(data, answer);
    const failed = v.checks.filter((c) => !c.ok && c.name !== "volume.accuracy").map((c) => c.name);
    caption =
      failed.length > 0
        ? `fails: ${failed.join(", ")}`
        : `valid polyhedron, score ${v.score.toFixed(4)}${v.passed ? " (full marks)" : ""}`;
  }
  const width = 2 * PANEL + 3 * PAD;
  const height = TOP + 2 * PANEL + 2 * PAD;
  const panels = VIEWS.map((view, i) =>
    panel(view, solid, outline, PAD + (i % 2) * (PANEL + PAD), TOP + Math.floor(i / 2) * (PANEL + PAD)),
  );
  const legend = answer
    ? `<text x="${PAD}" y="${TOP - 6}" font-size="11" fill="#555">blue: answer (red where a face is seen from behind); dashed red: reference outline</text>`
    : "";
  return svgDocument(
    width,
    height,
    `<text x="${PAD}" y="16" font-size="12">${escapeXml(title)}</text><text x="${PAD}" y="30" font-size="12">${escapeXml(caption)}</text>${legend}${panels.join("")}`,
  );
}
