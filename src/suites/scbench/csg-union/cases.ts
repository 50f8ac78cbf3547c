import type { Rng } from "../../../core/rng.ts";
import { ngonArea, ngonFrustum, sphereVolume } from "./csg.ts";
import type { CsgNode, Xyz } from "./schema.ts";

export interface CaseSpec {
  title: string;
  build(rng: Rng): { tree: CsgNode; closedForm: number | null };
}

const cube = (size: Xyz | number, center = false): CsgNode => ({
  op: "cube",
  size: typeof size === "number" ? [size, size, size] : size,
  center,
});
const cylinder = (h: number, r: number, fn: number, center = false): CsgNode => ({
  op: "cylinder",
  h,
  r1: r,
  r2: r,
  fn,
  center,
});
const cone = (h: number, r1: number, r2: number, fn: number, center = false): CsgNode => ({
  op: "cylinder",
  h,
  r1,
  r2,
  fn,
  center,
});
const sphere = (r: number, fn: number): CsgNode => ({ op: "sphere", r, fn });
const translate = (v: Xyz, child: CsgNode): CsgNode => ({ op: "translate", v, child });
const rotate = (a: Xyz, child: CsgNode): CsgNode => ({ op: "rotate", a, child });
const union = (...children: CsgNode[]): CsgNode => ({ op: "union", children });
const difference = (...children: CsgNode[]): CsgNode => ({ op: "difference", children });

const CYL_FACETS = [8, 12, 16, 24];
const SPHERE_FACETS = [8, 10, 12, 16];
/** Points on one axis only: the rotation that lays a z-axis cylinder along x or y. */
const ALONG: Record<"x" | "y" | "z", Xyz> = { x: [0, 90, 0], y: [-90, 0, 0], z: [0, 0, 0] };

/** Volume of a union of axis-aligned boxes by inclusion–exclusion. */
export function boxUnionVolume(boxes: readonly { min: Xyz; max: Xyz }[]): number {
  let total = 0;
  for (let mask = 1; mask < 1 << boxes.length; mask++) {
    const pick = boxes.filter((_, i) => mask & (1 << i));
    const v = [0, 1, 2].reduce(
      (acc, k) =>
        acc *
        Math.max(
          0,
          Math.min(...pick.map((b) => b.max[k] as number)) - Math.max(...pick.map((b) => b.min[k] as number)),
        ),
      1,
    );
    total += pick.length % 2 === 1 ? v : -v;
  }
  return total;
}
const box = (at: Xyz, size: Xyz) => ({
  min: at,
  max: [at[0] + size[0], at[1] + size[1], at[2] + size[2]] as Xyz,
});

export const CASES: CaseSpec[] = [
  {
    title: "two equal cubes overlapping side by side",
    build(rng) {
      const s = rng.int(4, 10);
      const d = rng.int(1, s - 1);
      return { tree: union(cube(s), translate([d, 0, 0], cube(s))), closedForm: s * s * (s + d) };
    },
  },
  {
    title: "two equal cubes overlapping diagonally",
    build(rng) {
      const s = rng.int(4, 10);
      const d: Xyz = [rng.int(1, s - 1), rng.int(1, s - 1), rng.int(1, s - 1)];
      return {
        tree: union(cube(s), translate(d, cube(s))),
        closedForm: boxUnionVolume([box([0, 0, 0], [s, s, s]), box(d, [s, s, s])]),
      };
    },
  },
  {
    title: "a small cube overlapping a corner of a large cube",
    build(rng) {
      const a = rng.int(6, 12);
      const b = rng.int(3, a - 2);
      const t: Xyz = [rng.int(a - b + 1, a - 1), rng.int(a - b + 1, a - 1), rng.int(a - b + 1, a - 1)];
      return {
        tree: union(cube(a), translate(t, cube(b))),
        closedForm: boxUnionVolume([box([0, 0, 0], [a, a, a]), box(t, [b, b, b])]),
      };
    },
  },
  {
    title: "a small cube resting on top of a large cube (touching faces)",
    build(rng) {
      const a = rng.int(6, 12);
      const b = rng.int(2, a - 2);
      const at: Xyz = [rng.int(0, a - b), rng.int(0, a - b), a];
      return { tree: union(cube(a), translate(at, cube(b))), closedForm: a ** 3 + b ** 3 };
    },
  },
  {
    title: "two flat bars crossing at an angle",
    build(rng) {
      const w = rng.int(2, 4);
      const l = w * rng.int(4, 6);
      const h = rng.int(1, 3);
      const theta = rng.pick([30, 45, 60, 90]);
      const bar = cube([l, w, h], true);
      return {
        tree: union(bar, rotate([0, 0, theta], bar)),
        closedForm: h * (2 * l * w - (w * w) / Math.sin((theta * Math.PI) / 180)),
      };
    },
  },
  {
    title: "a cylinder standing on a cube, sunk into it",
    build(rng) {
      const a = rng.int(6, 12);
      const r = rng.int(2, Math.floor(a / 2) - 1);
      const h = rng.int(4, 12);
      const e = rng.int(1, 3);
      const fn = rng.pick(CYL_FACETS);
      return {
        tree: union(cube(a), translate([a / 2, a / 2, a - e], cylinder(h, r, fn))),
        closedForm: a ** 3 + ngonArea(fn, r) * (h - e),
      };
    },
  },
  {
    title: "a cylinder passing through a cube",
    build(rng) {
      const a = rng.int(6, 12);
      const r = rng.int(2, Math.floor(a / 2) - 1);
      const l = a + 2 * rng.int(2, 6);
      const fn = rng.pick(CYL_FACETS);
      const axis = rng.pick(["x", "y"] as const);
      return {
        tree: union(cube(a, true), rotate(ALONG[axis], cylinder(l, r, fn, true))),
        closedForm: a ** 3 + ngonArea(fn, r) * (l - a),
      };
    },
  },
  {
    title: "two crossed cylinders",
    build(rng) {
      const r = rng.int(3, 7);
      const h = 2 * rng.int(Math.ceil(1.25 * r), 2 * r);
      const fn = rng.pick([12, 16, 24]);
      const c = cylinder(h, r, fn, true);
      return { tree: union(c, rotate([0, 90, 0], c)), closedForm: null };
    },
  },
  {
    title: "a cone on top of a cylinder",
    build(rng) {
      const r = rng.int(2, 8);
      const h1 = rng.int(3, 12);
      const h2 = rng.int(3, 12);
      const fn = rng.pick(CYL_FACETS);
      return {
        tree: union(cylinder(h1, r, fn), translate([0, 0, h1], cone(h2, r, 0, fn))),
        closedForm: ngonArea(fn, r) * (h1 + h2 / 3),
      };
    },
  },
  {
    title: "a cone standing on a cube, sunk into it",
    build(rng) {
      const a = rng.int(6, 12);
      const r = rng.int(2, Math.floor(a / 2) - 1);
      const h = rng.int(6, 14);
      const e = rng.int(1, 3);
      const fn = rng.pick(CYL_FACETS);
      return {
        tree: union(cube(a), translate([a / 2, a / 2, a - e], cone(h, r, 0, fn))),
        // Above the cube's top the cone is a smaller cone of height h − e.
        closedForm: a ** 3 + (ngonArea(fn, (r * (h - e)) / h) * (h - e)) / 3,
      };
    },
  },
  {
    title: "a cylindrical rod through a truncated cone",
    build(rng) {
      const r1 = rng.int(5, 9);
      const r2 = rng.int(3, r1 - 1);
      const h = rng.int(4, 10);
      const rc = rng.int(1, r2 - 1);
      const l = h + 2 * rng.int(2, 5);
      const fn = rng.pick(CYL_FACETS);
      const fc = rng.pick(CYL_FACETS);
      return {
        tree: union(cone(h, r1, r2, fn), translate([0, 0, (h - l) / 2], cylinder(l, rc, fc))),
        closedForm: ngonFrustum(fn, r1, r2, h) + ngonArea(fc, rc) * (l - h),
      };
    },
  },
  {
    title: "a sphere centred on the top face of a cube",
    build(rng) {
      const a = rng.int(6, 12);
      const r = rng.int(2, Math.floor(a / 2) - 1);
      const fn = rng.pick(SPHERE_FACETS);
      return {
        tree: union(cube(a), translate([a / 2, a / 2, a], sphere(r, fn))),
        // The ring sphere is symmetric about its equator plane, which lies in the cube's top face.
        closedForm: a ** 3 + sphereVolume(r, fn) / 2,
      };
    },
  },
  {
    title: "two overlapping spheres",
    build(rng) {
      const r1 = rng.int(4, 8);
      const r2 = rng.int(3, r1 - 1);
      const d = rng.int(r1 - r2 + 2, r1 + r2 - 2);
      const fn = rng.pick(SPHERE_FACETS);
      return { tree: union(sphere(r1, fn), translate([d, 0, 0], sphere(r2, fn))), closedForm: null };
    },
  },
  {
    title: "a sphere on a rod (a bead on a cylinder)",
    build(rng) {
      const r = rng.int(4, 8);
      const rc = rng.int(1, Math.floor(r / 2));
      const l = 2 * r + 2 * rng.int(2, 6);
      const fn = rng.pick(SPHERE_FACETS);
      const fc = rng.pick(CYL_FACETS);
      return { tree: union(sphere(r, fn), rotate([0, 90, 0], cylinder(l, rc, fc, true))), closedForm: null };
    },
  },
  {
    title: "a tube (a cylinder with a coaxial cylindrical hole)",
    build(rng) {
      const r = rng.int(3, 9);
      const ri = rng.int(1, r - 2);
      const h = rng.int(4, 16);
      const fn = rng.pick(CYL_FACETS);
      return {
        tree: difference(cylinder(h, r, fn), translate([0, 0, -1], cylinder(h + 2, ri, fn))),
        closedForm: (ngonArea(fn, r) - ngonArea(fn, ri)) * h,
      };
    },
  },
  {
    title: "a cube with a round hole through it",
    build(rng) {
      const a = rng.int(6, 14);
      const r = rng.int(1, Math.floor(a / 2) - 1);
      const fn = rng.pick(CYL_FACETS);
      const axis = rng.pick(["x", "y", "z"] as const);
      return {
        tree: difference(cube(a, true), rotate(ALONG[axis], cylinder(a + 2, r, fn, true))),
        closedForm: a ** 3 - ngonArea(fn, r) * a,
      };
    },
  },
  {
    title: "an open box (a cuboid hollowed out from the top)",
    build(rng) {
      const size: Xyz = [rng.int(6, 14), rng.int(6, 14), rng.int(4, 10)];
      const t = rng.int(1, 2);
      const inner: Xyz = [size[0] - 2 * t, size[1] - 2 * t, size[2]];
      return {
        tree: difference(cube(size), translate([t, t, t], cube(inner))),
        closedForm: size[0] * size[1] * size[2] - inner[0] * inner[1] * (size[2] - t),
      };
    },
  },
  {
    title: "three cubes in a staircase",
    build(rng) {
      const s = rng.int(4, 8);
      const d: Xyz = [rng.int(1, s - 1), rng.int(0, s - 1), rng.int(1, s - 1)];
      const at = (k: number): Xyz => [k * d[0], k * d[1], k * d[2]];
      return {
        tree: union(cube(s), translate(at(1), cube(s)), translate(at(2), cube(s))),
        closedForm: boxUnionVolume([0, 1, 2].map((k) => box(at(k), [s, s, s]))),
      };
    },
  },
  {
    title: "three mutually perpendicular cylinders",
    build(rng) {
      const r = rng.int(2, 6);
      const h = 2 * rng.int(Math.ceil(1.25 * r), 2 * r);
      const fn = rng.pick([8, 12, 16]);
      const c = cylinder(h, r, fn, true);
      return { tree: union(c, rotate(ALONG.x, c), rotate(ALONG.y, c)), closedForm: null };
    },
  },
  {
    title: "a dumbbell: two spheres joined by a rod",
    build(rng) {
      const r = rng.int(3, 6);
      const d = r + rng.int(3, 8);
      const rc = rng.int(1, Math.floor(r / 2));
      const fn = rng.pick(SPHERE_FACETS);
      const fc = rng.pick(CYL_FACETS);
      return {
        tree: union(
          translate([-d, 0, 0], sphere(r, fn)),
          translate([d, 0, 0], sphere(r, fn)),
          rotate(ALONG.x, cylinder(2 * d, rc, fc, true)),
        ),
        closedForm: null,
      };
    },
  },
  {
    title: "a plate with a tube standing on it and a rod through the tube",
    build(rng) {
      const r = rng.int(3, 6);
      const ri = rng.int(2, r - 1);
      const a = 2 * r + 2 * rng.int(1, 3);
      const t = rng.int(1, 3);
      const h = rng.int(6, 12);
      const rc = rng.int(1, ri - 1);
      const fn = rng.pick(CYL_FACETS);
      const fc = rng.pick([8, 12]);
      const tube = difference(cylinder(h, r, fn), translate([0, 0, -1], cylinder(h + 2, ri, fn)));
      return {
        tree: union(
          translate([-a / 2, -a / 2, -t], cube([a, a, t])),
          tube,
          translate([0, 0, h / 2], rotate(ALONG.x, cylinder(a, rc, fc, true))),
        ),
        closedForm: null,
      };
    },
  },
];
