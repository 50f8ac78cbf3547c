import { z } from "zod";
import { Rng } from "../../../core/rng.ts";
import { blockedOf, type Cell, type Grid, gridOf, type LoopAnswer, type LoopData, MAX_SIDE } from "./grid.ts";
import { findLoop } from "./solve.ts";
import { verifyLoop } from "./verify.ts";

export const loopParams = z
  .object({
    width: z.int().min(2).max(MAX_SIDE).default(8),
    height: z.int().min(2).max(MAX_SIDE).default(8),
    /** Number of blocked cells. */
    obstacles: z.int().min(0).default(0),
  })
  .refine((p) => (p.width * p.height - p.obstacles) % 2 === 0, {
    message: "the number of free cells (width × height − obstacles) must be even for a loop to exist",
    path: ["obstacles"],
  })
  .refine((p) => p.obstacles <= Math.floor(0.4 * p.width * p.height), {
    message: "at most 40% of the cells may be blocked",
    path: ["obstacles"],
  })
  .refine((p) => p.width * p.height - p.obstacles >= 4, {
    message: "a loop needs at least 4 free cells",
    path: ["obstacles"],
  });
export type LoopParams = z.infer<typeof loopParams>;

const ATTEMPTS = 40;
/** Longest stretch of loop removed in one carve (an even number of cells). */
const MAX_CARVE = 6;

/** Cell indices of a loop as [x, y] answer cells, numbered from `origin`. */
export function toAnswer(width: number, loop: readonly number[], origin = 0): LoopAnswer {
  return { loop: loop.map((i): Cell => [(i % width) + origin, Math.floor(i / width) + origin]) };
}

const adjacent = (width: number, a: number, b: number) =>
  (Math.abs(a - b) === 1 && Math.floor(a / width) === Math.floor(b / width)) || Math.abs(a - b) === width;

/**
 * Blocks cells while keeping a loop: a stretch u1…uk of the loop whose outer neighbours p and q are
 * side neighbours is blocked and p joins q directly. k is even because p and q have opposite colours.
 */
function carve(g: Grid, loop: number[], target: number, rng: Rng): number[] | null {
  let blocked = g.open.length - g.freeCount;
  let cyc = loop;
  while (blocked < target) {
    const room = Math.min(MAX_CARVE, target - blocked, cyc.length - 4);
    const options: [number, number][] = [];
    for (let i = 0; i < cyc.length; i++) {
      for (let k = 2; k <= room; k += 2) {
        if (adjacent(g.width, cyc[i] as number, cyc[(i + k + 1) % cyc.length] as number))
          options.push([i, k]);
      }
    }
    if (options.length === 0) return null;
    const [i, k] = rng.pick(options);
    const gone = new Set<number>();
    for (let j = 1; j <= k; j++) gone.add(cyc[(i + j) % cyc.length] as number);
    for (const c of gone) g.open[c] = 0;
    cyc = cyc.filter((c) => !gone.has(c));
    blocked += k;
  }
  return cyc;
}

/**
 * A random solvable layout: a random loop of the open grid (one majority-colour cell blocked first
 * when the area is odd), carved down to the wanted number of obstacles, then certified by the
 * reference solver from the blocked cells alone.
 */
export function generateLayout(params: LoopParams, rng: Rng): LoopData {
  const { width, height, obstacles } = params;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const open = new Uint8Array(width * height).fill(1);
    if ((width * height) % 2 === 1) {
      const majority = Array.from({ length: width * height }, (_, i) => i).filter(
        (i) => ((i % width) + Math.floor(i / width)) % 2 === 0,
      );
      open[rng.pick(majority)] = 0;
    }
    const g: Grid = { width, height, open, freeCount: open.reduce((s, v) => s + v, 0) };
    const base = findLoop(g, rng.split(`base-${attempt}`)).loop;
    if (base === null) continue;
    const planted = carve(g, base, obstacles, rng);
    if (planted === null) continue;
    const data: LoopData = { width, height, blocked: blockedOf(width, open) };
    const plantedVerdict = verifyLoop(data, toAnswer(width, planted));
    if (!plantedVerdict.passed)
      throw new Error(`hamiltonian-loop: carved loop fails: ${plantedVerdict.failure?.message}`);
    const found = findLoop(gridOf(data)).loop;
    if (found === null) continue;
    const verdict = verifyLoop(data, toAnswer(width, found));
    if (!verdict.passed)
      throw new Error(`hamiltonian-loop: solver loop fails verify: ${verdict.failure?.message}`);
    return data;
  }
  throw new Error(`hamiltonian-loop: no certified layout for ${JSON.stringify(params)}`);
}

/** Times the reference solver on freshly generated layouts (for benchmarks). */
export function timeSolver(
  sizes: readonly { width: number; height: number; obstacles: number }[] = [
    { width: 16, height: 16, obstacles: 64 },
    { width: 32, height: 32, obstacles: 256 },
  ],
  seed = "bench",
): {
  width: number;
  height: number;
  obstacles: number;
  generateMs: number;
  solveMs: number;
  solved: boolean;
}[] {
  return sizes.map((size) => {
    const t0 = performance.now();
    const data = generateLayout(loopParams.parse(size), new Rng(`${seed}/${size.width}x${size.height}`));
    const t1 = performance.now();
    const loop = findLoop(gridOf(data)).loop;
    const t2 = performance.now();
    const solved = loop !== null && verifyLoop(data, toAnswer(data.width, loop)).passed;
    return { ...size, generateMs: t1 - t0, solveMs: t2 - t1, solved };
  });
}
