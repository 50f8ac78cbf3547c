import { LAYERS } from "./schema.ts";
import { AIR, components, ROCK, WATER, type World } from "./world.ts";

/**
 * The free cells (not rock) at heights ≤ t, grouped into face-connected components. Rock does not
 * move during rain, so these groups are fixed; `order` lists each group's cells by ascending index
 * (z, then y, then x) and `next` points at the first of them that may still be air.
 */
interface Reach {
  label: Int32Array;
  drains: Uint8Array;
  next: Int32Array;
  order: Int32Array;
}

function reachAt(world: World, t: number): Reach {
  const { side, cells } = world;
  const size = side * side * (t + 1);
  const { label, count } = components(side, size, (i) => cells[i] !== ROCK);
  const drains = new Uint8Array(count);
  const start = new Int32Array(count + 1);
  for (let i = 0; i < size; i++) {
    const c = label[i] as number;
    if (c < 0) continue;
    start[c + 1] = (start[c + 1] as number) + 1;
    const x = i % side;
    const y = Math.floor(i / side) % side;
    if (x === 0 || y === 0 || x === side - 1 || y === side - 1) drains[c] = 1;
  }
  for (let c = 0; c < count; c++) start[c + 1] = (start[c + 1] as number) + (start[c] as number);
  const next = start.slice(0, count);
  const order = new Int32Array(start[count] as number);
  const fill = next.slice();
  for (let i = 0; i < size; i++) {
    const c = label[i] as number;
    if (c < 0) continue;
    order[fill[c] as number] = i;
    fill[c] = (fill[c] as number) + 1;
  }
  return { label, drains, next, order };
}

export type DropOutcome = "settled" | "drained" | "lost";

export interface RainStats {
  settled: number;
  drained: number;
  lost: number;
  /** Drops let fall at the centre column (after the one drop per column). */
  centreDrops: number;
}

/** Rains on a world whose rock has settled, turning air into water; see the prompt for the rules. */
export class Rain {
  private readonly reach: Reach[];
  readonly stats: RainStats = { settled: 0, drained: 0, lost: 0, centreDrops: 0 };

  constructor(private readonly world: World) {
    this.reach = Array.from({ length: LAYERS }, (_, t) => reachAt(world, t));
  }

  /** One drop into column (x, y). */
  drop(x: number, y: number): DropOutcome {
    const { side, cells } = this.world;
    const layer = side * side;
    let z = LAYERS - 1;
    let i = x + side * y + layer * z;
    if (cells[i] !== AIR) return this.count("lost");
    while (z > 0 && cells[i - layer] === AIR) {
      z--;
      i -= layer;
    }
    const r = this.reach[z] as Reach;
    const c = r.label[i] as number;
    if (r.drains[c] === 1) return this.count("drained");
    let p = r.next[c] as number;
    while (cells[r.order[p] as number] !== AIR) p++;
    r.next[c] = p;
    cells[r.order[p] as number] = WATER;
    return this.count("settled");
  }

  /** One drop per column (y outer, x inner), then drops at the centre until one does not settle. */
  fall(): RainStats {
    const { side } = this.world;
    for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) this.drop(x, y);
    const centre = Math.floor(side / 2);
    const limit = side * side * LAYERS;
    while (this.stats.centreDrops < limit) {
      this.stats.centreDrops++;
      if (this.drop(centre, centre) !== "settled") break;
    }
    return this.stats;
  }

  private count(outcome: DropOutcome): DropOutcome {
    this.stats[outcome]++;
    return outcome;
  }
}
