import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "../../../core/rng.ts";
import { measure } from "./measure.ts";
import { Rain } from "./rain.ts";
import { type Earthwork, LAYERS } from "./schema.ts";
import { simulate } from "./simulate.ts";
import { makeTerrain } from "./terrain.ts";
import {
  AIR,
  applyEarthworks,
  cellIndex,
  components,
  ROCK,
  settleRock,
  terrainWorld,
  WATER,
  type World,
} from "./world.ts";

type T3 = [number, number, number];
const rock = (min: T3, max: T3): Earthwork => ({ material: "rock", min, max });
const air = (min: T3, max: T3): Earthwork => ({ material: "air", min, max });
const flat = (side: number, h = 1) => Array.from({ length: side }, () => new Array<number>(side).fill(h));
const at = (w: World, x: number, y: number, z: number) => w.cells[cellIndex(w.side, x, y, z)];

/** The rain rules applied literally: a fresh flood fill for every drop. */
function naiveRain(world: World): void {
  const { side, cells } = world;
  const layer = side * side;
  const drop = (x: number, y: number): boolean => {
    let i = cellIndex(side, x, y, LAYERS - 1);
    if (cells[i] !== AIR) return false;
    while (i >= layer && cells[i - layer] === AIR) i -= layer;
    const zc = Math.floor(i / layer);
    const { label } = components(side, layer * (zc + 1), (j) => cells[j] !== ROCK);
    let best = -1;
    for (let j = 0; j < layer * (zc + 1); j++) {
      if (label[j] !== label[i]) continue;
      const jx = j % side;
      const jy = Math.floor(j / side) % side;
      if (jx === 0 || jy === 0 || jx === side - 1 || jy === side - 1) return false;
      if (best < 0 && cells[j] === AIR) best = j;
    }
    cells[best] = WATER;
    return true;
  };
  for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) drop(x, y);
  const c = Math.floor(side / 2);
  for (let k = 0; k < side * side * LAYERS && drop(c, c); k++);
}

const boxArb = (side: number) =>
  fc
    .tuple(
      fc.boolean(),
      fc.tuple(fc.nat(side - 1), fc.nat(side - 1), fc.nat(LAYERS - 1)),
      fc.tuple(fc.nat(side - 1), fc.nat(side - 1), fc.nat(LAYERS - 1)),
    )
    .map(([isRock, a, b]): Earthwork => {
      const min: T3 = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.min(a[2], b[2])];
      const max: T3 = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.max(a[2], b[2])];
      return { material: isRock ? "rock" : "air", min, max };
    });

describe("fluid-sim simulation", () => {
  it("a floating rock box falls straight down onto the ground", () => {
    const sim = simulate(flat(16), [rock([4, 4, 5], [6, 6, 6])]);
    expect(sim.falls).toBe(1);
    expect(at(sim.world, 5, 5, 1)).toBe(ROCK);
    expect(at(sim.world, 5, 5, 2)).toBe(ROCK);
    expect(at(sim.world, 5, 5, 3)).toBe(AIR);
    expect(at(sim.world, 5, 5, 6)).toBe(AIR);
  });

  it("slabs cut loose by digging fall one after another, the lower first", () => {
    const world = terrainWorld(flat(16, 5));
    applyEarthworks(world, [air([0, 0, 1], [15, 15, 1]), air([0, 0, 3], [15, 15, 3])]);
    // Two loose slabs (z = 2 and z = 4) over rock at z = 0: the lower lands on z = 1, the upper on z = 2.
    expect(settleRock(world)).toBe(2);
    const rocks = world.cells.reduce((s, v) => s + (v === ROCK ? 1 : 0), 0);
    expect(rocks).toBe(16 * 16 * 3);
    for (let z = 0; z < 3; z++) expect(at(world, 7, 7, z)).toBe(ROCK);
    expect(at(world, 7, 7, 3)).toBe(AIR);
  });

  it("after settling, every rock piece reaches z = 0 and no rock is lost", () => {
    fc.assert(
      fc.property(fc.array(boxArb(16), { maxLength: 6 }), (works) => {
        const world = terrainWorld(flat(16, 3));
        applyEarthworks(world, works);
        const before = world.cells.reduce((s, v) => s + (v === ROCK ? 1 : 0), 0);
        settleRock(world);
        expect(world.cells.reduce((s, v) => s + (v === ROCK ? 1 : 0), 0)).toBe(before);
        const { label, count } = components(16, world.cells.length, (i) => world.cells[i] === ROCK);
        const grounded = new Set<number>();
        for (let i = 0; i < 256; i++) if ((label[i] as number) >= 0) grounded.add(label[i] as number);
        expect(grounded.size).toBe(count);
      }),
      { numRuns: 40 },
    );
  });

  it("a pit gets one drop per column; a pit opening onto the outer ring drains", () => {
    const closed = simulate(flat(16, 3), [air([3, 3, 2], [5, 6, 2])]);
    expect(closed.measures.totalWater).toBe(12);
    expect(closed.measures.bodies).toHaveLength(1);
    const open = simulate(flat(16, 3), [air([0, 3, 2], [5, 6, 2])]);
    expect(open.measures.totalWater).toBe(0);
  });

  it("the centre basin fills layer by layer until the centre column's top cell is water", () => {
    const sim = simulate(flat(16, 3), [air([5, 5, 1], [10, 10, 2])]);
    // z = 1 full (36), then z = 2 in (y, x) order up to and including the centre (8, 8).
    expect(sim.measures.totalWater).toBe(36 + 3 * 6 + 4);
    expect(at(sim.world, 8, 8, 2)).toBe(WATER);
    expect(at(sim.world, 9, 8, 2)).toBe(AIR);
    expect(sim.rain.centreDrops).toBe(36 + 22 - 36 + 1);
  });

  it("water finds a covered cave through an opening, and stays hidden", () => {
    const sim = simulate(flat(16, 5), [
      air([3, 3, 1], [8, 3, 4]),
      rock([3, 3, 1], [4, 3, 1]),
      rock([5, 3, 3], [8, 3, 4]),
    ]);
    expect(sim.measures.totalWater).toBe(2);
    expect(sim.measures.visibleWater).toBe(0);
  });

  it("incremental rain equals a fresh flood fill per drop on random earthworks", () => {
    fc.assert(
      fc.property(fc.array(boxArb(16), { maxLength: 8 }), fc.nat(1000), (works, seed) => {
        const heights = makeTerrain(16, new Rng(seed));
        const a = terrainWorld(heights);
        applyEarthworks(a, works);
        settleRock(a);
        const b: World = { side: 16, cells: a.cells.slice() };
        new Rain(a).fall();
        naiveRain(b);
        expect(Buffer.from(a.cells).equals(Buffer.from(b.cells))).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it("generated terrain holds no water and stays within heights 1 … 5", () => {
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 40 }), fc.string({ maxLength: 5 }), (side, seed) => {
        const heights = makeTerrain(side, new Rng(seed));
        expect(heights.flat().every((h) => h >= 1 && h <= 5)).toBe(true);
        expect(simulate(heights, []).measures.totalWater).toBe(0);
      }),
      { numRuns: 25 },
    );
  });

  it("measures depth, surface area, levels and visibility of a stepped body", () => {
    const world = terrainWorld(flat(16, 1));
    const w = (x: number, y: number, z: number) => {
      world.cells[cellIndex(16, x, y, z)] = WATER;
    };
    w(5, 5, 1);
    w(5, 5, 2);
    w(6, 5, 1);
    world.cells[cellIndex(16, 6, 5, 4)] = ROCK;
    const m = measure(world);
    expect(m.bodies).toHaveLength(1);
    const b = m.bodies[0];
    expect(b?.depth).toBe(2);
    expect(b?.top).toBe(2);
    expect(b?.surfaceArea).toBe(2);
    expect(b?.visible).toBe(2);
    expect(m.waterPerLevel.slice(0, 3)).toEqual([0, 2, 1]);
  });
});
