import { escapeXml } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import type { HalfSubdivisionAnswer, HalfSubdivisionData } from "./schema.ts";
import { neighbourhood } from "./solve.ts";
import { type Box, boxOf, unitsPerAxis } from "./tree.ts";

type Role = "target" | "neighbour" | "correct" | "missing" | "extra" | "notLeaf" | "contact" | "other";

interface Style {
  fill: string;
  stroke: string;
  width: number;
  dash?: string;
  opacity: number;
}

const STYLES: Record<Role, Style> = {
  target: { fill: "#1f4e99", stroke: "#0b1f44", width: 2, opacity: 1 },
  neighbour: { fill: "#9ecae1", stroke: "#2c6a94", width: 1.2, opacity: 0.75 },
  correct: { fill: "#59a14f", stroke: "#2e5e28", width: 1.2, opacity: 0.75 },
  missing: { fill: "#fde3c8", stroke: "#f28e2b", width: 3, opacity: 0.6 },
  extra: { fill: "#e15759", stroke: "#8b1e20", width: 1.2, opacity: 0.75 },
  notLeaf: { fill: "none", stroke: "#e15759", width: 2.5, dash: "6 4", opacity: 1 },
  contact: { fill: "#bbbbbb", stroke: "#999999", width: 0.7, opacity: 0.12 },
  other: { fill: "#ffffff", stroke: "#999999", width: 0.8, opacity: 1 },
};

const LEGEND: Record<Role, string> = {
  target: "target",
  neighbour: "neighbour",
  correct: "listed, correct",
  missing: "missed neighbour",
  extra: "listed, not a neighbour",
  notLeaf: "listed, not a leaf",
  contact: "touches only at a corner or edge",
  other: "other leaf",
};

interface Cell {
  address: string;
  role: Role;
  /** Unit-cube coordinates. */
  lo: number[];
  hi: number[];
}

function cells(data: HalfSubdivisionData, answer: HalfSubdivisionAnswer | undefined): Cell[] {
  const units = unitsPerAxis(data);
  const unit = (box: Box) => ({
    lo: box.lo.map((v, i) => v / (units[i] ?? 1)),
    hi: box.hi.map((v, i) => v / (units[i] ?? 1)),
  });
  const n = neighbourhood(data);
  const neighbours = new Set(n.neighbours);
  const contact = new Set(n.contactOnly);
  const listed = new Set(answer?.neighbours ?? []);
  const out: Cell[] = data.leaves.map((address) => {
    let role: Role = "other";
    if (address === data.target) role = "target";
    // Without an answer the picture is the puzzle: it must not give the neighbours away.
    else if (!answer) role = "other";
    else if (neighbours.has(address))
      role = answer ? (listed.has(address) ? "correct" : "missing") : "neighbour";
    else if (listed.has(address)) role = "extra";
    else if (contact.has(address)) role = "contact";
    return { address, role, ...unit(boxOf(data, address)) };
  });
  const leaves = new Set(data.leaves);
  for (const s of listed) {
    if (/^[01]+$/.test(s) && s.length <= data.maxDepth && !leaves.has(s)) {
      out.push({ address: s, role: "notLeaf", ...unit(boxOf(data, s)) });
    }
  }
  return out;
}

/** Legend entries in rows that wrap at the picture's width. */
function legend(roles: Role[], x: number, y: number, dim: 2 | 3): string {
  let cx = x;
  let cy = y;
  const parts: string[] = [];
  for (const role of roles) {
    const text = role === "contact" && dim === 2 ? "touches only at a corner" : LEGEND[role];
    const step = 30 + text.length * 7;
    if (cx + step > x + SIDE && cx > x) {
      cx = x;
      cy += 20;
    }
    const st = STYLES[role];
    const fill = st.fill === "none" ? "#ffffff" : st.fill;
    parts.push(
      `<rect x="${cx}" y="${cy - 11}" width="14" height="14" fill="${fill}" stroke="${st.stroke}" stroke-width="${Math.min(st.width, 2.5)}"${st.dash ? ` stroke-dasharray="3 2"` : ""}/>`,
      `<text x="${cx + 19}" y="${cy}" font-size="12">${text}</text>`,
    );
    cx += step;
  }
  return parts.join("");
}

function summary(data: HalfSubdivisionData, list: Cell[], answer: HalfSubdivisionAnswer | undefined): string {
  const count = (r: Role) => list.filter((c) => c.role === r).length;
  const base = `${data.leaves.length} leaves, cycle ${data.cycle}, max depth ${data.maxDepth}, target "${data.target}"`;
  if (!answer) return base;
  const bad = answer.neighbours.filter((s) => !/^[01]+$/.test(s)).length;
  const dup = answer.neighbours.length - new Set(answer.neighbours).size;
  return `${base}: ${count("correct")} correct, ${count("missing")} missed, ${count("extra") + count("notLeaf")} wrong${bad ? `, ${bad} malformed` : ""}${dup ? `, ${dup} duplicates` : ""}`;
}

function label(text: string, x: number, y: number, size: number, colour: string): string {
  return `<text x="${x.toFixed(1)}" y="${(y + size * 0.35).toFixed(1)}" font-size="${size.toFixed(1)}" text-anchor="middle" fill="${colour}" font-family="monospace">${escapeXml(text)}</text>`;
}

const SIDE = 640;
const PAD = 20;
const TOP = 34;

/** A rectangle of the unit square: lower corner and extents. */
interface Window {
  x0: number;
  y0: number;
  xs: number;
  ys: number;
}

/** The cells seen through a window of the unit square, stretched onto a square panel at (px, TOP). */
function panel2d(list: Cell[], win: Window, px: number, clip: string): string[] {
  const kx = SIDE / win.xs;
  const ky = SIDE / win.ys;
  const sx = (x: number) => px + (x - win.x0) * kx;
  const sy = (y: number) => TOP + (win.y0 + win.ys - y) * ky;
  const order: Role[] = ["other", "contact", "neighbour", "correct", "extra", "missing", "target", "notLeaf"];
  const sorted = [...list].sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
  const body: string[] = [
    `<clipPath id="${clip}"><rect x="${px}" y="${TOP}" width="${SIDE}" height="${SIDE}"/></clipPath>`,
  ];
  body.push(`<g clip-path="url(#${clip})">`);
  for (const c of sorted) {
    const st = STYLES[c.role];
    const fill = c.role === "contact" ? "#eeeeee" : st.fill;
    const x = sx(c.lo[0] ?? 0);
    const y = sy(c.hi[1] ?? 0);
    const w = ((c.hi[0] ?? 0) - (c.lo[0] ?? 0)) * kx;
    const h = ((c.hi[1] ?? 0) - (c.lo[1] ?? 0)) * ky;
    const inset = c.role === "missing" || c.role === "notLeaf" ? st.width / 2 : 0;
    body.push(
      `<rect x="${(x + inset).toFixed(1)}" y="${(y + inset).toFixed(1)}" width="${(w - 2 * inset).toFixed(1)}" height="${(h - 2 * inset).toFixed(1)}" fill="${fill}" stroke="${st.stroke}" stroke-width="${st.width}"${st.dash ? ` stroke-dasharray="${st.dash}"` : ""}/>`,
    );
    // Label the part of the cell inside the panel.
    const vx0 = Math.max(x, px);
    const vx1 = Math.min(x + w, px + SIDE);
    const vy0 = Math.max(y, TOP);
    const vy1 = Math.min(y + h, TOP + SIDE);
    const size = Math.min(12, (vx1 - vx0 - 4) / (0.62 * c.address.length + 0.2), (vy1 - vy0) * 0.6);
    if (size >= 6 && c.role !== "notLeaf") {
      body.push(
        label(c.address, (vx0 + vx1) / 2, (vy0 + vy1) / 2, size, c.role === "target" ? "#ffffff" : "#222222"),
      );
    }
  }
  body.push(
    "</g>",
    `<rect x="${px}" y="${TOP}" width="${SIDE}" height="${SIDE}" fill="none" stroke="#000000" stroke-width="2"/>`,
  );
  return body;
}

/**
 * Three target sizes along each axis, centred on the target where the square allows. Axes are
 * scaled separately (which keeps every contact) so flat cells of lopsided cycles stay readable.
 */
function zoomWindow(target: Cell): Window {
  const span = (i: number) => {
    const size = Math.min(1, 3 * ((target.hi[i] ?? 0) - (target.lo[i] ?? 0)));
    const lo = Math.min(1 - size, Math.max(0, (target.lo[i] ?? 0) - size / 3));
    return [lo, size] as const;
  };
  const [x0, xs] = span(0);
  const [y0, ys] = span(1);
  return { x0, y0, xs, ys };
}

/** The whole square; beside it a zoom on the target when the target is small. */
function render2d(data: HalfSubdivisionData, answer: HalfSubdivisionAnswer | undefined): SvgRendering {
  const list = cells(data, answer);
  const target = list.find((c) => c.role === "target");
  const zoom = target ? zoomWindow(target) : undefined;
  const zoomed = zoom !== undefined && Math.min(zoom.xs, zoom.ys) < 0.75;
  const body = panel2d(list, { x0: 0, y0: 0, xs: 1, ys: 1 }, PAD, "whole");
  if (zoomed) {
    const zx = PAD + zoom.x0 * SIDE;
    const zy = TOP + (1 - zoom.y0 - zoom.ys) * SIDE;
    const px = 2 * PAD + SIDE;
    body.push(
      `<rect x="${zx.toFixed(1)}" y="${zy.toFixed(1)}" width="${(zoom.xs * SIDE).toFixed(1)}" height="${(zoom.ys * SIDE).toFixed(1)}" fill="none" stroke="#7b3294" stroke-width="2"/>`,
      ...panel2d(list, zoom, px, "zoom"),
      `<rect x="${px}" y="${TOP}" width="${SIDE}" height="${SIDE}" fill="none" stroke="#7b3294" stroke-width="3"/>`,
      `<text x="${px + SIDE}" y="${TOP + SIDE + 16}" font-size="11" text-anchor="end" fill="#7b3294">zoom on the purple frame, x and y scaled separately</text>`,
    );
  }
  const roles = answer
    ? (["target", "correct", "missing", "extra", "notLeaf", "contact"] as Role[])
    : (["target", "neighbour", "contact"] as Role[]);
  const width = (zoomed ? 2 * SIDE + PAD : SIDE) + 2 * PAD;
  const height = TOP + SIDE + 72;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${PAD}" y="22" font-size="13">${escapeXml(summary(data, list, answer))}</text>`,
    ...body,
    `<text x="${PAD + SIDE}" y="${TOP + SIDE + 16}" font-size="11" text-anchor="end">x →</text>`,
    `<text x="${PAD - 4}" y="${TOP + 10}" font-size="11" text-anchor="end">y</text>`,
    legend(roles, PAD, TOP + SIDE + 40, 2),
    "</svg>",
  ].join("");
  return { kind: "svg", svg, width, height };
}

/** Orthographic camera from azimuth 35° and elevation 28°: off the diagonal, so cells stacked along (1, 1, 1) do not coincide. */
const AZIMUTH = (35 * Math.PI) / 180;
const ELEVATION = (28 * Math.PI) / 180;
const TOWARD_VIEWER = [
  Math.cos(ELEVATION) * Math.cos(AZIMUTH),
  Math.cos(ELEVATION) * Math.sin(AZIMUTH),
  Math.sin(ELEVATION),
];
const SCREEN_RIGHT = [-Math.sin(AZIMUTH), Math.cos(AZIMUTH), 0];
const SCREEN_UP = [
  -Math.sin(ELEVATION) * Math.cos(AZIMUTH),
  -Math.sin(ELEVATION) * Math.sin(AZIMUTH),
  Math.cos(ELEVATION),
];
const dot = (a: readonly number[], b: readonly number[]) => a.reduce((s, v, i) => s + v * (b[i] ?? 0), 0);
/** Cells move away from the target's centre by this multiple of their offset from it. */
const EXPLODE = 0.9;
/** Half-width, in target sizes, of the window around the target that cells are cut to. */
const WINDOW = 2;

function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.round(Math.min(255, Math.max(0, v * factor)));
  return `rgb(${ch((n >> 16) & 255)},${ch((n >> 8) & 255)},${ch(n & 255)})`;
}

/** A view from the (+x, +y, +z) side of the target and every cell touching it, pulled apart. */
function render3d(data: HalfSubdivisionData, answer: HalfSubdivisionAnswer | undefined): SvgRendering {
  const all = cells(data, answer);
  const target = all.find((c) => c.role === "target");
  const shown = all.filter((c) => c.role !== "other");
  const centre = (c: Cell, i: number) => ((c.lo[i] ?? 0) + (c.hi[i] ?? 0)) / 2;
  // Target-relative coordinates in which the target is the cube [-1/2, 1/2]^3 (scaling each axis
  // keeps every contact), with far parts of large cells cut off at WINDOW.
  const relative = (i: number, v: number) => {
    const size = target ? (target.hi[i] ?? 1) - (target.lo[i] ?? 0) : 1;
    const r = target ? (v - centre(target, i)) / size : v;
    return Math.min(WINDOW, Math.max(-WINDOW, r));
  };
  const moved = shown.map((c) => {
    const lo = c.lo.map((v, i) => relative(i, v));
    const hi = c.hi.map((v, i) => relative(i, v));
    const shift = lo.map((v, i) => ((v + (hi[i] ?? 0)) / 2) * EXPLODE);
    return { ...c, lo: lo.map((v, i) => v + (shift[i] ?? 0)), hi: hi.map((v, i) => v + (shift[i] ?? 0)) };
  });
  const project = (p: readonly number[]): [number, number] => [dot(p, SCREEN_RIGHT), -dot(p, SCREEN_UP)];
  const corners = moved.flatMap((c) =>
    [0, 1, 2, 3, 4, 5, 6, 7].map((k) =>
      project([0, 1, 2].map((i) => ((k >> i) & 1 ? c.hi[i] : c.lo[i]) ?? 0)),
    ),
  );
  const minX = Math.min(...corners.map((p) => p[0]));
  const maxX = Math.max(...corners.map((p) => p[0]));
  const minY = Math.min(...corners.map((p) => p[1]));
  const maxY = Math.max(...corners.map((p) => p[1]));
  const scale = Math.min(SIDE / (maxX - minX), SIDE / (maxY - minY));
  const screen = (p: number[]): string => {
    const [u, v] = project(p);
    const cx = PAD + (SIDE - (maxX - minX) * scale) / 2;
    const cy = TOP + (SIDE - (maxY - minY) * scale) / 2;
    return `${(cx + (u - minX) * scale).toFixed(1)},${(cy + (v - minY) * scale).toFixed(1)}`;
  };

  const body: string[] = [];
  const labels: string[] = [];
  const depthOf = (c: Cell) =>
    dot(
      [0, 1, 2].map((i) => centre(c, i)),
      TOWARD_VIEWER,
    );
  for (const c of [...moved].sort((a, b) => depthOf(a) - depthOf(b))) {
    const st = STYLES[c.role];
    const [x0, y0, z0] = c.lo as [number, number, number];
    const [x1, y1, z1] = c.hi as [number, number, number];
    const faces: [number[][], number][] = [
      [
        [
          [x0, y0, z1],
          [x1, y0, z1],
          [x1, y1, z1],
          [x0, y1, z1],
        ],
        1.12,
      ],
      [
        [
          [x1, y0, z0],
          [x1, y1, z0],
          [x1, y1, z1],
          [x1, y0, z1],
        ],
        0.92,
      ],
      [
        [
          [x0, y1, z0],
          [x1, y1, z0],
          [x1, y1, z1],
          [x0, y1, z1],
        ],
        0.75,
      ],
    ];
    for (const [pts, f] of faces) {
      const fill = st.fill === "none" ? "none" : shade(st.fill, f);
      body.push(
        `<polygon points="${pts.map(screen).join(" ")}" fill="${fill}" fill-opacity="${st.opacity}" stroke="${st.stroke}" stroke-width="${st.width}"${st.dash ? ` stroke-dasharray="${st.dash}"` : ""}/>`,
      );
    }
    const [lx, ly] = screen([(x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2])
      .split(",")
      .map(Number) as [number, number];
    const minor = c.role === "contact";
    labels.push(
      `<text x="${lx}" y="${ly + 4}" font-size="${minor ? 9 : 11}" text-anchor="middle" font-family="monospace" fill="${minor ? "#888888" : "#111111"}" stroke="#ffffff" stroke-width="3" paint-order="stroke">${escapeXml(c.address)}</text>`,
    );
  }
  const axes = [
    ["x", [1, 0, 0]],
    ["y", [0, 1, 0]],
    ["z", [0, 0, 1]],
  ] as const;
  const ox = PAD + 40;
  const oy = TOP + SIDE - 30;
  const triad = axes.map(([name, d]) => {
    const [u, v] = project(d);
    return `<line x1="${ox}" y1="${oy}" x2="${(ox + u * 28).toFixed(1)}" y2="${(oy + v * 28).toFixed(1)}" stroke="#000000" stroke-width="1.5"/><text x="${(ox + u * 38).toFixed(1)}" y="${(oy + v * 38 + 4).toFixed(1)}" font-size="12" text-anchor="middle">${name}</text>`;
  });
  const roles = answer
    ? (["target", "correct", "missing", "extra", "notLeaf", "contact"] as Role[])
    : (["target", "neighbour", "contact"] as Role[]);
  const width = SIDE + 2 * PAD;
  const height = TOP + SIDE + 90;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${PAD}" y="22" font-size="13">${escapeXml(summary(data, all, answer))}</text>`,
    ...body,
    ...labels,
    ...triad,
    `<text x="${PAD}" y="${TOP + SIDE + 14}" font-size="11" fill="#555555">Exploded view from the +x, +y, +z side of the target and the cells touching it (or listed); each axis is</text>`,
    `<text x="${PAD}" y="${TOP + SIDE + 28}" font-size="11" fill="#555555">scaled so the target is a cube, and large cells are cut off 1.5 target sizes out.</text>`,
    legend(roles, PAD, TOP + SIDE + 52, 3),
    "</svg>",
  ].join("");
  return { kind: "svg", svg, width, height };
}

export function renderHalfSubdivision(
  data: HalfSubdivisionData,
  answer?: HalfSubdivisionAnswer,
): SvgRendering {
  return data.dim === 2 ? render2d(data, answer) : render3d(data, answer);
}
