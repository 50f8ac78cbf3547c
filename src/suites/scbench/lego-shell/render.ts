import { escapeXml, svgDocument } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import { IsoCamera, type Point2, shade } from "../../../geometry/isometric.ts";
import { brickBox, footprint, isRightAngle, type Point } from "./brick-geometry.ts";
import { inspectBricks } from "./inspect.ts";
import { BRICK_HEIGHT, type Brick, type LegoShellAnswer, type LegoShellData, PITCH } from "./schema.ts";
import { verifyLegoShell } from "./verify.ts";

const LAYER_COLOURS = ["#4e79a7", "#f1ce63", "#59a14f", "#f2f2f2", "#76b7b2", "#edc948", "#a0cbe8"];
const WRONG = "#e15759";
const ISO_SIZE = 520;
const SECTION_SIZE = 360;
const PAD = 16;
const TOP = 44;

const pts = (list: readonly Point2[]): string =>
  list.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

interface Cell {
  x: number;
  y: number;
  layer: number;
  fill: string;
}

/** Each brick as its eight stud cells (8 × 8 mm × one layer), so that a plain painter's order is exact. */
function cellsOf(bricks: readonly Brick[], bad: ReadonlySet<number>): Cell[] {
  const cells: Cell[] = [];
  bricks.forEach((b, i) => {
    if (!isRightAngle(b)) return;
    const [nx, ny] = b.orientation === 0 ? [4, 2] : [2, 4];
    const fill = colourOf(b, i, bad);
    for (let u = 0; u < nx; u++)
      for (let v = 0; v < ny; v++)
        cells.push({ x: b.x + u * PITCH, y: b.y + v * PITCH, layer: b.layer, fill });
  });
  // Lower layers first: nothing below can hide anything above; within a layer, back (small x + y) first.
  return cells.sort((a, b) => a.layer - b.layer || a.x + a.y - (b.x + b.y));
}

const key = (x: number, y: number, layer: number): string =>
  `${Math.round(x * 100)},${Math.round(y * 100)},${layer}`;

/** A turned brick seen from the (+x, +y, +z) corner: the sides facing that way, then its top. */
function isoPrism(corners: readonly Point[], layer: number, fill: string, camera: IsoCamera): string {
  const z0 = layer * BRICK_HEIGHT;
  const z1 = z0 + BRICK_HEIGHT;
  const P = ([x, y]: Point, z: number) => camera.project([x, y, z]);
  const faces: string[] = [];
  corners.forEach((a, k) => {
    const b = corners[(k + 1) % corners.length] as Point;
    // Counter-clockwise corners: the outward normal of side a→b is (dy, −dx).
    const facing = b[1] - a[1] - (b[0] - a[0]);
    if (facing > 0)
      faces.push(
        `<polygon points="${pts([P(a, z0), P(b, z0), P(b, z1), P(a, z1)])}" fill="${shade(fill, 0.7)}" stroke="#333" stroke-width="0.4"/>`,
      );
  });
  faces.push(
    `<polygon points="${pts(corners.map((c) => P(c, z1)))}" fill="${shade(fill, 1)}" stroke="#333" stroke-width="0.4"/>`,
  );
  return faces.join("");
}

/**
 * The bricks seen from the (+x, +y, +z) corner: the visible faces of every stud cell, and turned
 * bricks as prisms in the same back-to-front order (exact for cells; for turned bricks, which
 * cannot be cut into grid cells, a prism may be drawn over a neighbour it should hide behind).
 */
function isoBricks(bricks: readonly Brick[], bad: ReadonlySet<number>, camera: IsoCamera): string {
  const cells = cellsOf(bricks, bad);
  const filled = new Set(cells.map((c) => key(c.x, c.y, c.layer)));
  const drawn: { layer: number; depth: number; svg: string }[] = [];
  bricks.forEach((b, i) => {
    if (isRightAngle(b)) return;
    const corners = footprint(b);
    const depth = Math.min(...corners.map(([x, y]) => x + y));
    drawn.push({ layer: b.layer, depth, svg: isoPrism(corners, b.layer, colourOf(b, i, bad), camera) });
  });
  for (const c of cells) {
    const parts: string[] = [];
    const z0 = c.layer * BRICK_HEIGHT;
    const z1 = z0 + BRICK_HEIGHT;
    const P = (x: number, y: number, z: number) => camera.project([x, y, z]);
    const [x0, y0, x1, y1] = [c.x, c.y, c.x + PITCH, c.y + PITCH];
    const faces: [boolean, number, Point2[]][] = [
      [
        filled.has(key(c.x, c.y, c.layer + 1)),
        1,
        [P(x0, y0, z1), P(x1, y0, z1), P(x1, y1, z1), P(x0, y1, z1)],
      ],
      [
        filled.has(key(c.x + PITCH, c.y, c.layer)),
        0.78,
        [P(x1, y0, z0), P(x1, y1, z0), P(x1, y1, z1), P(x1, y0, z1)],
      ],
      [
        filled.has(key(c.x, c.y + PITCH, c.layer)),
        0.6,
        [P(x0, y1, z0), P(x1, y1, z0), P(x1, y1, z1), P(x0, y1, z1)],
      ],
    ];
    for (const [hidden, factor, corners] of faces)
      if (!hidden)
        parts.push(
          `<polygon points="${pts(corners)}" fill="${shade(c.fill, factor)}" stroke="#333" stroke-width="0.4"/>`,
        );
    drawn.push({ layer: c.layer, depth: c.x + c.y, svg: parts.join("") });
  }
  // Stable sort: cells keep their order among equals.
  drawn.sort((a, b) => a.layer - b.layer || a.depth - b.depth);
  return drawn.map((d) => d.svg).join("");
}

export const colourOf = (b: Brick, i: number, bad: ReadonlySet<number>): string =>
  bad.has(i) ? WRONG : (LAYER_COLOURS[((b.layer % 7) + 7) % 7] as string);

/** Where the plane y = 0 cuts a footprint: the x interval, or undefined. */
function cutAtY0(corners: readonly Point[]): [number, number] | undefined {
  const xs: number[] = [];
  corners.forEach((a, k) => {
    const b = corners[(k + 1) % corners.length] as Point;
    if ((a[1] <= 0 && b[1] > 0) || (b[1] <= 0 && a[1] > 0))
      xs.push(a[0] + ((b[0] - a[0]) * (0 - a[1])) / (b[1] - a[1]));
  });
  return xs.length === 0 ? undefined : [Math.min(...xs), Math.max(...xs)];
}

/** Outline of the outer dome (equator, meridians, parallels) for a picture without bricks. */
function isoDome(data: LegoShellData, camera: IsoCamera): string {
  const ring = (r: number, z: number): Point2[] =>
    Array.from({ length: 73 }, (_, k) => {
      const t = (k / 72) * 2 * Math.PI;
      return camera.project([r * Math.cos(t), r * Math.sin(t), z]);
    });
  const lines: string[] = [];
  for (const r of [data.inner, data.outer])
    lines.push(`<polyline points="${pts(ring(r, 0))}" fill="none" stroke="#555" stroke-width="1.2"/>`);
  for (let k = 1; k < 6; k++) {
    const phi = (k / 6) * (Math.PI / 2);
    lines.push(
      `<polyline points="${pts(ring(data.outer * Math.cos(phi), data.outer * Math.sin(phi)))}" fill="none" stroke="#4e79a7" stroke-width="0.8"/>`,
    );
  }
  for (let k = 0; k < 12; k++) {
    const t = (k / 12) * 2 * Math.PI;
    const arc = Array.from({ length: 31 }, (_, j) => {
      const phi = (j / 30) * (Math.PI / 2);
      const r = data.outer * Math.cos(phi);
      return camera.project([r * Math.cos(t), r * Math.sin(t), data.outer * Math.sin(phi)]);
    });
    lines.push(`<polyline points="${pts(arc)}" fill="none" stroke="#4e79a7" stroke-width="0.8"/>`);
  }
  return lines.join("");
}

/** The vertical section through y = 0: the two circles and the bricks the plane cuts. */
function section(data: LegoShellData, bricks: readonly Brick[], bad: ReadonlySet<number>): string {
  const span = data.outer + 2 * PITCH;
  const s = (SECTION_SIZE - 2 * PAD) / (2 * span);
  const X = (x: number) => (SECTION_SIZE / 2 + x * s).toFixed(1);
  const Z = (z: number) => (SECTION_SIZE * 0.7 - z * s).toFixed(1);
  const parts: string[] = [
    `<text x="${PAD}" y="16" font-size="12">section y = 0</text>`,
    `<path d="M${X(-data.outer)},${Z(0)} A${(data.outer * s).toFixed(1)},${(data.outer * s).toFixed(1)} 0 0 1 ${X(data.outer)},${Z(0)} L${X(data.inner)},${Z(0)} A${(data.inner * s).toFixed(1)},${(data.inner * s).toFixed(1)} 0 0 0 ${X(-data.inner)},${Z(0)} Z" fill="#dde6f0"/>`,
  ];
  bricks.forEach((b, i) => {
    const box = brickBox(b);
    const cut: [number, number] | undefined = isRightAngle(b)
      ? box.min[1] <= 0 && box.max[1] > 0
        ? [box.min[0], box.max[0]]
        : undefined
      : cutAtY0(footprint(b));
    if (!cut) return;
    parts.push(
      `<rect x="${X(cut[0])}" y="${Z(box.max[2])}" width="${((cut[1] - cut[0]) * s).toFixed(1)}" height="${(BRICK_HEIGHT * s).toFixed(1)}" fill="${colourOf(b, i, bad)}" fill-opacity="0.85" stroke="#333" stroke-width="0.5"/>`,
    );
  });
  for (const r of [data.inner, data.outer])
    parts.push(
      `<path d="M${X(-r)},${Z(0)} A${(r * s).toFixed(1)},${(r * s).toFixed(1)} 0 0 1 ${X(r)},${Z(0)}" fill="none" stroke="#1f3b5c" stroke-width="1.2"/>`,
    );
  parts.push(
    `<line x1="${X(-span)}" y1="${Z(0)}" x2="${X(span)}" y2="${Z(0)}" stroke="#333" stroke-width="1.2"/>`,
    `<text x="${X(0)}" y="${(Number(Z(0)) + 16).toFixed(1)}" font-size="11" text-anchor="middle">r ${data.inner} mm, R ${data.outer} mm</text>`,
  );
  return parts.join("");
}

/** An isometric view of the bricks (or of the empty dome) beside the section y = 0; broken bricks in red. */
export function renderLegoShell(data: LegoShellData, answer?: LegoShellAnswer): SvgRendering {
  const reach = data.outer + PITCH;
  const camera = new IsoCamera({ turn: 0 }, ISO_SIZE / (2.6 * reach));
  let body: string;
  let caption: string;
  let bad = new Set<number>();
  if (answer) {
    const found = inspectBricks(data, answer.bricks);
    bad = new Set(Object.values(found).flatMap((r) => r.bad));
    body = isoBricks(answer.bricks, bad, camera);
    const verdict = verifyLegoShell(data, answer);
    const failed = verdict.checks.filter((c) => !c.ok).map((c) => c.name);
    caption =
      `${answer.bricks.length} bricks — ` +
      (verdict.passed
        ? `all rules hold, score ${verdict.score.toFixed(4)}`
        : `fails: ${failed.join(", ")}; score ${verdict.score.toFixed(4)}`);
  } else {
    body = isoDome(data, camera);
    caption = `Hemispherical shell: inner radius ${data.inner} mm, outer radius ${data.outer} mm`;
  }
  // The dome's picture spans about ±1.23·reach across and from 1.23·reach above the origin to 0.71·reach below.
  const centre = camera.project([0, 0, 0]);
  const dx = PAD + ISO_SIZE / 2 - centre[0];
  const dy = TOP + 1.23 * reach * camera.unit - centre[1];
  const isoHeight = 1.94 * reach * camera.unit;
  const width = PAD * 3 + ISO_SIZE + SECTION_SIZE;
  const height = Math.ceil(TOP + Math.max(isoHeight, SECTION_SIZE * 0.8) + PAD);
  return svgDocument(
    width,
    height,
    `<text x="${PAD}" y="22" font-size="14">${escapeXml(caption)}</text>` +
      `<g transform="translate(${dx.toFixed(1)},${dy.toFixed(1)})">${body}</g>` +
      `<g transform="translate(${PAD * 2 + ISO_SIZE},${TOP})">${section(data, answer?.bricks ?? [], bad)}</g>`,
  );
}
