import { LAYERS } from "./schema.ts";
import { components, ROCK, WATER, type World } from "./world.ts";

export interface Body {
  /** Cell indices, ascending. */
  cells: number[];
  volume: number;
  /** Lowest and highest z of its cells; the surface level is `top`. */
  bottom: number;
  top: number;
  /** Vertical extent: top − bottom + 1. */
  depth: number;
  /** Cells with no water directly above. */
  surfaceArea: number;
  /** Cells with no rock anywhere above them in their column. */
  visible: number;
  /** Cells per height z. */
  perLevel: number[];
}

export interface Measures {
  bodies: Body[];
  totalWater: number;
  visibleWater: number;
  /** Water cells per height z. */
  waterPerLevel: number[];
}

/** Highest rock z per column (−1 when the column holds no rock). */
function rockTops(world: World): Int16Array {
  const { side, cells } = world;
  const layer = side * side;
  const tops = new Int16Array(layer).fill(-1);
  for (let i = 0; i < cells.length; i++) if (cells[i] === ROCK) tops[i % layer] = Math.floor(i / layer);
  return tops;
}

export function measure(world: World): Measures {
  const { side, cells } = world;
  const layer = side * side;
  const tops = rockTops(world);
  const { label, count } = components(side, cells.length, (i) => cells[i] === WATER);
  const bodies: Body[] = Array.from({ length: count }, () => ({
    cells: [],
    volume: 0,
    bottom: LAYERS,
    top: -1,
    depth: 0,
    surfaceArea: 0,
    visible: 0,
    perLevel: new Array<number>(LAYERS).fill(0),
  }));
  const waterPerLevel = new Array<number>(LAYERS).fill(0);
  for (let i = 0; i < cells.length; i++) {
    const c = label[i] as number;
    if (c < 0) continue;
    const b = bodies[c] as Body;
    const z = Math.floor(i / layer);
    b.cells.push(i);
    b.volume++;
    b.bottom = Math.min(b.bottom, z);
    b.top = Math.max(b.top, z);
    b.perLevel[z] = (b.perLevel[z] as number) + 1;
    waterPerLevel[z] = (waterPerLevel[z] as number) + 1;
    if (z === LAYERS - 1 || cells[i + layer] !== WATER) b.surfaceArea++;
    if ((tops[i % layer] as number) < z) b.visible++;
  }
  for (const b of bodies) b.depth = b.top - b.bottom + 1;
  return {
    bodies,
    totalWater: bodies.reduce((s, b) => s + b.volume, 0),
    visibleWater: bodies.reduce((s, b) => s + b.visible, 0),
    waterPerLevel,
  };
}

/**
 * The largest dry centre a body surrounds: among the columns holding none of its water, the
 * 4-connected groups that touch no outer-ring column and hold no water of any body; their largest size.
 */
export function enclosedDry(world: World, body: Body): number {
  const { side, cells } = world;
  const layer = side * side;
  const own = new Uint8Array(layer);
  for (const i of body.cells) own[i % layer] = 1;
  const wet = new Uint8Array(layer);
  for (let i = 0; i < cells.length; i++) if (cells[i] === WATER) wet[i % layer] = 1;
  const seen = new Uint8Array(layer);
  let best = 0;
  const stack: number[] = [];
  for (let s = 0; s < layer; s++) {
    if (own[s] === 1 || seen[s] === 1) continue;
    seen[s] = 1;
    stack.push(s);
    let size = 0;
    let ok = true;
    while (stack.length > 0) {
      const k = stack.pop() as number;
      size++;
      const x = k % side;
      const y = Math.floor(k / side);
      if (x === 0 || y === 0 || x === side - 1 || y === side - 1 || wet[k] === 1) ok = false;
      const near = [
        x > 0 ? k - 1 : -1,
        x < side - 1 ? k + 1 : -1,
        y > 0 ? k - side : -1,
        y < side - 1 ? k + side : -1,
      ];
      for (const n of near)
        if (n >= 0 && own[n] === 0 && seen[n] === 0) {
          seen[n] = 1;
          stack.push(n);
        }
    }
    if (ok) best = Math.max(best, size);
  }
  return best;
}
