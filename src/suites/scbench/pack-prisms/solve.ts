import { type Box, type PrismClass, totalVolume } from "./schema.ts";

type Triple = [number, number, number];

/** Distinct orientations of a prism: the distinct permutations of its sides. */
export function orientationsOf(size: readonly number[]): Triple[] {
  const [a, b, c] = size as Triple;
  const all: Triple[] = [
    [a, b, c],
    [a, c, b],
    [b, a, c],
    [b, c, a],
    [c, a, b],
    [c, b, a],
  ];
  const seen = new Set<string>();
  return all.filter((o) => {
    const k = o.join(",");
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Boxes L ≤ W ≤ H of volume exactly `volume` that every class fits into. */
function boxesOfVolume(volume: number, classes: readonly PrismClass[]): Triple[] {
  const out: Triple[] = [];
  for (let l = 1; l * l * l <= volume; l++) {
    if (volume % l !== 0) continue;
    const rest = volume / l;
    for (let w = l; w * w <= rest; w++) {
      if (rest % w !== 0) continue;
      const h = rest / w;
      if (classes.every((c) => c.size[0] <= l && c.size[1] <= w && c.size[2] <= h)) out.push([l, w, h]);
    }
  }
  return out;
}

/** Whether `span` is a sum of the given side lengths (repetition allowed). */
function spanReachable(span: number, sides: readonly number[]): boolean {
  const ok = new Array<boolean>(span + 1).fill(false);
  ok[0] = true;
  for (let s = 1; s <= span; s++) ok[s] = sides.some((d) => d <= s && ok[s - d] === true);
  return ok[span] === true;
}

/**
 * The divisibility argument: a perfect box of the total volume needs each of its sides to be a
 * sum of prism sides (a line through a perfect packing crosses whole prisms), and every prism to
 * fit inside it. Returns the boxes that survive; none means a perfect box is impossible.
 */
export function perfectCandidates(classes: readonly PrismClass[]): Triple[] {
  const sides = [...new Set(classes.flatMap((c) => c.size))];
  return boxesOfVolume(totalVolume(classes), classes).filter((b) => b.every((s) => spanReachable(s, sides)));
}

interface Fill {
  boxes: Box[];
  nodes: number;
}

/**
 * Depth-first filling of an L×W×H box, always covering its first empty cell (z, then y, then
 * x order): a prism there must have its min corner on that cell, so this is exact for perfect
 * packings; `waste` cells may be left empty instead.
 */
function fillBox(
  dims: Triple,
  classes: readonly PrismClass[],
  waste: number,
  nodeLimit: number,
): Fill | null {
  const [L, W, H] = dims;
  const grid = new Uint8Array(L * W * H);
  const order = classes
    .map((c, i) => ({ i, vol: c.size[0] * c.size[1] * c.size[2], orients: orientationsOf(c.size) }))
    .sort((a, b) => b.vol - a.vol);
  const left = classes.map((c) => c.count);
  const placed: Box[] = [];
  let remaining = classes.reduce((s, c) => s + c.count, 0);
  let nodes = 0;
  let wasteLeft = waste;

  const fits = (x: number, y: number, z: number, o: Triple): boolean => {
    if (x + o[0] > L || y + o[1] > W || z + o[2] > H) return false;
    for (let dz = 0; dz < o[2]; dz++)
      for (let dy = 0; dy < o[1]; dy++)
        for (let dx = 0; dx < o[0]; dx++) if (grid[x + dx + L * (y + dy + W * (z + dz))] !== 0) return false;
    return true;
  };
  const mark = (x: number, y: number, z: number, o: Triple, v: number): void => {
    for (let dz = 0; dz < o[2]; dz++)
      for (let dy = 0; dy < o[1]; dy++)
        for (let dx = 0; dx < o[0]; dx++) grid[x + dx + L * (y + dy + W * (z + dz))] = v;
  };

  const search = (from: number): boolean => {
    if (remaining === 0) return true;
    if (++nodes > nodeLimit) return false;
    let p = from;
    while (p < grid.length && grid[p] !== 0) p++;
    if (p === grid.length) return false;
    const x = p % L;
    const y = Math.floor(p / L) % W;
    const z = Math.floor(p / (L * W));
    for (const c of order) {
      if (left[c.i] === 0) continue;
      for (const o of c.orients) {
        if (!fits(x, y, z, o)) continue;
        mark(x, y, z, o, 1);
        left[c.i] = (left[c.i] as number) - 1;
        remaining--;
        placed.push({ min: [x, y, z], max: [x + o[0], y + o[1], z + o[2]] });
        if (search(p + 1)) return true;
        placed.pop();
        remaining++;
        left[c.i] = (left[c.i] as number) + 1;
        mark(x, y, z, o, 0);
        if (nodes > nodeLimit) return false;
      }
    }
    if (wasteLeft > 0) {
      wasteLeft--;
      grid[p] = 2;
      if (search(p + 1)) return true;
      grid[p] = 0;
      wasteLeft++;
    }
    return false;
  };
  return search(0) ? { boxes: placed, nodes } : null;
}

export interface Packing {
  boxes: Box[];
  efficiency: number;
  perfect: "found" | "ruled-out" | "unknown";
  nodes: number;
}

/** A row of all prisms side by side: always valid, the last resort. */
function rowPacking(classes: readonly PrismClass[]): Box[] {
  const boxes: Box[] = [];
  let x = 0;
  for (const c of classes)
    for (let k = 0; k < c.count; k++) {
      boxes.push({ min: [x, 0, 0], max: [x + c.size[0], c.size[1], c.size[2]] });
      x += c.size[0];
    }
  return boxes;
}

export function boundingVolume(boxes: readonly Box[]): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const b of boxes)
    for (let a = 0; a < 3; a++) {
      lo[a] = Math.min(lo[a] as number, b.min[a] as number);
      hi[a] = Math.max(hi[a] as number, b.max[a] as number);
    }
  return (
    ((hi[0] as number) - (lo[0] as number)) *
    ((hi[1] as number) - (lo[1] as number)) *
    ((hi[2] as number) - (lo[2] as number))
  );
}

const cubeness = (b: Triple): number => b[0] * b[1] + b[1] * b[2] + b[0] * b[2];

/**
 * The reference packer: an exact search over the perfect boxes the divisibility argument leaves,
 * then the same search with a growing allowance of empty cells in slightly larger boxes (up to
 * 1/0.8 of the prism volume), then a plain row.
 */
export function packPrisms(classes: readonly PrismClass[], nodeLimit = 20_000): Packing {
  const volume = totalVolume(classes);
  const candidates = perfectCandidates(classes).sort((a, b) => cubeness(a) - cubeness(b));
  let nodes = 0;
  for (const dims of candidates) {
    const fill = fillBox(dims, classes, 0, nodeLimit);
    nodes += fill?.nodes ?? nodeLimit;
    if (fill) return { boxes: fill.boxes, efficiency: 1, perfect: "found", nodes };
  }
  const perfect = candidates.length === 0 ? "ruled-out" : "unknown";
  for (let t = volume + 1; t <= volume / 0.8; t++) {
    for (const dims of boxesOfVolume(t, classes).sort((a, b) => cubeness(a) - cubeness(b))) {
      const fill = fillBox(dims, classes, t - volume, nodeLimit);
      nodes += fill?.nodes ?? nodeLimit;
      if (fill) return { boxes: fill.boxes, efficiency: volume / boundingVolume(fill.boxes), perfect, nodes };
    }
  }
  const row = rowPacking(classes);
  return { boxes: row, efficiency: volume / boundingVolume(row), perfect, nodes };
}
