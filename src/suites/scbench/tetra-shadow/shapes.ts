import type { Vec2 } from "./tetra.ts";

export const SHAPES = [
  "square",
  "circle",
  "triangle",
  "hexagon",
  "star",
  "cross",
  "diamond",
  "L",
  "T",
  "chevron",
  "arrow",
  "annulus",
] as const;
export type ShapeName = (typeof SHAPES)[number];

/** Segments of the polygons that stand for circles (circle, both rings of the annulus). */
export const CIRCLE_SEGMENTS = 96;
export const CURVED: ReadonlySet<ShapeName> = new Set(["circle", "annulus"]);

/** A target: the outer ring counter-clockwise, then holes clockwise. */
export type Rings = Vec2[][];

const regular = (n: number, r: number, phase: number): Vec2[] =>
  Array.from({ length: n }, (_, i) => {
    const t = phase + (2 * Math.PI * i) / n;
    return [r * Math.cos(t), r * Math.sin(t)];
  });

/** Outer radius 10; the inner radius of a regular pentagram's outline is R·sin 18° / sin 126°. */
function star(): Vec2[] {
  const outer = 10;
  const inner = (outer * Math.sin(Math.PI / 10)) / Math.sin((7 * Math.PI) / 10);
  return Array.from({ length: 10 }, (_, i) => {
    const t = Math.PI / 2 + (Math.PI * i) / 5;
    const r = i % 2 === 0 ? outer : inner;
    return [r * Math.cos(t), r * Math.sin(t)];
  });
}

/** The shapes at scale 1, centred near the origin, each spanning about 12–20 units. */
export function baseRings(shape: ShapeName): Rings {
  switch (shape) {
    case "square":
      return [
        [
          [-6, -6],
          [6, -6],
          [6, 6],
          [-6, 6],
        ],
      ];
    case "circle":
      return [regular(CIRCLE_SEGMENTS, 7, 0)];
    case "triangle":
      return [regular(3, 16 / Math.sqrt(3), Math.PI / 2)];
    case "hexagon":
      return [regular(6, 7, 0)];
    case "star":
      return [star()];
    case "cross":
      return [
        [
          [-2, -7],
          [2, -7],
          [2, -2],
          [7, -2],
          [7, 2],
          [2, 2],
          [2, 7],
          [-2, 7],
          [-2, 2],
          [-7, 2],
          [-7, -2],
          [-2, -2],
        ],
      ];
    case "diamond":
      return [
        [
          [0, -6],
          [9, 0],
          [0, 6],
          [-9, 0],
        ],
      ];
    case "L":
      return [
        [
          [-6, -6],
          [6, -6],
          [6, -2],
          [-2, -2],
          [-2, 6],
          [-6, 6],
        ],
      ];
    case "T":
      return [
        [
          [-2, -7],
          [2, -7],
          [2, 3],
          [7, 3],
          [7, 7],
          [-7, 7],
          [-7, 3],
          [-2, 3],
        ],
      ];
    case "chevron":
      return [
        [
          [-7, -7],
          [-2, -7],
          [6, 0],
          [-2, 7],
          [-7, 7],
          [1, 0],
        ],
      ];
    case "arrow":
      return [
        [
          [-8, -2],
          [1, -2],
          [1, -6],
          [8, 0],
          [1, 6],
          [1, 2],
          [-8, 2],
        ],
      ];
    case "annulus":
      return [regular(CIRCLE_SEGMENTS, 8, 0), regular(CIRCLE_SEGMENTS, 4, 0).reverse()];
  }
}

/** Scaled about the origin, turned counter-clockwise by `degrees`, coordinates rounded to 1e-6. */
export function transformRings(rings: Rings, scale: number, degrees: number): Rings {
  const c = Math.cos((degrees * Math.PI) / 180);
  const s = Math.sin((degrees * Math.PI) / 180);
  const round = (v: number) => Math.round(v * 1e6) / 1e6 || 0; // no -0: it would not survive JSON
  return rings.map((ring) =>
    ring.map(([x, y]) => [round(scale * (c * x - s * y)), round(scale * (s * x + c * y))] as Vec2),
  );
}
