/** The goal and the parts in pictures: the assembled puzzle with coordinates beside the parts laid out in a row. */

import { svgToPng } from "../../../core/png.ts";
import type { Scene } from "../../../core/scene.ts";
import type { PromptImage, SvgRendering } from "../../../core/task.ts";
import { bounds, type Cell } from "../../../geometry/voxels.ts";
import { voxelScene } from "../common/scene3d.ts";
import { type ScenePiece, sceneSvg } from "../common/views.ts";
import type { BurrAssemblyData } from "./data.ts";
import type { AssemblyState } from "./state.ts";

/** Room between neighbouring parts in the row. */
const GAP = 3;

const targetPieces = (data: BurrAssemblyData): ScenePiece[] =>
  data.pieces.map((p) => ({ name: p.name, hex: p.hex, cells: p.cells as Cell[] }));

/** Each part in its own frame, moved along +x so that the parts stand in a row, GAP apart. */
function partsInRow(data: BurrAssemblyData, state: AssemblyState): ScenePiece[] {
  const out: ScenePiece[] = [];
  let next = 0;
  for (const part of state.parts) {
    const cells = part.map((i) => state.frameCells(i));
    const box = bounds(cells.flat());
    const dx = next - box.min[0];
    part.forEach((i, j) => {
      out.push({
        name: state.names[i] as string,
        hex: data.pieces[i]?.hex ?? "#888888",
        cells: (cells[j] as Cell[]).map(([x, y, z]): Cell => [x + dx, y, z]),
      });
    });
    next += box.size[0] + GAP;
  }
  return out;
}

/** Two pictures side by side in one SVG. */
function sideBySide(a: SvgRendering, b: SvgRendering): SvgRendering {
  const width = a.width + b.width;
  const height = Math.max(a.height, b.height);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="white"/><svg x="0" y="0" width="${a.width}" height="${a.height}">${inner(a.svg)}</svg><svg x="${a.width}" y="0" width="${b.width}" height="${b.height}">${inner(b.svg)}</svg></svg>`;
  return { kind: "svg", svg, width, height };
}

/** An SVG document's content without its outer element. */
const inner = (svg: string): string => svg.slice(svg.indexOf(">") + 1, svg.lastIndexOf("</svg>"));

export function pictureSvg(data: BurrAssemblyData, state: AssemblyState, title: string): SvgRendering {
  return sideBySide(
    sceneSvg(targetPieces(data), { views: "multi", coordinates: true, title: "Goal: the assembled puzzle" }),
    sceneSvg(partsInRow(data, state), { views: "multi", title }),
  );
}

export function picturePng(data: BurrAssemblyData, state: AssemblyState, title: string): PromptImage {
  return {
    mediaType: "image/png",
    data: svgToPng(pictureSvg(data, state, title).svg),
    alt: `The assembled burr puzzle (left) and ${title.toLowerCase()} (right)`,
  };
}

/** In 3D: the parts in a row. */
export function pictureScene(data: BurrAssemblyData, state: AssemblyState, title: string): Scene {
  return voxelScene(partsInRow(data, state), { title });
}
