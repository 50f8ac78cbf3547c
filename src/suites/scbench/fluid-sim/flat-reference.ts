import { type Earthwork, type FluidAnswer, type FluidData, LAYERS } from "./schema.ts";

type Triple = [number, number, number];
const box = (material: Earthwork["material"], min: Triple, max: Triple): Earthwork => ({
  material,
  min,
  max,
});

/** Level the whole world to bare bedrock at z = 0: the constructions below then ignore the terrain. */
const bulldoze = (side: number) => box("air", [0, 0, 1], [side - 1, side - 1, LAYERS - 1]);

/**
 * A rock block of footprint (w + 2) × (h + 2) from z = 0 up to `top`, with a w × h pit dug `depth`
 * layers down from its top, starting at column (x0 + 1, y0 + 1).
 */
function basin(x0: number, y0: number, w: number, h: number, top: number, depth: number): Earthwork[] {
  return [
    box("rock", [x0, y0, 0], [x0 + w + 1, y0 + h + 1, top]),
    box("air", [x0 + 1, y0 + 1, top - depth + 1], [x0 + w, y0 + h, top]),
  ];
}

/**
 * A covered cave fed by an open catchment: both dug out of one trench, the catchment's floor raised
 * by a rock step to z = 1 and the cave roofed from z = 3 up. Drops in the catchment land at z = 2 and
 * settle in the cave's z = 1 layer, which holds as many cells as the catchment has columns.
 */
function catchmentCave(x0: number, y0: number, w: number, h: number): Earthwork[] {
  return [
    box("rock", [x0, y0, 0], [x0 + 2 * w + 1, y0 + h + 1, 4]),
    box("air", [x0 + 1, y0 + 1, 1], [x0 + 2 * w, y0 + h, 4]),
    box("rock", [x0 + 1, y0 + 1, 1], [x0 + w, y0 + h, 1]),
    box("rock", [x0 + w + 1, y0 + 1, 3], [x0 + 2 * w, y0 + h, 4]),
  ];
}

/**
 * Four covered caves of 3 × 3: two mirrored trenches (catchment outside, cave inside, one roof over
 * both caves and the wall between), split into two rows by a rock divider laid last.
 */
function fourCaves(o: number): Earthwork[] {
  return [
    box("rock", [o, o, 0], [o + 14, o + 8, 4]),
    box("air", [o + 1, o + 1, 1], [o + 6, o + 7, 4]),
    box("air", [o + 8, o + 1, 1], [o + 13, o + 7, 4]),
    box("rock", [o + 1, o + 1, 1], [o + 3, o + 7, 1]),
    box("rock", [o + 11, o + 1, 1], [o + 13, o + 7, 1]),
    box("rock", [o + 4, o + 1, 3], [o + 10, o + 7, 4]),
    box("rock", [o + 1, o + 4, 0], [o + 13, o + 4, 4]),
  ];
}

/**
 * The fallback construction for each goal (at most 12 boxes): level the whole world, then build on
 * the flat ground. It ignores the terrain, so it is used only when no local construction passes.
 */
export function flatReference(data: FluidData): FluidAnswer {
  const s = data.side;
  const c = Math.floor(s / 2);
  const build = (): Earthwork[] => {
    switch (data.goalNumber) {
      case 1:
        return basin(c - 4, c - 4, 6, 6, 2, 2);
      case 2:
        return [...basin(1, 1, 4, 4, 1, 1), ...basin(s - 7, 1, 4, 4, 1, 1), ...basin(1, s - 7, 4, 4, 1, 1)];
      case 3:
        return basin(c - 2, c - 2, 3, 3, 6, 6);
      case 4:
        return catchmentCave(1, 1, 4, 4);
      case 5:
        return [...basin(1, 1, 3, 3, 1, 1), ...basin(6, 1, 3, 3, 2, 1), ...basin(11, 1, 3, 3, 3, 1)];
      case 6:
        return basin(c - 2, c - 2, 2, 2, 6, 6);
      case 7:
        return [...basin(c - 4, c - 4, 7, 7, 5, 5), ...basin(1, 1, 25, 9, 1, 1)];
      case 8:
        return [...basin(c - 4, c - 4, 7, 7, 1, 1), box("rock", [c - 1, c - 1, 0], [c + 1, c + 1, 1])];
      case 9:
        return [...basin(1, 1, 3, 3, 2, 1), ...basin(7, 1, 3, 3, 4, 1)];
      case 10:
        return basin(c - 6, c - 6, 10, 10, 1, 1);
      default:
        return fourCaves(1);
    }
  };
  return { earthworks: [bulldoze(s), ...build()] };
}
