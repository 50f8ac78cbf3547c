import { escapeXml } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import { IsoCamera, type VoxelGroup, voxelFaces } from "../../../geometry/isometric.ts";
import type { Cell } from "../../../geometry/voxels.ts";
import { describeGoal } from "./goals.ts";
import type { FluidAnswer, FluidData } from "./schema.ts";
import { LAYERS } from "./schema.ts";
import { simulate } from "./simulate.ts";
import { verifyFluid } from "./verify.ts";
import { ROCK, terrainWorld, WATER, type World } from "./world.ts";

const PAD = 16;
const HEADER = 44;
const FOOTER = 40;
const GAP = 28;
/** Room left of the isometric view for the y label. */
const LABEL_ROOM = 14;
/** Rock by height: brown at z = 0 to pale grey at the top layer. */
export const ROCK_FILLS = [
  "#6b4a2b",
  "#7c5a38",
  "#8c6b48",
  "#9a7c5c",
  "#a68f74",
  "#b1a18d",
  "#bdb4a8",
  "#cbc8c3",
];
export const WATER_FILL = "#3a7bd5";
const OK = "#2a7a2a";
const BAD = "#c0392b";

const fmt = (v: number) => v.toFixed(1);

function isometric(world: World): {
  svg: string;
  min: [number, number];
  max: [number, number];
  camera: IsoCamera;
} {
  const { side, cells } = world;
  const layer = side * side;
  const lists: Cell[][] = Array.from({ length: LAYERS + 1 }, () => []);
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] !== ROCK && cells[i] !== WATER) continue;
    const z = Math.floor(i / layer);
    lists[cells[i] === WATER ? LAYERS : z]?.push([i % side, Math.floor(i / side) % side, z]);
  }
  const groups: VoxelGroup[] = lists.map((list, k) => ({
    cells: list,
    fill: k === LAYERS ? WATER_FILL : (ROCK_FILLS[k] as string),
  }));
  const camera = new IsoCamera({ turn: 0 }, Math.max(5, Math.min(26, 760 / (1.75 * side))));
  const faces = voxelFaces(groups, camera);
  // Thin outlines on large worlds, so the faces stay readable.
  const stroke = camera.unit < 12 ? "0.25" : "0.6";
  return {
    svg: faces.svg.replaceAll('stroke-width="0.8"', `stroke-width="${stroke}"`),
    min: faces.min,
    max: faces.max,
    camera,
  };
}

/** Top view: each column coloured by its highest non-air cell, labelled with its height when there is room. */
function topMap(world: World, ox: number, oy: number, cell: number): string {
  const { side, cells } = world;
  const layer = side * side;
  const out: string[] = [];
  const font = Math.max(6, Math.floor(cell * 0.62));
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      let z = LAYERS - 1;
      while (z >= 0 && cells[x + side * y + layer * z] !== ROCK && cells[x + side * y + layer * z] !== WATER)
        z--;
      const water = z >= 0 && cells[x + side * y + layer * z] === WATER;
      let hidden = false;
      for (let k = 0; k < z && !water; k++) if (cells[x + side * y + layer * k] === WATER) hidden = true;
      const fill = z < 0 ? "#ffffff" : water ? WATER_FILL : (ROCK_FILLS[z] as string);
      const px = ox + x * cell;
      const py = oy + y * cell;
      out.push(
        `<rect x="${fmt(px)}" y="${fmt(py)}" width="${fmt(cell)}" height="${fmt(cell)}" fill="${fill}"/>`,
      );
      // Water under rock: a blue frame around the column.
      if (hidden)
        out.push(
          `<rect x="${fmt(px + 1)}" y="${fmt(py + 1)}" width="${fmt(cell - 2)}" height="${fmt(cell - 2)}" fill="none" stroke="${WATER_FILL}" stroke-width="${cell >= 12 ? 2 : 1.2}"/>`,
        );
      if (cell >= 9)
        out.push(
          `<text x="${fmt(px + cell / 2)}" y="${fmt(py + cell / 2 + font * 0.36)}" font-family="sans-serif" font-size="${font}" text-anchor="middle" fill="${water || z <= 3 ? "#fff" : "#000"}">${z + 1}</text>`,
        );
    }
  out.push(
    `<rect x="${ox}" y="${oy}" width="${fmt(cell * side)}" height="${fmt(cell * side)}" fill="none" stroke="#555"/>`,
  );
  return out.join("");
}

/** The world after the answer's simulation (or the initial terrain), isometric and from above. */
export function renderFluid(data: FluidData, answer?: FluidAnswer): SvgRendering {
  const verdict = answer ? verifyFluid(data, answer) : undefined;
  const valid = verdict !== undefined && verdict.failure?.kind !== "invalid";
  const world =
    answer && valid ? simulate(data.heights, answer.earthworks).world : terrainWorld(data.heights);
  const iso = isometric(world);
  const isoW = iso.max[0] - iso.min[0];
  const isoH = iso.max[1] - iso.min[1];
  const cell = Math.max(6, Math.min(26, 640 / data.side));
  const mapSize = cell * data.side;
  const title = `Fluid simulation · goal ${data.goalNumber}: ${describeGoal(data.goal)}`;
  const sub = answer
    ? `after ${answer.earthworks.length} earthwork(s), rock settling and rain · map: height of the top cell (water blue; blue frame: water under rock), x → right, y ↓ down`
    : "initial terrain · map: column heights, x → right, y ↓ down";
  const width = Math.ceil(
    Math.max(PAD + LABEL_ROOM + isoW + GAP + mapSize + PAD, PAD * 2 + 6.6 * title.length),
  );
  const height = Math.ceil(HEADER + PAD + Math.max(isoH, mapSize + 14) + PAD + (answer ? FOOTER : 0));
  const tx = PAD + LABEL_ROOM - iso.min[0];
  const ty = HEADER + PAD - iso.min[1];
  const P = (x: number, y: number, z: number) => iso.camera.project([x, y, z]);
  const label = (t: string, p: [number, number]) =>
    `<text x="${fmt(p[0])}" y="${fmt(p[1])}" font-family="sans-serif" font-size="12" fill="#555">${t}</text>`;
  const mapX = Math.ceil(PAD + LABEL_ROOM + isoW + GAP);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${PAD}" y="${PAD + 4}" font-family="sans-serif" font-size="13">${escapeXml(title)}</text>`,
    `<text x="${PAD}" y="${PAD + 22}" font-family="sans-serif" font-size="11" fill="#555">${escapeXml(sub)}</text>`,
    `<g transform="translate(${fmt(tx)},${fmt(ty)})">`,
    iso.svg,
    label("x", P(data.side + 1, 0, 0)),
    label("y", P(0, data.side + 1.5, 0)),
    "</g>",
    topMap(world, mapX, HEADER + PAD, cell),
  ];
  if (verdict) {
    const failed = verdict.checks.filter((c) => !c.ok);
    const text = verdict.passed
      ? `goal met · score 1`
      : `score ${verdict.score.toFixed(3)} · fails ${failed.map((c) => c.name).join(", ")}`;
    out.push(
      `<text x="${PAD}" y="${height - FOOTER + 14}" font-family="sans-serif" font-size="13" fill="${verdict.passed ? OK : BAD}">${escapeXml(text)}</text>`,
      `<text x="${PAD}" y="${height - FOOTER + 30}" font-family="sans-serif" font-size="11" fill="#555">${escapeXml((failed[0]?.detail ?? verdict.checks.at(-1)?.detail ?? "").slice(0, 140))}</text>`,
    );
  }
  out.push("</svg>");
  return { kind: "svg", svg: out.join(""), width, height };
}
