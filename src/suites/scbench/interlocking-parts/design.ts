import { type CrossSection, kernel, type Manifold, withKernel } from "../../../geometry/manifold.ts";
import { fromManifold, type Mat4Rows } from "../../../geometry/mesh.ts";
import type { InterlockingAnswer, InterlockingData, Part } from "./schema.ts";

/** Knobs of the reference design; tests bend them to build near-misses. */
export interface DesignOptions {
  /** In-plane width of every bar (the panel is always 10 mm deep). */
  barWidth: number;
  /** Gaps between vertical bars across a wall (default: pitch near 72 mm). */
  verticalGaps?: number;
  /** Gaps between horizontal bars up a wall (default: pitch near 72 mm). */
  horizontalGaps?: number;
  /** Radius of the rod holes (default 3.3 mm for the 6 mm rods). */
  holeRadius?: number;
}

const HOLE_RADIUS = 3.3;
const HOLE_SEGMENTS = 24;
/** Every panel is this deep: its height in the print pose. */
export const DEPTH = 10;
const PITCH = 72;
/** Bars per band: walls of kind A (north, south) are cut in three bands, kind B (east, west) in two. */
const BANDS = { A: 3, B: 2 } as const;
type Kind = keyof typeof BANDS;

/** Quarter turns about z taking the north wall to each wall, with exact integer entries. */
const WALLS: { name: string; kind: Kind; rot: [[number, number], [number, number]] }[] = [
  {
    name: "north",
    kind: "A",
    rot: [
      [1, 0],
      [0, 1],
    ],
  },
  {
    name: "east",
    kind: "B",
    rot: [
      [0, 1],
      [-1, 0],
    ],
  },
  {
    name: "south",
    kind: "A",
    rot: [
      [-1, 0],
      [0, -1],
    ],
  },
  {
    name: "west",
    kind: "B",
    rot: [
      [0, -1],
      [1, 0],
    ],
  },
];

export interface Layout {
  /** Rod axes at (±rod, ±rod); the wall panels are centred on the rod planes. */
  rod: number;
  top: number;
  /** Horizontal bar k spans z ∈ [k·pitchZ, k·pitchZ + barWidth], k = 0…rows. */
  rows: number;
  pitchZ: number;
  /** Vertical bar j is centred at u = −edge + j·pitchU, j = 0…cols; the outer ones end at |u| = rod − 5. */
  cols: number;
  edge: number;
  pitchU: number;
  barWidth: number;
  holeRadius: number;
  /** Per kind, each band's first and last horizontal bar. */
  bands: Record<Kind, [number, number][]>;
}

function splitRows(rows: number, count: number): [number, number][] {
  const out: [number, number][] = [];
  let first = 0;
  for (let b = 0; b < count; b++) {
    const size = Math.ceil((rows + 1 - first) / (count - b));
    out.push([first, first + size - 1]);
    first += size;
  }
  return out;
}

export function layoutOf(data: InterlockingData, opts: DesignOptions = { barWidth: 10 }): Layout {
  const rod = data.innerWidth / 2 + 7.5;
  const top = data.innerHeight + 30;
  const rows = opts.horizontalGaps ?? Math.max(1, Math.round((top - opts.barWidth) / PITCH));
  const edge = rod - DEPTH / 2 - opts.barWidth / 2;
  const span = 2 * edge;
  const cols = opts.verticalGaps ?? Math.max(1, Math.round(span / PITCH));
  return {
    rod,
    top,
    rows,
    pitchZ: (top - opts.barWidth) / rows,
    cols,
    edge,
    pitchU: span / cols,
    barWidth: opts.barWidth,
    holeRadius: opts.holeRadius ?? HOLE_RADIUS,
    bands: { A: splitRows(rows, BANDS.A), B: splitRows(rows, BANDS.B) },
  };
}

/** Bottom and top (assembly z) of a band. */
function bandSpan(l: Layout, [first, last]: [number, number]): [number, number] {
  return [first === 0 ? 0 : (first - 1) * l.pitchZ + l.barWidth, last * l.pitchZ + l.barWidth];
}

/** Print-pose footprint of the widest and tallest band (x along the wall, y up the wall). */
export function bandFootprint(l: Layout): [number, number] {
  const heights = [...l.bands.A, ...l.bands.B].map((b) => {
    const [lo, hi] = bandSpan(l, b);
    return hi - lo;
  });
  return [2 * l.rod + DEPTH, Math.max(...heights)];
}

/**
 * One band of a wall, built in the panel frame (u across the wall, v = assembly z, w through
 * the 10 mm panel from its outer face) and shifted by (du, dv) onto the print bed.
 * Kind A carries a knuckle at both ends of every horizontal bar; kind B carries tabs half-way
 * between bars, so along each corner rod the two walls' knuckles alternate.
 */
function bandSolid(l: Layout, kind: Kind, band: [number, number], du: number, dv: number): Manifold {
  return withKernel((keep) => {
    const [bottom, top] = bandSpan(l, band);
    const bw = l.barWidth;
    const box = (u0: number, u1: number, v0: number, v1: number): CrossSection =>
      keep(keep(kernel.CrossSection.square([u1 - u0, v1 - v0])).translate([u0 + du, v0 - bottom + dv]));
    const pieces: CrossSection[] = [];
    const reach = kind === "A" ? l.rod + DEPTH / 2 : l.rod - DEPTH / 2;
    for (let k = band[0]; k <= band[1]; k++) pieces.push(box(-reach, reach, k * l.pitchZ, k * l.pitchZ + bw));
    for (let j = 0; j <= l.cols; j++) {
      const c = -l.edge + j * l.pitchU;
      pieces.push(box(c - bw / 2, c + bw / 2, bottom, top));
    }
    if (kind === "B")
      for (let k = Math.max(0, band[0] - 1); k < band[1]; k++) {
        const mid = (k + 0.5) * l.pitchZ + bw / 2;
        for (const side of [-1, 1])
          pieces.push(
            box(side * l.rod - DEPTH / 2, side * l.rod + DEPTH / 2, mid - DEPTH / 2, mid + DEPTH / 2),
          );
      }
    // Extruding the exact 2D union of the bars keeps the mesh clean: a 3D union of boxes that share
    // their top and bottom faces leaves slivers and coincident vertices in the panel's faces.
    const body = keep(keep(kernel.CrossSection.union(pieces)).extrude(DEPTH));
    const holes = [-1, 1].map((side) =>
      keep(
        keep(
          keep(kernel.Manifold.cylinder(top - bottom + 2, l.holeRadius, l.holeRadius, HOLE_SEGMENTS)).rotate([
            -90, 0, 0,
          ]),
        ).translate([side * l.rod + du, dv - 1, DEPTH / 2]),
      ),
    );
    // The result outlives withKernel: it is not kept.
    return body.subtract(keep(kernel.Manifold.union(holes)));
  });
}

const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/** The reference answer: 5 unique bands, each printed twice (north/south and east/west are alike). */
export function referenceDesign(
  data: InterlockingData,
  opts: DesignOptions = { barWidth: 10 },
): InterlockingAnswer {
  const l = layoutOf(data, opts);
  const [bx, by] = data.build;
  const parts: Part[] = [];
  const meshes = new Map<string, ReturnType<typeof fromManifold>>();
  for (const wall of WALLS)
    l.bands[wall.kind].forEach((band, b) => {
      const [bottom, top] = bandSpan(l, band);
      const du = (bx - (2 * l.rod + DEPTH)) / 2 + l.rod + DEPTH / 2;
      const dv = (by - (top - bottom)) / 2;
      const key = `${wall.kind}${b}`;
      let mesh = meshes.get(key);
      if (!mesh) {
        const solid = bandSolid(l, wall.kind, band, du, dv);
        mesh = fromManifold(solid);
        solid.delete();
        meshes.set(key, mesh);
      }
      // Print pose → north wall: x = px − du, y = rod + 5 − pz, z = py − dv + bottom; then the wall's turn.
      const north: [number, number, number][] = [
        [1, 0, 0],
        [0, 0, -1],
        [0, 1, 0],
      ];
      const shift = [-du, l.rod + DEPTH / 2, bottom - dv];
      const [[r00, r01], [r10, r11]] = wall.rot;
      const rowOf = (i: number): [number, number, number, number] => {
        const pick = (c: number) =>
          i === 2
            ? (north[2]?.[c] as number)
            : (i === 0 ? r00 : r10) * (north[0]?.[c] as number) +
              (i === 0 ? r01 : r11) * (north[1]?.[c] as number);
        const t =
          i === 2
            ? (shift[2] as number)
            : (i === 0 ? r00 : r10) * (shift[0] as number) + (i === 0 ? r01 : r11) * (shift[1] as number);
        return [pick(0), pick(1), pick(2), round4(t)];
      };
      const transform: Mat4Rows = [rowOf(0), rowOf(1), rowOf(2), [0, 0, 0, 1]];
      parts.push({
        name: `${wall.name} wall, band ${b + 1} of ${l.bands[wall.kind].length}`,
        vertices: mesh.vertices.map((v) => [round4(v[0]), round4(v[1]), round4(v[2])]),
        faces: mesh.triangles.map((t) => [...t]),
        transform,
      });
    });
  const a = l.rod;
  return {
    parts,
    rods: [
      { x: a, y: a },
      { x: -a, y: a },
      { x: -a, y: -a },
      { x: a, y: -a },
    ],
  };
}
