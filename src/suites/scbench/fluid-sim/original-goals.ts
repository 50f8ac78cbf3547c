import { piecesInScanOrder } from "./original-sim.ts";
import { LAYERS } from "./schema.ts";
import { ROCK, WATER, type World } from "./world.ts";

/** The original's 11 subtasks: world side and the requirement (the goal sentence, in Plumb's words). */
export const ORIGINAL_SUBTASKS = [
  { side: 16, goal: "there is a lake with a surface area of at least 36 voxels." },
  { side: 24, goal: "there are 3 separate bodies of water, each at least 2x2." },
  { side: 32, goal: "there is a lake of at least 2 voxels above z = 5." },
  {
    side: 40,
    goal: "there is an underground lake of at least 10 voxels in volume, and no water voxel can be seen from above.",
  },
  { side: 48, goal: "there are 3 lakes on 3 different z levels." },
  { side: 56, goal: "there is a lake at least 6 voxels deep." },
  { side: 64, goal: "there are 2 lakes, each of more than 200 voxels in volume." },
  { side: 48, goal: "there is a ring-shaped lake: water around a dry centre of at least 3x3." },
  { side: 56, goal: "there is water at z = 3 and at z = 6, but no water at z = 4 or z = 5." },
  { side: 48, goal: "there are exactly 100 voxels of water in total, no more and no fewer." },
  {
    side: 64,
    goal: "there are 4 separate underground lakes of at least 5 voxels each, none of them visible from above.",
  },
] as const;

export interface OriginalGrade {
  score: number;
  detail: string;
}

interface Cell3 {
  x: number;
  y: number;
  z: number;
}

const coords = (side: number, i: number): Cell3 => ({
  x: i % side,
  y: Math.floor(i / side) % side,
  z: Math.floor(i / (side * side)),
});

/** Water bodies as the original lists them (scan order, breadth-first), as coordinates. */
function bodies(world: World): Cell3[][] {
  return piecesInScanOrder(world, (v) => v === WATER).map((b) => b.map((i) => coords(world.side, i)));
}

const columns = (body: readonly Cell3[]): Set<number> => new Set(body.map((c) => c.x * 4096 + c.y));
const col = (x: number, y: number): number => x * 4096 + y;

/** Rock anywhere above (x, y, z) in its column. */
function covered(world: World, c: Cell3): boolean {
  const { side, cells } = world;
  for (let z = c.z + 1; z < LAYERS; z++) if (cells[c.x + side * (c.y + side * z)] === ROCK) return true;
  return false;
}

const waterAt = (world: World, z: number): number => {
  const layer = world.side * world.side;
  let n = 0;
  for (let i = z * layer; i < (z + 1) * layer; i++) if (world.cells[i] === WATER) n++;
  return n;
};

function has2x2(body: readonly Cell3[]): boolean {
  const s = columns(body);
  return body.some(({ x, y }) => s.has(col(x + 1, y)) && s.has(col(x, y + 1)) && s.has(col(x + 1, y + 1)));
}

/** The z holding most of the body's cells; ties go to the z met first in the body's listing. */
function primaryLevel(body: readonly Cell3[]): number {
  const counts = new Map<number, number>();
  for (const { z } of body) counts.set(z, (counts.get(z) ?? 0) + 1);
  let best = -1;
  let most = 0;
  for (const [z, n] of counts)
    if (n > most) {
      best = z;
      most = n;
    }
  return best;
}

/** Whether some 3x3 block of dry columns has this body's water on all four sides (the original's test). */
function ringAround(body: readonly Cell3[]): boolean {
  const s = columns(body);
  if (s.size < 12) return false;
  const xs = body.map((c) => c.x);
  const ys = body.map((c) => c.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const line = (f: (k: number) => number, g: (k: number) => number) =>
    [0, 1, 2].every((k) => s.has(col(f(k), g(k))));
  for (let cx = x0 + 1; cx < x1 - 1; cx++)
    for (let cy = y0 + 1; cy < y1 - 1; cy++) {
      let dry = true;
      for (let dx = 0; dx < 3 && dry; dx++)
        for (let dy = 0; dy < 3 && dry; dy++) if (s.has(col(cx + dx, cy + dy))) dry = false;
      if (!dry) continue;
      if (
        line(
          (k) => cx + k,
          () => cy - 1,
        ) &&
        line(
          (k) => cx + k,
          () => cy + 3,
        ) &&
        line(
          () => cx - 1,
          (k) => cy + k,
        ) &&
        line(
          () => cx + 3,
          (k) => cy + k,
        )
      )
        return true;
    }
  return false;
}

const part = (v: number, need: number) => Math.min(1, v / need);

/** The original's score for subtask n (1-based) on the world after the rain. */
export function gradeOriginal(n: number, world: World): OriginalGrade {
  const { side, cells } = world;
  switch (n) {
    case 1: {
      const a = bodies(world).reduce((m, b) => Math.max(m, columns(b).size), 0);
      return { score: part(a, 36), detail: `largest lake surface area ${a} columns, need ≥ 36` };
    }
    case 2: {
      const k = bodies(world).filter(has2x2).length;
      return { score: part(k, 3), detail: `${k} water bodies holding a 2x2 block of columns, need 3` };
    }
    case 3: {
      const k = waterAt(world, 6) + waterAt(world, 7);
      return { score: part(k, 2), detail: `${k} water voxels above z = 5, need ≥ 2` };
    }
    case 4: {
      let hidden = 0;
      let seen = 0;
      for (let i = 0; i < cells.length; i++)
        if (cells[i] === WATER) covered(world, coords(side, i)) ? hidden++ : seen++;
      if (seen > 0) return { score: 0, detail: `${seen} water voxels visible from above, need none` };
      return { score: part(hidden, 10), detail: `${hidden} underground water voxels, need ≥ 10` };
    }
    case 5: {
      const all = bodies(world);
      const levels = new Set(all.map(primaryLevel)).size;
      const score = all.length < 3 ? all.length / 3 : part(levels, 3);
      return {
        score,
        detail: `${all.length} water bodies on ${levels} different main z levels, need 3 on 3`,
      };
    }
    case 6: {
      let deepest = 0;
      for (let p = 0; p < side * side; p++) {
        let run = 0;
        for (let z = 0; z < LAYERS; z++) {
          run = cells[p + side * side * z] === WATER ? run + 1 : 0;
          deepest = Math.max(deepest, run);
        }
      }
      return { score: part(deepest, 6), detail: `deepest water column ${deepest}, need ≥ 6` };
    }
    case 7: {
      const k = bodies(world).filter((b) => b.length >= 200).length;
      return { score: part(k, 2), detail: `${k} water bodies of at least 200 voxels, need 2` };
    }
    case 8: {
      const ok = bodies(world).some(ringAround);
      return { score: ok ? 1 : 0, detail: ok ? "a lake surrounds a dry 3x3" : "no lake surrounds a dry 3x3" };
    }
    case 9: {
      const [w3, w4, w5, w6] = [3, 4, 5, 6].map((z) => waterAt(world, z) > 0);
      const detail = `water at z = 3: ${w3}, z = 4: ${w4}, z = 5: ${w5}, z = 6: ${w6}`;
      if (w4 || w5) return { score: 0, detail: `${detail}; z = 4 and z = 5 must stay dry` };
      return { score: ((w3 ? 1 : 0) + (w6 ? 1 : 0)) / 2, detail };
    }
    case 10: {
      let total = 0;
      for (let i = 0; i < cells.length; i++) if (cells[i] === WATER) total++;
      return {
        score: Math.max(0, 1 - Math.abs(total - 100) / 100),
        detail: `${total} water voxels, need exactly 100`,
      };
    }
    case 11: {
      const all = bodies(world);
      const visible = all.some((b) => b.some((c) => !covered(world, c)));
      if (visible) return { score: 0, detail: "some water is visible from above, need none" };
      const k = all.filter((b) => b.length >= 5).length;
      return { score: part(k, 4), detail: `${k} underground lakes of at least 5 voxels, need 4` };
    }
    default:
      throw new Error(`no original fluid subtask ${n}`);
  }
}
