import type { Rings } from "./shapes.ts";
import type { Vec2 } from "./tetra.ts";

/**
 * The original's 20 targets (SCBench 4.py, prepareSubpassReferenceScad), in its order, all centred
 * at the origin. Circles are OpenSCAD's: `$fn` vertices at angles 360°·i/$fn from the +x axis.
 */
export const ORIGINAL_SHAPES = [
  "square-4",
  "circle-4",
  "holed-square",
  "equilateral-triangle",
  "hexagon-2",
  "rectangle-6x2",
  "diamond-4",
  "plus",
  "L-4",
  "annulus-2-1",
  "pentagon-2",
  "star-5",
  "ellipse-2x1",
  "semicircle-2",
  "right-triangle-4",
  "parallelogram",
  "trapezoid",
  "octagon-2",
  "arrow-right",
  "chevron-right",
] as const;
export type OriginalShape = (typeof ORIGINAL_SHAPES)[number];

/** Segments of the original's circles (`$fn = 100`). */
export const ORIGINAL_CIRCLE_SEGMENTS = 100;

export interface OriginalTarget {
  shape: OriginalShape;
  /** What the original's prompt says of the target (it gives words, not coordinates). */
  target: string;
  rings: Rings;
  curved: boolean;
  /** The original's renormalisation (postProcessScore): score / bar, capped at 1. */
  bar: number;
}

const round = (v: number): number => Math.round(v * 1e9) / 1e9 || 0;

/** OpenSCAD's `circle(r, $fn = n)` stretched by (sx, sy): counter-clockwise from the +x axis. */
const circle = (n: number, r: number, sx = 1, sy = 1): Vec2[] =>
  Array.from({ length: n }, (_, i) => {
    const t = (2 * Math.PI * i) / n;
    return [round(sx * r * Math.cos(t)), round(sy * r * Math.sin(t))];
  });

const box = (w: number, h: number): Vec2[] => [
  [-w / 2, -h / 2],
  [w / 2, -h / 2],
  [w / 2, h / 2],
  [-w / 2, h / 2],
];

/** A 10-point star: outer radius 2 at 90° + 72°·i, inner radius 0.8 halfway between. */
const star = (): Vec2[] =>
  Array.from({ length: 10 }, (_, i) => {
    const t = ((90 + 36 * i) * Math.PI) / 180;
    const r = i % 2 === 0 ? 2 : 0.8;
    return [round(r * Math.cos(t)), round(r * Math.sin(t))];
  });

const h3 = round((2 * Math.sqrt(3)) / 3);
const N = ORIGINAL_CIRCLE_SEGMENTS;

/** Subpass k of the original is entry k. */
export const ORIGINAL_TARGETS: readonly OriginalTarget[] = [
  { shape: "square-4", target: "a square of side 4", rings: [box(4, 4)], curved: false, bar: 1 },
  { shape: "circle-4", target: "a circle of diameter 4", rings: [circle(N, 2)], curved: true, bar: 0.9 },
  {
    shape: "holed-square",
    target: "a 6 × 6 square with a 2 × 2 square hole in its centre",
    rings: [box(6, 6), box(2, 2).reverse()],
    curved: false,
    bar: 1,
  },
  {
    shape: "equilateral-triangle",
    target: "an equilateral triangle of side 4, one side parallel to the line Y = 0",
    rings: [
      [
        [-2, -h3],
        [2, -h3],
        [0, 2 * h3],
      ],
    ],
    curved: false,
    bar: 1,
  },
  {
    shape: "hexagon-2",
    target:
      "a regular hexagon of circumradius 2 (the distance from its centre to a vertex), one side parallel to the line Y = 0",
    rings: [circle(6, 2)],
    curved: false,
    bar: 1,
  },
  {
    shape: "rectangle-6x2",
    target: "a rectangle 6 wide and 2 high",
    rings: [box(6, 2)],
    curved: false,
    bar: 0.6,
  },
  {
    shape: "diamond-4",
    target: "a diamond (a square turned by 45°) whose diagonal is 4",
    rings: [circle(4, 2)],
    curved: false,
    bar: 0.6,
  },
  {
    shape: "plus",
    target: "a plus (cross) shape whose arms are 4 long and 1 wide",
    rings: [
      [
        [-0.5, -2],
        [0.5, -2],
        [0.5, -0.5],
        [2, -0.5],
        [2, 0.5],
        [0.5, 0.5],
        [0.5, 2],
        [-0.5, 2],
        [-0.5, 0.5],
        [-2, 0.5],
        [-2, -0.5],
        [-0.5, -0.5],
      ],
    ],
    curved: false,
    bar: 0.6,
  },
  {
    shape: "L-4",
    target: "an L-shape, 4 × 4 overall, whose limbs are 1 thick",
    rings: [
      [
        [-2, -2],
        [2, -2],
        [2, -1],
        [-1, -1],
        [-1, 2],
        [-2, 2],
      ],
    ],
    curved: false,
    bar: 0.6,
  },
  {
    shape: "annulus-2-1",
    target: "an annulus (a ring) of outer radius 2 and inner radius 1",
    rings: [circle(N, 2), circle(N, 1).reverse()],
    curved: true,
    bar: 0.6,
  },
  {
    shape: "pentagon-2",
    target: "a regular pentagon of circumradius 2",
    rings: [circle(5, 2)],
    curved: false,
    bar: 0.6,
  },
  {
    shape: "star-5",
    target: "a five-pointed star inscribed in a circle of radius 2",
    rings: [star()],
    curved: false,
    bar: 0.4,
  },
  {
    shape: "ellipse-2x1",
    target: "an ellipse whose semi-major axis is 2 and semi-minor axis 1",
    rings: [circle(N, 1, 2, 1)],
    curved: true,
    bar: 0.6,
  },
  {
    shape: "semicircle-2",
    target: "a semicircle of radius 2 whose flat edge lies along the X axis",
    rings: [circle(N, 2).slice(0, N / 2 + 1)],
    curved: true,
    bar: 0.6,
  },
  {
    shape: "right-triangle-4",
    target: "a right triangle whose legs, both 4 long, run along the X and Y axes",
    rings: [
      [
        [-2, -2],
        [2, -2],
        [-2, 2],
      ],
    ],
    curved: false,
    bar: 0.6,
  },
  {
    shape: "parallelogram",
    target: "a parallelogram with base 4, height 2 and a horizontal offset of 1",
    rings: [
      [
        [-2.25, -1],
        [1.75, -1],
        [2.75, 1],
        [-1.25, 1],
      ],
    ],
    curved: false,
    bar: 0.6,
  },
  {
    shape: "trapezoid",
    target:
      "a trapezoid of height 2 whose sides parallel to the line Y = 0 are 4 long (bottom) and 2 long (top)",
    rings: [
      [
        [-2, -1],
        [2, -1],
        [1, 1],
        [-1, 1],
      ],
    ],
    curved: false,
    bar: 0.6,
  },
  {
    shape: "octagon-2",
    target: "a regular octagon of circumradius 2",
    rings: [circle(8, 2)],
    curved: false,
    bar: 0.6,
  },
  {
    shape: "arrow-right",
    target: "an arrow pointing right, 4 long and 2 tall",
    rings: [
      [
        [-2, -0.5],
        [0, -0.5],
        [0, -1],
        [2, 0],
        [0, 1],
        [0, 0.5],
        [-2, 0.5],
      ],
    ],
    curved: false,
    bar: 0.6,
  },
  {
    shape: "chevron-right",
    target: "a chevron (V-shape) pointing right, with span 2 and thickness 1",
    rings: [
      [
        [-1.5, -1],
        [-0.5, -1],
        [0.5, 0],
        [-0.5, 1],
        [-1.5, 1],
        [-0.5, 0],
      ],
    ],
    curved: false,
    bar: 0.6,
  },
];
