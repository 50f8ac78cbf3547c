import { type Cell, cellKey } from "./voxels.ts";

/** Voxels of one colour: a piece. */
export interface VoxelGroup {
  cells: readonly Cell[];
  fill: string;
}

export interface IsoView {
  /** Quarter turns of the scene about the vertical z axis before projecting (which corner faces you). */
  turn: 0 | 1 | 2 | 3;
  /** Look from below: the scene is flipped upside down. */
  below?: boolean;
}

export type Point2 = [number, number];

/**
 * An isometric camera: world (x, y, z), z up, turned and flipped as the view says, then
 * projected so that the +x, +y and +z faces of a cell face the viewer.
 */
export class IsoCamera {
  readonly unit: number;
  readonly view: IsoView;

  constructor(view: IsoView, unit = 22) {
    this.view = view;
    this.unit = unit;
  }

  /** A world point in view coordinates (before projection). */
  toView(p: readonly [number, number, number]): [number, number, number] {
    let [x, y] = p;
    const z = this.view.below ? -p[2] : p[2];
    for (let t = 0; t < this.view.turn; t++) [x, y] = [-y, x];
    // Seen from below, mirror x so that the picture is a real view, not a mirror image.
    return this.view.below ? [-x, y, z] : [x, y, z];
  }

  /** A world point on the picture. */
  project(p: readonly [number, number, number]): Point2 {
    return this.projectView(this.toView(p));
  }

  /** A view-space point on the picture: +x down-right, +y down-left, +z up. */
  projectView([x, y, z]: readonly [number, number, number]): Point2 {
    const c = Math.cos(Math.PI / 6) * this.unit;
    const s = Math.sin(Math.PI / 6) * this.unit;
    return [(x - y) * c, (x + y) * s - z * this.unit];
  }
}

interface Face {
  depth: number;
  points: Point2[];
  fill: string;
}

const FACE_SHADE = { top: 1, right: 0.78, left: 0.6 } as const;

/** An SVG fragment: each voxel's visible faces, painted back to front, with the 2D bounding box. */
export function voxelFaces(
  groups: readonly VoxelGroup[],
  camera: IsoCamera,
): { svg: string; min: Point2; max: Point2 } {
  const filled = new Set<string>();
  for (const g of groups) for (const c of g.cells) filled.add(cellKey(viewCell(c, camera)));
  const faces: Face[] = [];
  const P = (px: number, py: number, pz: number) => camera.projectView([px, py, pz]);
  for (const g of groups) {
    for (const cell of g.cells) {
      const [x, y, z] = viewCell(cell, camera);
      const has = (dx: number, dy: number, dz: number) => filled.has(`${x + dx},${y + dy},${z + dz}`);
      const depth = x + y + z;
      if (!has(0, 0, 1))
        faces.push({
          depth,
          fill: shade(g.fill, FACE_SHADE.top),
          points: [P(x, y, z + 1), P(x + 1, y, z + 1), P(x + 1, y + 1, z + 1), P(x, y + 1, z + 1)],
        });
      if (!has(1, 0, 0))
        faces.push({
          depth,
          fill: shade(g.fill, FACE_SHADE.right),
          points: [P(x + 1, y, z), P(x + 1, y + 1, z), P(x + 1, y + 1, z + 1), P(x + 1, y, z + 1)],
        });
      if (!has(0, 1, 0))
        faces.push({
          depth,
          fill: shade(g.fill, FACE_SHADE.left),
          points: [P(x, y + 1, z), P(x + 1, y + 1, z), P(x + 1, y + 1, z + 1), P(x, y + 1, z + 1)],
        });
    }
  }
  faces.sort((a, b) => a.depth - b.depth);
  const min: Point2 = [Infinity, Infinity];
  const max: Point2 = [-Infinity, -Infinity];
  const parts = faces.map((f) => {
    for (const [px, py] of f.points) {
      min[0] = Math.min(min[0], px);
      min[1] = Math.min(min[1], py);
      max[0] = Math.max(max[0], px);
      max[1] = Math.max(max[1], py);
    }
    const pts = f.points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" ");
    return `<polygon points="${pts}" fill="${f.fill}" stroke="#222" stroke-width="0.8" stroke-linejoin="round"/>`;
  });
  return { svg: parts.join(""), min, max };
}

/** The view-space unit cube that a world cell's cube becomes: its centre maps to the new centre. */
function viewCell(c: Cell, camera: IsoCamera): Cell {
  const centre = camera.toView([c[0] + 0.5, c[1] + 0.5, c[2] + 0.5]);
  return [centre[0] - 0.5, centre[1] - 0.5, centre[2] - 0.5];
}

/** The colour scaled towards black by the factor (1 = unchanged). */
export function shade(hex: string, factor: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const n = Number.parseInt(m[1] as string, 16);
  const ch = (shift: number) => Math.round(((n >> shift) & 255) * factor);
  return `rgb(${ch(16)},${ch(8)},${ch(0)})`;
}
