import { svgToPng } from "../../../core/png.ts";
import { escapeXml } from "../../../core/svg.ts";
import type { PromptImage, SvgRendering } from "../../../core/task.ts";
import { IsoCamera, type IsoView, type Point2, voxelFaces } from "../../../geometry/isometric.ts";
import { bounds, type Cell, normalize } from "../../../geometry/voxels.ts";

/** A piece in world cells (z up, the floor at z = 0), named and coloured as the agent knows it. */
export interface ScenePiece {
  name: string;
  hex: string;
  cells: Cell[];
}

export interface SceneOptions {
  /** The container, a×b×c cells from the origin, drawn as a wire box over a labelled floor grid. */
  box?: Cell;
  /** Pieces drawn apart in a labelled row (unplaced or removed). */
  aside?: ScenePiece[];
  asideTitle?: string;
  /** Draw each set-aside piece from two opposite corners (above and below), so fewer cubes hide. */
  asideTwoViews?: boolean;
  /**
   * Without a box: frame the pieces' bounding box with a floor grid and its world coordinates
   * (x, y along the floor edges, z up a vertical edge), so positions can be read off the views.
   */
  coordinates?: boolean;
  /**
   * Also draw every piece of the scene alone, from above and from below, at its place in the
   * frame's orientation: notches hidden inside the assembly show.
   */
  alone?: boolean;
  /** "multi": four views (three corners from above, one from below); "single": one fixed view. */
  views?: "multi" | "single";
  title?: string;
}

const MULTI: IsoView[] = [{ turn: 0 }, { turn: 1 }, { turn: 2 }, { turn: 0, below: true }];
const SINGLE: IsoView[] = [{ turn: 0 }];
const ASIDE_ONE: IsoView[] = [{ turn: 0 }];
const ASIDE_TWO: IsoView[] = [{ turn: 0 }, { turn: 3, below: true }];

/** Where the eye is, in world terms: the corner of the scene that faces the viewer. */
function viewLabel(view: IsoView): string {
  const camera = new IsoCamera(view);
  // The eye looks along view-space (−1, −1, −1); find the world direction that maps to (+,+,+).
  const corners: [number, number, number][] = [
    [1, 1, 1],
    [-1, 1, 1],
    [-1, -1, 1],
    [1, -1, 1],
    [1, 1, -1],
    [-1, 1, -1],
    [-1, -1, -1],
    [1, -1, -1],
  ];
  const eye = corners.find((c) => camera.toView(c).every((v) => v > 0)) ?? [1, 1, 1];
  const sign = (v: number, axis: string) => `${v > 0 ? "+" : "−"}${axis}`;
  return `view from ${eye[2] > 0 ? "above" : "below"}, ${sign(eye[0], "x")} ${sign(eye[1], "y")} side`;
}

const FONT = `font-family="DejaVu Sans, Arial, sans-serif"`;
const PAD = 14;

interface Panel {
  svg: string;
  width: number;
  height: number;
}

/** Several isometric views of the scene with axes and coordinates, the set-aside pieces, and a colour legend. */
export function sceneSvg(pieces: readonly ScenePiece[], opts: SceneOptions = {}): SvgRendering {
  const views = opts.views === "single" ? SINGLE : MULTI;
  const frame = frameOf(pieces, opts);
  const panels = views.map((view) => viewPanel(pieces, frame, view, viewLabel(view)));
  const aside = opts.aside ?? [];
  const rows: { title: string; panels: Panel[] }[] = [];
  if (opts.alone && pieces.length > 0)
    rows.push({
      title: "Each piece alone (from above and below)",
      panels: pieces.map((p) => piecePanel(p, ASIDE_TWO)),
    });
  if (aside.length > 0) {
    const views = opts.asideTwoViews ? ASIDE_TWO : ASIDE_ONE;
    rows.push({ title: opts.asideTitle ?? "Set aside", panels: aside.map((p) => piecePanel(p, views)) });
  }
  const legend = legendRow([...pieces, ...aside]);

  const cols = views.length === 1 ? 1 : 2;
  const cellW = Math.max(...panels.map((p) => p.width));
  const cellH = Math.max(...panels.map((p) => p.height));
  let y = PAD;
  const parts: string[] = [];
  if (opts.title) {
    parts.push(
      `<text x="${PAD}" y="${y + 14}" font-size="16" font-weight="bold" ${FONT}>${escapeXml(opts.title)}</text>`,
    );
    y += 26;
  }
  panels.forEach((p, i) => {
    const px = PAD + (i % cols) * (cellW + PAD);
    const py = y + Math.floor(i / cols) * (cellH + PAD);
    parts.push(`<g transform="translate(${px.toFixed(1)},${py.toFixed(1)})">${p.svg}</g>`);
  });
  y += Math.ceil(panels.length / cols) * (cellH + PAD);
  let width = PAD + cols * (cellW + PAD);
  for (const row of rows) {
    parts.push(
      `<text x="${PAD}" y="${y + 12}" font-size="13" font-weight="bold" ${FONT}>${escapeXml(row.title)}</text>`,
    );
    y += 20;
    let x = PAD;
    let rowH = 0;
    const maxRow = Math.max(width, 640);
    for (const p of row.panels) {
      if (x > PAD && x + p.width > maxRow) {
        x = PAD;
        y += rowH + 8;
        rowH = 0;
      }
      parts.push(`<g transform="translate(${x.toFixed(1)},${y.toFixed(1)})">${p.svg}</g>`);
      x += p.width + 8;
      rowH = Math.max(rowH, p.height);
      width = Math.max(width, x + PAD);
    }
    y += rowH + PAD;
  }
  parts.push(`<g transform="translate(${PAD},${y.toFixed(1)})">${legend.svg}</g>`);
  y += legend.height + PAD;
  width = Math.max(width, legend.width + 2 * PAD);
  const height = Math.ceil(y);
  width = Math.ceil(width);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="white"/>${parts.join("")}</svg>`;
  return { kind: "svg", svg, width, height };
}

export function scenePng(pieces: readonly ScenePiece[], opts: SceneOptions, alt: string): PromptImage {
  return { mediaType: "image/png", data: svgToPng(sceneSvg(pieces, opts).svg), alt };
}

/** The labelled region of the views: the box from the origin, or the pieces' bounding box when asked. */
interface Frame {
  lo: Cell;
  size: Cell;
  /** Draw the dashed container edges (a box, not a bounding box). */
  edges: boolean;
}

function frameOf(pieces: readonly ScenePiece[], opts: SceneOptions): Frame | undefined {
  if (opts.box) return { lo: [0, 0, 0], size: opts.box, edges: true };
  const cells = pieces.flatMap((p) => p.cells);
  if (!opts.coordinates || cells.length === 0) return undefined;
  const { min, size } = bounds(cells);
  return { lo: min, size, edges: false };
}

/** One view: floor grid with coordinates (when there is a frame), the voxels, the box edges and the axes. */
function viewPanel(
  pieces: readonly ScenePiece[],
  frame: Frame | undefined,
  view: IsoView,
  label: string,
): Panel {
  const camera = new IsoCamera(view, 22);
  const faces = voxelFaces(
    pieces.map((p) => ({ cells: p.cells, fill: p.hex })),
    camera,
  );
  const under: string[] = [];
  const over: string[] = [];
  // An empty scene (nothing placed yet) has no faces and so no finite extent of its own.
  const pts: Point2[] = Number.isFinite(faces.min[0]) ? [faces.min, faces.max] : [camera.project([0, 0, 0])];
  const line = (a: Point2, b: Point2, style: string) =>
    `<line x1="${a[0].toFixed(1)}" y1="${a[1].toFixed(1)}" x2="${b[0].toFixed(1)}" y2="${b[1].toFixed(1)}" ${style}/>`;
  const text = (p: Point2, s: string, size: number, fill = "#444") =>
    `<text x="${p[0].toFixed(1)}" y="${(p[1] + size / 3).toFixed(1)}" font-size="${size}" text-anchor="middle" fill="${fill}" ${FONT}>${s}</text>`;
  if (frame) {
    const [a, b, c] = frame.size;
    const [lx, ly, lz] = frame.lo;
    const at = (p: Cell): Cell => [lx + p[0], ly + p[1], lz + p[2]];
    const project = (p: Cell) => camera.project(at(p));
    const near = (p: Cell, q: Cell) => depthOf(camera, at(p)) >= depthOf(camera, at(q));
    if (!view.below) {
      const grid = `stroke="#bbb" stroke-width="0.7"`;
      for (let i = 0; i <= a; i++) under.push(line(project([i, 0, 0]), project([i, b, 0]), grid));
      for (let j = 0; j <= b; j++) under.push(line(project([0, j, 0]), project([a, j, 0]), grid));
    }
    if (frame.edges) {
      for (const [p, q] of BOX_EDGES) {
        const pa = project(scale(p, frame.size));
        const pb = project(scale(q, frame.size));
        pts.push(pa, pb);
        over.push(line(pa, pb, `stroke="#555" stroke-width="1" stroke-dasharray="4 3" opacity="0.8"`));
      }
    }
    // Coordinates along the floor edges nearest the eye, and up the leftmost vertical edge.
    const z0 = view.below ? c : 0;
    const yEdge = near([0, b + 1, z0], [0, -1, z0]) ? b + 0.6 : -0.6;
    const xEdge = near([a + 1, 0, z0], [-1, 0, z0]) ? a + 0.6 : -0.6;
    for (let i = 0; i < a; i++) {
      const p = project([i + 0.5, yEdge, z0]);
      pts.push(p);
      over.push(text(p, `x${lx + i}`, 9));
    }
    for (let j = 0; j < b; j++) {
      const p = project([xEdge, j + 0.5, z0]);
      pts.push(p);
      over.push(text(p, `y${ly + j}`, 9));
    }
    const floorCorners: Cell[] = [
      [0, 0, 0],
      [a, 0, 0],
      [0, b, 0],
      [a, b, 0],
    ];
    const left = floorCorners.reduce((m, q) => (project(q)[0] < project(m)[0] ? q : m));
    const out: Cell = [left[0] === 0 ? -0.45 : a + 0.45, left[1] === 0 ? -0.45 : b + 0.45, 0];
    for (let k = 0; k < c; k++) {
      const p = project([out[0], out[1], k + 0.5]);
      pts.push(p);
      over.push(text(p, `z${lz + k}`, 9));
    }
  }
  // Axis arrows in a corner of the panel, below-left of the scene.
  const sceneMinX = Math.min(...pts.map((p) => p[0]));
  const sceneMaxY = Math.max(...pts.map((p) => p[1]));
  const origin: Point2 = [sceneMinX - 34, sceneMaxY + 8];
  const zero = camera.project([0, 0, 0]);
  const axes: [Cell, string, string][] = [
    [[1, 0, 0], "x", "#c0392b"],
    [[0, 1, 0], "y", "#27ae60"],
    [[0, 0, 1], "z", "#2c58c9"],
  ];
  for (const [d, name, colour] of axes) {
    const q = camera.project(d);
    const dir: Point2 = [(q[0] - zero[0]) / camera.unit, (q[1] - zero[1]) / camera.unit];
    const tip: Point2 = [origin[0] + 24 * dir[0], origin[1] + 24 * dir[1]];
    const lab: Point2 = [origin[0] + 36 * dir[0], origin[1] + 36 * dir[1]];
    pts.push(tip, lab);
    over.push(line(origin, tip, `stroke="${colour}" stroke-width="2"`));
    over.push(`<circle cx="${tip[0].toFixed(1)}" cy="${tip[1].toFixed(1)}" r="2.5" fill="${colour}"/>`);
    over.push(text(lab, `+${name}`, 11, colour));
  }
  const minX = Math.min(...pts.map((p) => p[0])) - 10;
  const minY = Math.min(...pts.map((p) => p[1])) - 10;
  const maxX = Math.max(...pts.map((p) => p[0])) + 10;
  const maxY = Math.max(...pts.map((p) => p[1])) + 10;
  const width = Math.max(maxX - minX, 160);
  const height = maxY - minY + 18;
  const svg = [
    `<rect x="0" y="0" width="${width.toFixed(1)}" height="${height.toFixed(1)}" fill="#fafafa" stroke="#ddd"/>`,
    `<text x="6" y="14" font-size="11" fill="#333" ${FONT}>${escapeXml(label)}</text>`,
    `<g transform="translate(${(-minX).toFixed(1)},${(18 - minY).toFixed(1)})">${under.join("")}${faces.svg}${over.join("")}</g>`,
  ].join("");
  return { svg, width, height };
}

/** A set-aside piece in its own frame from each of the views, side by side, its name under them. */
function piecePanel(piece: ScenePiece, views: readonly IsoView[]): Panel {
  const drawn = views.map((view) =>
    voxelFaces([{ cells: normalize(piece.cells), fill: piece.hex }], new IsoCamera(view, 14)),
  );
  const widths = drawn.map((f) => f.max[0] - f.min[0]);
  const inner = widths.reduce((sum, w) => sum + w, 0) + ASIDE_GAP * (drawn.length - 1);
  const w = Math.max(inner + 16, 70);
  const h = Math.max(...drawn.map((f) => f.max[1] - f.min[1])) + 34;
  let x = (w - inner) / 2;
  const groups = drawn.map((f, i) => {
    const g = `<g transform="translate(${(x - f.min[0]).toFixed(1)},${(8 - f.min[1]).toFixed(1)})">${f.svg}</g>`;
    x += (widths[i] as number) + ASIDE_GAP;
    return g;
  });
  const svg = [
    `<rect width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="#fafafa" stroke="#ddd"/>`,
    ...groups,
    `<text x="${(w / 2).toFixed(1)}" y="${(h - 8).toFixed(1)}" font-size="12" text-anchor="middle" ${FONT}>${escapeXml(piece.name)}</text>`,
  ].join("");
  return { svg, width: w, height: h };
}

const ASIDE_GAP = 12;

function legendRow(pieces: readonly ScenePiece[]): Panel {
  const parts: string[] = [];
  let x = 0;
  for (const p of pieces) {
    parts.push(
      `<rect x="${x}" y="0" width="12" height="12" fill="${p.hex}" stroke="#222" stroke-width="0.6"/>`,
    );
    parts.push(`<text x="${x + 16}" y="10" font-size="12" ${FONT}>${escapeXml(p.name)}</text>`);
    x += 24 + 7.5 * p.name.length;
  }
  return { svg: parts.join(""), width: x, height: 14 };
}

const BOX_EDGES: [Cell, Cell][] = [
  [
    [0, 0, 0],
    [1, 0, 0],
  ],
  [
    [0, 0, 0],
    [0, 1, 0],
  ],
  [
    [0, 0, 0],
    [0, 0, 1],
  ],
  [
    [1, 1, 0],
    [0, 1, 0],
  ],
  [
    [1, 1, 0],
    [1, 0, 0],
  ],
  [
    [1, 1, 0],
    [1, 1, 1],
  ],
  [
    [1, 0, 1],
    [0, 0, 1],
  ],
  [
    [1, 0, 1],
    [1, 1, 1],
  ],
  [
    [1, 0, 1],
    [1, 0, 0],
  ],
  [
    [0, 1, 1],
    [0, 0, 1],
  ],
  [
    [0, 1, 1],
    [1, 1, 1],
  ],
  [
    [0, 1, 1],
    [0, 1, 0],
  ],
];

const scale = (p: Cell, s: Cell): Cell => [p[0] * s[0], p[1] * s[1], p[2] * s[2]];

/** Nearness to the eye of a world point: larger is nearer. */
function depthOf(camera: IsoCamera, p: Cell): number {
  const v = camera.toView(p);
  return v[0] + v[1] + v[2];
}
