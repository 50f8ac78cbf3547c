import type { Instance } from "../../../core/task.ts";
import { type CsgData, type CsgNode, TASK_ID, type Xyz } from "./schema.ts";

/**
 * The 22 subtasks of the original's 3.py (the version whose `testParams` holds 22 cases; a later
 * version adds two cubes sharing only an edge, which no manifold mesh can represent). Sizes are in
 * cm as the original gave them; each tree is the original's reference solid, each description its
 * information in Plumb's words.
 */
interface OriginalCase {
  title: string;
  description: string;
  tree: CsgNode;
}

const box = (size: Xyz | number, at: Xyz = [0, 0, 0]): CsgNode => ({
  op: "translate",
  v: at,
  child: { op: "cube", size: typeof size === "number" ? [size, size, size] : size, center: true },
});
const union = (...children: CsgNode[]): CsgNode => ({ op: "union", children });
const prism = (r: number, h: number, fn: number): CsgNode => ({
  op: "cylinder",
  h,
  r1: r,
  r2: r,
  fn,
  center: true,
});

/** The wedge: a 10 × 10 base on z = 0, full height along its x = −5 edge, sloping to the x = +5 edge. */
const WEDGE: CsgNode = {
  op: "polyhedron",
  points: [
    [-5, -5, 0],
    [5, -5, 0],
    [5, 5, 0],
    [-5, 5, 0],
    [-5, -5, 10],
    [-5, 5, 10],
  ],
  faces: [
    [0, 3, 2, 1],
    [0, 4, 5, 3],
    [0, 1, 4],
    [3, 5, 2],
    [1, 2, 5, 4],
  ],
};

const TETRAHEDRON: CsgNode = {
  op: "polyhedron",
  points: [
    [0, 0, 15],
    [8.16, 0, 5],
    [-4.08, 7.07, 5],
    [-4.08, -7.07, 5],
  ],
  faces: [
    [0, 1, 2],
    [0, 2, 3],
    [0, 3, 1],
    [1, 3, 2],
  ],
};

const twoCubes = (d: string) =>
  `Two solid cubes of side 10 cm: one centred at the origin (0, 0, 0), the other centred at ${d}.`;

const CASES: OriginalCase[] = [
  {
    title: "two cubes overlapping by 2 cm in x",
    description: twoCubes("(8, 0, 0)"),
    tree: union(box(10), box(10, [8, 0, 0])),
  },
  {
    title: "two cubes overlapping at a corner",
    description: twoCubes("(5, 5, 0)"),
    tree: union(box(10), box(10, [5, 5, 0])),
  },
  {
    title: "two separate cubes",
    description: twoCubes("(15, 0, 0)"),
    tree: union(box(10), box(10, [15, 0, 0])),
  },
  {
    title: "a small cube inside a large cube",
    description: "Two solid cubes, both centred at the origin: one of side 20 cm and one of side 10 cm.",
    tree: union(box(20), box(10)),
  },
  {
    title: "a rectangular prism and a cube overlapping",
    description:
      "A rectangular prism of 10 cm × 20 cm × 30 cm centred at (0, 0, 0), and a cube of side 15 cm centred at (10, 0, 0).",
    tree: union(box([10, 20, 30]), box(15, [10, 0, 0])),
  },
  {
    title: "two prisms forming a cross",
    description:
      "Two rectangular prisms, both centred at (0, 0, 0): one of 30 cm × 10 cm × 10 cm and one of 10 cm × 30 cm × 10 cm.",
    tree: union(box([30, 10, 10]), box([10, 30, 10])),
  },
  {
    title: "three prisms forming a 3D jack",
    description:
      "Three rectangular prisms, all centred at the origin: 30 cm × 10 cm × 10 cm, 10 cm × 30 cm × 10 cm and 10 cm × 10 cm × 30 cm.",
    tree: union(box([30, 10, 10]), box([10, 30, 10]), box([10, 10, 30])),
  },
  {
    title: "a cube and a triangular wedge",
    description:
      "A cube of side 10 cm centred at (0, 0, 0), and a triangular prism (a wedge) 10 cm deep in x, 10 cm wide in y and 10 cm tall in z, its sloping face running from the top-front edge down to the bottom-back edge, placed with the centre of its base at (10, 0, 0).",
    tree: union(box(10), { op: "translate", v: [10, 0, 0], child: WEDGE }),
  },
  {
    title: "a cube with a tetrahedron on top",
    description:
      "A cube of side 10 cm centred at the origin, and a regular tetrahedron whose vertices are (0, 0, 15), (8.16, 0, 5), (−4.08, 7.07, 5) and (−4.08, −7.07, 5).",
    tree: union(box(10), TETRAHEDRON),
  },
  {
    title: "L-shaped prisms",
    description:
      "Two rectangular prisms: one of 30 cm × 10 cm × 10 cm centred at (0, 0, 0), one of 10 cm × 20 cm × 10 cm centred at (10, 5, 0).",
    tree: union(box([30, 10, 10]), box([10, 20, 10], [10, 5, 0])),
  },
  {
    title: "three cubes forming stairs",
    description: "Three cubes of side 10 cm, centred at (0, 0, 0), (10, 0, 5) and (20, 0, 10).",
    tree: union(box(10), box(10, [10, 0, 5]), box(10, [20, 0, 10])),
  },
  {
    title: "a 24-sided cylinder and a cube",
    description:
      "A cylinder of radius 5 cm and height 20 cm, centred at the origin with its axis along z, approximated by a 24-sided prism; and a cube of side 8 cm centred at (6, 0, 0).",
    tree: union(prism(5, 20, 24), box(8, [6, 0, 0])),
  },
  {
    title: "two perpendicular cylinders",
    description:
      "Two cylinders, each of radius 5 cm and height 20 cm and approximated by a 24-sided prism, both centred at the origin: the first with its axis along z, the second with its axis along x. They cross at the centre.",
    tree: union(prism(5, 20, 24), { op: "rotate", a: [0, 90, 0], child: prism(5, 20, 24) }),
  },
  {
    title: "a hexagonal prism and a cube",
    description:
      "A regular hexagonal prism of circumradius 5 cm and height 10 cm, centred at the origin with its axis along z; and a cube of side 6 cm centred at (6, 0, 0).",
    tree: union(prism(5, 10, 6), box(6, [6, 0, 0])),
  },
  {
    title: "an octagonal prism and a cube",
    description:
      "A regular octagonal prism of circumradius 5 cm and height 10 cm, centred at the origin with its axis along z; and a cube of side 8 cm, also centred at the origin.",
    tree: union(prism(5, 10, 8), box(8)),
  },
  {
    title: "a 2 × 2 grid of overlapping cubes",
    description: "Four cubes of side 5 cm, centred at (0, 0, 0), (4, 0, 0), (0, 4, 0) and (4, 4, 0).",
    tree: union(box(5), box(5, [4, 0, 0]), box(5, [0, 4, 0]), box(5, [4, 4, 0])),
  },
  {
    title: "a 24-segment sphere and a cube",
    description:
      "A sphere of radius 8 cm centred at the origin, approximated by a polyhedron of 24 segments of longitude and 12 of latitude; and a cube of side 10 cm centred at (8, 0, 0).",
    tree: union({ op: "sphere", r: 8, fn: 24 }, box(10, [8, 0, 0])),
  },
  {
    title: "two cubes sharing a face",
    description: "Two cubes of side 10 cm, centred at (0, 0, 0) and (10, 0, 0).",
    tree: union(box(10), box(10, [10, 0, 0])),
  },
  {
    title: "two cubes, one turned 45°",
    description:
      "Two cubes of side 10 cm, both centred at the origin; the second is turned 45 degrees about the z axis.",
    tree: union(box(10), { op: "rotate", a: [0, 0, 45], child: box(10) }),
  },
  {
    title: "T-shaped prisms",
    description:
      "Two rectangular prisms: one of 30 cm × 10 cm × 10 cm centred at (0, 0, 5), one of 10 cm × 10 cm × 20 cm centred at (0, 0, −5).",
    tree: union(box([30, 10, 10], [0, 0, 5]), box([10, 10, 20], [0, 0, -5])),
  },
  {
    title: "a 24-sided cone and a cube",
    description:
      "A cone of base radius 8 cm and height 15 cm with its base on z = 0 and its apex at z = 15, approximated by a 24-sided pyramid; and a cube of side 10 cm centred at (0, 0, 5).",
    tree: union({ op: "cylinder", h: 15, r1: 8, r2: 0, fn: 24, center: false }, box(10, [0, 0, 5])),
  },
  {
    title: "a hollow box of six wall prisms",
    description:
      "Six rectangular prisms, each centred on the axis named: A, 20 × 20 × 2 at z = −9; B, 20 × 20 × 2 at z = 9; C, 20 × 2 × 16 at y = −9; D, 20 × 2 × 16 at y = 9; E, 2 × 16 × 16 at x = −9; F, 2 × 16 × 16 at x = 9.",
    tree: union(
      box([20, 20, 2], [0, 0, -9]),
      box([20, 20, 2], [0, 0, 9]),
      box([20, 2, 16], [0, -9, 0]),
      box([20, 2, 16], [0, 9, 0]),
      box([2, 16, 16], [-9, 0, 0]),
      box([2, 16, 16], [9, 0, 0]),
    ),
  },
];

/** The preset: the original's subtasks in its order; params name the subpass (0-based, as the original counts). */
export function originalInstances(): Instance<CsgData>[] {
  return CASES.map((c, i) => ({
    id: `${TASK_ID}/original/${i + 1}`,
    task: TASK_ID,
    params: { subpass: i },
    seed: null,
    data: {
      case: null,
      title: c.title,
      description: c.description,
      tree: structuredClone(c.tree),
      closedFormVolume: null,
      scoring: "original",
    },
  }));
}
