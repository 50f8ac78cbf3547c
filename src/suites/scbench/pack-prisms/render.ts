import { escapeXml, svgDocument } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import { IsoCamera, type Point2, type VoxelGroup, voxelFaces } from "../../../geometry/isometric.ts";
import type { Cell } from "../../../geometry/voxels.ts";
import { type Box, type PackAnswer, type PackData, sizeKey, sortedSize } from "./schema.ts";
import { verifyPack } from "./verify.ts";

const PALETTE = [
  "#4e79a7",
  "#f28e2b",
  "#59a14f",
  "#edc948",
  "#b07aa1",
  "#76b7b2",
  "#ff9da7",
  "#9c755f",
  "#bab0ac",
  "#8cd17d",
];
const WRONG = "#e15759";
const MAX_VOXELS = 30_000;

/** Neighbouring prisms of one class get different tints so that their borders show. */
function tint(hex: string, index: number): string {
  const t = (index % 4) * 0.16;
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (shift: number) => Math.round(((n >> shift) & 255) * (1 - t) + 255 * t);
  return `#${[16, 8, 0].map((sh) => ch(sh).toString(16).padStart(2, "0")).join("")}`;
}

function boxCellsAt(b: Box): Cell[] {
  const cells: Cell[] = [];
  for (let z = b.min[2]; z < b.max[2]; z++)
    for (let y = b.min[1]; y < b.max[1]; y++) for (let x = b.min[0]; x < b.max[0]; x++) cells.push([x, y, z]);
  return cells;
}

const volumeOf = (b: Box): number =>
  [0, 1, 2].reduce((v, k) => v * Math.max(0, (b.max[k] as number) - (b.min[k] as number)), 1);

/** Isometric voxel drawing: the prism classes alone, or the packing with overlapping or unknown boxes in red. */
export function renderPack(data: PackData, answer?: PackAnswer): SvgRendering {
  const camera = new IsoCamera({ turn: 0 }, 14);
  const colour = new Map(
    data.classes.map((c, i) => [sizeKey(c.size), PALETTE[i % PALETTE.length] as string]),
  );
  const labels: string[] = [];
  let groups: VoxelGroup[];
  let caption: string;
  if (!answer) {
    let x = 0;
    groups = data.classes.map((c, i) => {
      const g = {
        cells: boxCellsAt({ min: [x, 0, 0], max: [x + c.size[2], c.size[1], c.size[0]] }),
        fill: PALETTE[i % PALETTE.length] as string,
      };
      x += c.size[2] + 2;
      return g;
    });
    labels.push(
      ...data.classes
        .map((c) => `${c.count} × ${c.size.join("×")}`)
        .map((t, i) => `<tspan fill="${PALETTE[i % PALETTE.length]}">${escapeXml(t)}</tspan>`),
    );
    caption = `Prisms to pack (total volume ${data.totalVolume}):`;
  } else {
    const verdict = verifyPack(data, answer);
    const drawable = answer.boxes.filter(
      (b) => [...b.min, ...b.max].every(Number.isInteger) && volumeOf(b) > 0,
    );
    const voxels = drawable.reduce((s, b) => s + volumeOf(b), 0);
    const overlapping = new Set<Box>();
    for (let i = 0; i < drawable.length; i++)
      for (let j = i + 1; j < drawable.length; j++) {
        const a = drawable[i] as Box;
        const b = drawable[j] as Box;
        if (
          [0, 1, 2].every(
            (k) => (a.min[k] as number) < (b.max[k] as number) && (b.min[k] as number) < (a.max[k] as number),
          )
        ) {
          overlapping.add(a);
          overlapping.add(b);
        }
      }
    groups =
      voxels > MAX_VOXELS
        ? []
        : drawable.map((b, i) => ({
            cells: boxCellsAt(b),
            fill: overlapping.has(b) ? WRONG : tint(colour.get(sizeKey(sortedSize(b))) ?? WRONG, i),
          }));
    const failed = verdict.checks.filter((c) => !c.ok && c.name !== "packing.score").map((c) => c.name);
    caption =
      failed.length > 0
        ? `fails: ${failed.join(", ")}${voxels > MAX_VOXELS ? " (too large to draw)" : ""}`
        : `valid packing, score ${verdict.score.toFixed(4)}`;
    if (answer.boxes.length > drawable.length)
      caption += ` — ${answer.boxes.length - drawable.length} box(es) not drawn`;
  }
  const empty: { svg: string; min: Point2; max: Point2 } = { svg: "", min: [0, 0], max: [0, 0] };
  const { svg, min, max } = groups.length > 0 ? voxelFaces(groups, camera) : empty;
  const pad = 16;
  const top = 46;
  const width = Math.max(360, Math.ceil(max[0] - min[0]) + 2 * pad);
  const height = Math.ceil(max[1] - min[1]) + top + pad;
  const dx = pad - min[0] + (width - 2 * pad - (max[0] - min[0])) / 2;
  const dy = top - min[1];
  const legend =
    labels.length > 0 ? `<text x="${pad}" y="38" font-size="13">${labels.join("   ")}</text>` : "";
  return svgDocument(
    width,
    height,
    `<text x="${pad}" y="20" font-size="14">${escapeXml(caption)}</text>${legend}` +
      `<g transform="translate(${dx.toFixed(1)},${dy.toFixed(1)})">${svg}</g>`,
  );
}
