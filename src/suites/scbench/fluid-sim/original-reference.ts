import type { Earthwork, FluidAnswer } from "./schema.ts";

type P = [number, number, number];
const rock = (min: P, max: P): Earthwork => ({ material: "rock", min, max });
const air = (min: P, max: P): Earthwork => ({ material: "air", min, max });

/**
 * Raises the ground by one layer (rock at z = 3 everywhere). Rain then lands at z = 4 on a layer
 * with no way down except the pits dug below it, and the original's drops look across their whole
 * layer for the nearest way down before running off the edge, so every pit fills.
 */
const raise = (side: number): Earthwork => rock([0, 0, 3], [side - 1, side - 1, 3]);

/** A roof at z = 5 over the square (a..b)², held up by one pillar at its corner (a, a, 4). */
const roof = (a: number, b: number): Earthwork[] => [rock([a, a, 4], [a, a, 4]), rock([a, a, 5], [b, b, 5])];

/** A basin on a rock tower: solid from z = 3 (or `base`) to 6, a 4×4 hollow at z = 6 around (c, c). */
const tower = (c: number, base: number): Earthwork[] => [
  rock([c - 2, c - 2, base], [c + 3, c + 3, 6]),
  air([c - 1, c - 1, 6], [c + 2, c + 2, 6]),
];

/**
 * One reference per original subtask, each checked against the original's simulator and goal by
 * the tests; at most 12 boxes, as the paper says of its human-written references.
 */
export const ORIGINAL_REFERENCES: readonly FluidAnswer[] = [
  // 1: a 6×6 pit: 36 columns of water.
  { earthworks: [raise(16), air([5, 5, 3], [10, 10, 3])] },
  // 2: three 2×2 pits.
  {
    earthworks: [
      raise(24),
      air([4, 4, 3], [5, 5, 3]),
      air([10, 4, 3], [11, 5, 3]),
      air([16, 4, 3], [17, 5, 3]),
    ],
  },
  // 3: a basin at z = 6 on a tower under the centre rain.
  { earthworks: tower(16, 3) },
  // 4: a 4×4 pit under a roof: 16 hidden voxels; the rain reaches it from the roof's open sides.
  { earthworks: [raise(40), air([10, 10, 3], [13, 13, 3]), ...roof(9, 14)] },
  // 5: 2×2 basins with floors at z = 2, 3 and 4, each filled by the rain on its own columns.
  {
    earthworks: [
      rock([5, 5, 3], [8, 8, 3]),
      air([6, 6, 3], [7, 7, 3]),
      rock([15, 5, 3], [18, 8, 4]),
      air([16, 6, 4], [17, 7, 4]),
      rock([25, 5, 3], [28, 8, 5]),
      air([26, 6, 5], [27, 7, 5]),
    ],
  },
  // 6: a 4×4 shaft at the centre from z = 1 up, walled to z = 6: water 6 deep.
  {
    earthworks: [
      air([27, 27, 1], [30, 30, 2]),
      rock([26, 26, 3], [31, 31, 6]),
      air([27, 27, 3], [30, 30, 6]),
    ],
  },
  // 7: two 11×10×2 pits: 220 voxels each.
  { earthworks: [raise(64), air([10, 10, 2], [20, 19, 3]), air([40, 40, 2], [50, 49, 3])] },
  // 8: a one-wide square moat around a 3×3 island.
  { earthworks: [raise(48), air([20, 20, 3], [24, 24, 3]), rock([21, 21, 3], [23, 23, 3])] },
  // 9: a pit at z = 3 and a basin at z = 6 on a tower whose z = 4 and 5 are solid.
  { earthworks: [raise(56), air([10, 10, 3], [12, 12, 3]), ...tower(28, 4)] },
  // 10: a 10×10 pit.
  { earthworks: [raise(48), air([10, 10, 3], [19, 19, 3])] },
  // 11: four 3×3 pits under one roof.
  {
    earthworks: [
      raise(64),
      air([10, 10, 3], [12, 12, 3]),
      air([10, 50, 3], [12, 52, 3]),
      air([50, 10, 3], [52, 12, 3]),
      air([50, 50, 3], [52, 52, 3]),
      ...roof(8, 55),
    ],
  },
];
